/**
 * The exported SCXML runs in a standard interpreter as the machine does (ADR 0076): every
 * edge-cover path of every registered machine (and of its input variants) is replayed in SCION
 * on the chart `npm run statecharts` writes, in lockstep with the machine. Before every step each
 * guard the event meets must agree with its chart condition; after it SCION's configuration must
 * be the state XState reached, the data the chart assigns (request types among them) must equal
 * XState's context, and a final's `<donedata>` must equal the machine's output.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { machineRegistry, type MachineEntry } from '../../machines/registry';
import { buildModelGraph, variantEntries } from '../../scripts/mbt/model-graph';
import { edgeCoverPaths } from '../../scripts/mbt/path-generators';
import { buildChartModel } from '../../scripts/statecharts/chart-model';
import { compileScxml } from '../../scripts/statecharts/scion';
import { replayInScion, type ScionMismatch } from '../../scripts/statecharts/scion-replay';
import { scxmlInitialData, toScxml } from '../../scripts/statecharts/scxml-export';

// Each machine's paths are replayed twice (XState and SCION); the apply flows take seconds on two shared cores.
const REPLAY_TIMEOUT = 120_000;

const figures: string[] = [];

afterAll(() => {
  console.info(`SCION replay: ${figures.join('; ')}`);
});

describe.each(machineRegistry.map((e) => [e.id, e] as const))('%s', (_id, entry) => {
  it('replays every generated path in SCION with XState\'s configuration and assigned data after each step', async () => {
    const started = performance.now();
    const model = await compileScxml(`${entry.id}.scxml`, toScxml(buildChartModel(entry), entry));
    const mismatches: ScionMismatch[] = [];
    let paths = 0;
    let steps = 0;
    for (const input of [entry, ...variantEntries(entry)] as MachineEntry[]) {
      const params = scxmlInitialData(input);
      for (const path of edgeCoverPaths(buildModelGraph(input)).paths) {
        paths += 1;
        steps += path.steps.length - 1;
        const mismatch = await replayInScion(input, model, path, params);
        if (mismatch) mismatches.push(mismatch);
      }
    }
    figures.push(`${entry.id} ${paths} paths / ${steps} steps in ${Math.round(performance.now() - started)} ms`);
    expect(mismatches.slice(0, 5), `${mismatches.length} of ${paths} paths diverge`).toEqual([]);
  }, REPLAY_TIMEOUT);
});
