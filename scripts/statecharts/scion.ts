/**
 * The SCION interpreter (@scion-scxml/scxml, ADR 0076) with the few types this project uses:
 * compile a document, run a session, register the invoker of the named services.
 */
import { createRequire } from 'node:module';

export type ScionEvent = { name: string; data?: unknown; invokeid?: string };
export type ScionStatechart = {
  start(): void;
  gen(event: ScionEvent): void;
  getConfiguration(): string[];
  getSnapshot(): [unknown, unknown, boolean, Record<string, unknown>, unknown];
  on(event: 'onError', listener: (error: unknown) => void): void;
};
export type ScionModel = unknown;
export type Invoker = (
  session: unknown,
  invoke: { id: string; params?: unknown },
  context: unknown,
  done: (error: unknown, session: unknown) => void,
) => void;
type Scion = {
  documentStringToModel(url: string, text: string, cb: (error: unknown, model: { prepare(cb: (error: unknown, fn: ScionModel) => void, context: object): void }) => void): void;
  core: {
    Statechart: new (model: ScionModel, options: { params?: Record<string, unknown> }) => ScionStatechart;
    InterpreterScriptingContext: { invokers: Record<string, Invoker> };
  };
};

export const scion = createRequire(import.meta.url)('@scion-scxml/scxml') as Scion;

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(JSON.stringify(error));
}

/** Compiles an SCXML document; `url` is where its child charts (`<invoke src>`) are resolved from. */
export function compileScxml(url: string, text: string): Promise<ScionModel> {
  return new Promise((resolve, reject) => {
    scion.documentStringToModel(url, text, (error, model) => {
      if (error) return reject(asError(error));
      model.prepare((prepareError, fn) => (prepareError ? reject(asError(prepareError)) : resolve(fn)), {});
    });
  });
}
