/**
 * Model-based run: every registered flow (or the fixture flows while the registry is empty)
 * is explored, one edge-cover path per explored edge is replayed as its own test, and the
 * coverage of states, transitions, guard outcomes and cited requirements must be 100 %.
 * The entry's invariants (business rules) are checked after every replayed step and must
 * never be violated. 1-switch pairs are reported, not enforced. Input variants of a machine
 * (MachineEntry.variants) are explored and replayed in full as well: they reach guard
 * outcomes the main input cannot, and the invariants must hold under their input too.
 * Each replayed step is also judged by the spec oracle (test/mbt/oracle/, ADR 0077), which
 * does not read the machines: the step, page, request type and operation code the spec's tables
 * and the flow documents give, the flow guard's answer at the path's end, and every transition
 * the spec states taken by some path. The report goes to reports/coverage/<run>/ (MBT_RUN,
 * default `vitest`).
 */
import { join } from 'node:path';
import type { AnyMachineSnapshot } from 'xstate';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCoverageReport, type ModelResult } from '../../scripts/mbt/coverage-report';
import { TraceBuilder, type CoverageTrace } from '../../machines/mbt/coverage-trace';
import { computeUniverse, type CoverageUniverse } from '../../scripts/mbt/coverage-universe';
import { buildModelGraph, variantEntries, type ModelGraph } from '../../scripts/mbt/model-graph';
import type { MachineEntry } from '../../machines/registry';
import { edgeCoverPaths, minimumRuns, randomWalk, transitionTour, type ModelPath } from '../../scripts/mbt/path-generators';
import { replayPath } from '../../scripts/mbt/path-replay';
import { COVERAGE_ROOT, writeCoverageReport } from '../../scripts/mbt/report-writers';
import { modelEntries } from './model-entries';
import { oracleFor } from './oracle/flow-oracles';
import { accessProblems, flowGuardProblems, reloadProblems } from './oracle/navigation-oracle';
import { persistDecision } from '../../machines/persistence';
import { PathOracle, specRules } from './oracle/path-oracle';

const { entries, source } = modelEntries();
const run = process.env.MBT_RUN ?? 'vitest';
const GENERATOR = 'edge_cover(shortest_prefix + edge)';
const STOP = 'edge_coverage(100)';

const started = performance.now();
const graphs = new Map<string, ModelGraph>(entries.map((e) => [e.id, buildModelGraph(e)]));
const variantGraphs = new Map(entries.map((e) => [e.id, variantEntries(e).map((v) => buildModelGraph(v))]));
const graphMs = Math.round(performance.now() - started);
const universes = new Map<string, CoverageUniverse>(entries.map((e) => [e.id, computeUniverse(e, graphs.get(e.id) as ModelGraph)]));
const traces: CoverageTrace[] = [];

function reportFor(id: string): ModelResult {
  const universe = universes.get(id) as CoverageUniverse;
  const report = buildCoverageReport([universe], traces, { run, source, generator: GENERATOR, stopCondition: STOP });
  return report.models[0] as ModelResult;
}

describe.each(entries.map((e) => [`${e.title}（${e.id}）`, e] as const))('%s', (_title, entry) => {
  const graph = graphs.get(entry.id) as ModelGraph;
  const walk = edgeCoverPaths(graph);
  const variants = (variantGraphs.get(entry.id) ?? []).map((g) => ({ graph: g, walk: edgeCoverPaths(g) }));
  const cases: [string, MachineEntry, ModelPath][] = walk.paths.map((p) => [p.name, entry, p]);
  // Every path of a variant, not only what the main input lacks: vertices may coincide while
  // the context (the input) differs, and the invariants must hold there too.
  for (const variant of variants) {
    for (const path of variant.walk.paths) cases.push([`${variant.graph.entry.title}: ${path.name}`, variant.graph.entry, path]);
  }

  it('explores a finite graph with one edge-cover path per explored edge', () => {
    for (const { graph: g, walk: w } of [{ graph, walk }, ...variants]) {
      expect(g.vertices.size, `${g.entry.title}: vertices`).toBeGreaterThan(1);
      expect(w.paths.filter((p) => !p.refused).length, `${g.entry.title}: paths`).toBe(g.edges.length);
      expect(w.edgesCovered, `${g.entry.title}: edges covered`).toBe(g.edges.length);
    }
  });

  const oracle = oracleFor(entry.id);
  const rulesTaken = new Set<string>();

  it.each(cases)('%s', async (name, model, path) => {
    const trace = new TraceBuilder(entry.id, name);
    try {
      const spec = new PathOracle(oracle, model.input, rulesTaken);
      let last: AnyMachineSnapshot | undefined;
      // What the app keeps in sessionStorage as the path goes (machines/persistence.ts).
      let stored: AnyMachineSnapshot | undefined;
      const reloads: { at: AnyMachineSnapshot; stored: AnyMachineSnapshot | undefined }[] = [];
      await replayPath(model, path, trace, (step) => {
        last = step.after;
        const kept = persistDecision(step.after);
        if (kept === 'store') stored = step.after;
        if (kept === 'remove') stored = undefined;
        reloads.push({ at: step.after, stored });
        return spec.observe(step);
      });
      // A reload after every step of the path, as the customer may press it anywhere.
      const reload = (await Promise.all(reloads.map(({ at, stored: kept }) => reloadProblems(entry.id, at, kept)))).flat();
      if (reload.length > 0) throw new Error(`a reload differs from the spec on ${name}:\n  ${[...new Set(reload)].join('\n  ')}`);
      // Each page of the path opened without a session, and from outside the portal.
      const access = (await Promise.all(reloads.map(({ at }) => accessProblems(entry.id, at)))).flat();
      if (access.length > 0) throw new Error(`opening a page differs from the spec on ${name}:\n  ${[...new Set(access)].join('\n  ')}`);
      const guard = last === undefined ? [] : await flowGuardProblems(entry.id, oracle.pages, last);
      if (guard.length > 0) throw new Error(`the flow guard differs from the spec at the end of ${name}:\n  ${guard.join('\n  ')}`);
      traces.push(trace.toTrace('passed'));
    } catch (error) {
      traces.push(trace.toTrace('failed', error instanceof Error ? error.message : String(error)));
      throw error;
    }
  });

  it('covers every state, transition, guard outcome and cited requirement, and every invariant held', () => {
    const result = reportFor(entry.id);
    const names = (c: ModelResult['vertices']) => c.notVisited.map((i) => i.name);
    const invariants = (status: 'violated' | 'notChecked') =>
      result.invariants.items.filter((i) => i.status === status).map((i) => `${i.id} ${i.description}`);
    console.info(
      `${entry.id}: states ${result.vertices.visited}/${result.vertices.total}, transitions ${result.edges.visited}/${result.edges.total}, ` +
        `guard outcomes ${result.guardOutcomes.visited}/${result.guardOutcomes.total}, requirements ${result.totalNumberOfPassedRequirement}/${result.totalNumberOfRequirement}, ` +
        `invariants ${result.invariants.held}/${result.invariants.total} held in ${result.invariants.checks} checks, ` +
        `1-switch ${result.oneSwitch.visited}/${result.oneSwitch.total}; ${result.tests.length} tests`,
    );
    expect(names(result.vertices), 'states not visited').toEqual([]);
    expect(names(result.edges), 'transitions not taken').toEqual([]);
    expect(names(result.guardOutcomes), 'guard outcomes not seen').toEqual([]);
    expect(result.requirementsNotCovered, 'requirements not covered').toEqual([]);
    expect(result.requirementsFailed, 'requirements whose tests failed').toEqual([]);
    expect(invariants('violated'), 'invariants violated').toEqual([]);
    expect(invariants('notChecked'), 'invariants never checked').toEqual([]);
    expect(result.failures, 'failures').toEqual([]);
  });

  it('takes every transition the spec states for the flow', () => {
    // A transition the flow document states but no generated path took: the machine lacks it.
    const missing = specRules(oracle).filter((rule) => !rulesTaken.has(rule));
    expect(missing, `spec transitions the machine never took: ${missing.join('; ')}`).toEqual([]);
  });

  it('generates a transition tour covering every explored edge with fewer resets', () => {
    const tour = transitionTour(graph);
    // Reported, not enforced: a random walk may stall below 100 % within its length limit.
    const random = randomWalk(graph, { seed: 20261121, maxSteps: 20_000 });
    expect(tour.edgesCovered).toBe(graph.edges.length);
    expect(tour.resets).toBeLessThanOrEqual(walk.resets);
    expect(tour.paths.length).toBeGreaterThanOrEqual(minimumRuns(graph));
    console.info(
      `${entry.id}: ${universes.get(entry.id)?.transitions.length} transitions, ${graph.edges.length} explored edges; ` +
        `edge cover ${walk.paths.length} paths / ${walk.steps} steps; tour ${tour.paths.length} runs (lower bound ${minimumRuns(graph)}) / ${tour.steps} steps; ` +
        `random(seed 20261121) ${random.paths.length} runs / ${random.steps} steps, ${random.edgesCovered}/${random.edgesTotal} edges`,
    );
  });
});

afterAll(() => {
  const report = buildCoverageReport([...universes.values()], traces, {
    run,
    source: `vitest (${source})`,
    generator: GENERATOR,
    stopCondition: STOP,
    timings: { graph: graphMs },
  });
  const files = writeCoverageReport(report, traces, join(COVERAGE_ROOT, run));
  console.info(`model graphs built in ${graphMs} ms; coverage report: ${files.join(', ')}`);
});
