/**
 * Graph generation for all machines: `buildModelGraph` (xstate/graph's adjacency map plus our
 * edges and refusals) for every registry entry and input variant, as the model-based run does.
 */
import { machineRegistry } from '../../machines/registry';
import { buildModelGraph, variantEntries } from '../mbt/model-graph';

export type GraphReport = {
  totalMs: number;
  /** The process's CPU time over the same span: on a shared box the wall time also counts other processes' turns. */
  totalCpuMs: number;
  machines: { id: string; title: string; vertices: number; edges: number; ms: number }[];
};

export function measureGraphs(): GraphReport {
  const machines: GraphReport['machines'] = [];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const entry of machineRegistry.flatMap((e) => [e, ...variantEntries(e)])) {
    const t = performance.now();
    const graph = buildModelGraph(entry);
    machines.push({ id: entry.id, title: entry.title, vertices: graph.vertices.size, edges: graph.edges.length, ms: performance.now() - t });
  }
  const cpu = process.cpuUsage(cpuStarted);
  return { totalMs: performance.now() - started, totalCpuMs: (cpu.user + cpu.system) / 1000, machines };
}
