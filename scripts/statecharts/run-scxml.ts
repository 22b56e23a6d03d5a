/**
 * Runs one exported chart in SCION, without the app, for an analyst (docs/testing.md):
 *
 *   npm run scxml -- docs/statecharts/anshinChangePayment/anshinChangePayment.scxml
 *
 * then one event a line: `wizard.next`, `payment.select {"method":"99"}`,
 * `done.invoke.loadContract {...the output...}`, `error.execution loadContract {"errorCode":null}`.
 * After each line it prints the active states and the data. Child charts run as SCION loads
 * them (their `src`); a named service only announces itself: its outcome is a line you type.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { compileScxml, scion, type ScionEvent } from './scion';
import { SERVICE_INVOKE_TYPE } from './scxml-export';

/** `name [invokeid] [json]` -> an SCXML event; `done.invoke.<id>` carries its invokeid itself. */
export function parseEventLine(line: string): ScionEvent {
  const [name = '', ...rest] = line.trim().split(/\s+/);
  let text = rest.join(' ');
  let invokeid = name.startsWith('done.invoke.') ? name.slice('done.invoke.'.length) : undefined;
  if (name === 'error.execution' && rest[0] && !rest[0].startsWith('{')) {
    invokeid = rest[0];
    text = rest.slice(1).join(' ');
  }
  const data: unknown = text === '' ? {} : JSON.parse(text);
  return invokeid === undefined ? { name, data } : { name, data, invokeid };
}

async function main(file: string | undefined): Promise<void> {
  if (!file) throw new Error('usage: npm run scxml -- <chart.scxml>');
  const path = resolve(file);
  scion.core.InterpreterScriptingContext.invokers[SERVICE_INVOKE_TYPE] = (_session, invoke, _context, done) => {
    console.info(`  service ${invoke.id} started; answer with done.invoke.${invoke.id} {...} or error.execution ${invoke.id} {"errorCode":...}`);
    done(null, { cancel() {} });
  };
  const model = await compileScxml(pathToFileURL(path).pathname, readFileSync(path, 'utf8'));
  const chart = new scion.core.Statechart(model, {});
  chart.on('onError', (error) => console.error('  error:', JSON.stringify(error)));
  const show = () => {
    const [, , , data] = chart.getSnapshot();
    console.info(`  states: ${chart.getConfiguration().join(' ') || '(ended)'}`);
    console.info(`  data: ${JSON.stringify(data)}`);
  };
  chart.start();
  show();
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() === '') continue;
    try {
      chart.gen(parseEventLine(line));
    } catch (error) {
      console.error(`  not an event: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    show();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv[2]).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
