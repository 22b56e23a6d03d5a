// @vitest-environment jsdom
import { createActor, setup, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { MachineEntry } from '../../machines/registry';
import { buildCoverageReport } from '../../scripts/mbt/coverage-report';
import { TraceBuilder } from '../../machines/mbt/coverage-trace';
import { computeUniverse } from '../../scripts/mbt/coverage-universe';
import { buildModelGraph, variantEntries } from '../../scripts/mbt/model-graph';
import { edgeCoverPaths, minimumRuns, randomWalk, transitionTour, type ModelPath } from '../../scripts/mbt/path-generators';
import { replayPath } from '../../scripts/mbt/path-replay';
import { toJUnitXml, toReportHtml } from '../../scripts/mbt/report-writers';
import { fixtureRegistry } from './fixtures/fixture-registry';

const entry = (id: string): MachineEntry => {
  const found = fixtureRegistry.find((e) => e.id === id);
  if (!found) throw new Error(`no fixture ${id}`);
  return found;
};
const apply = entry('fixtureApply');
const cancel = entry('fixtureCancel');

describe('model graph', () => {
  it('fails loudly when a state listens to an event type without a payload fixture', () => {
    const withoutError = { ...cancel, events: cancel.events.filter((e) => e.type !== 'xstate.error.actor.cancelService') };
    expect(() => buildModelGraph(withoutError)).toThrow(/no payload fixture.*\n.*xstate\.error\.actor\.cancelService/);
  });

  it('synthesizes after events and takes no transition out of a final state', () => {
    const graph = buildModelGraph({ ...apply, events: apply.events.filter((e) => !e.type.startsWith('xstate.after.')) });
    expect(graph.edges.some((e) => e.event.type === 'xstate.after.1800000.fixtureApply.redirectingToProvider')).toBe(true);
    const finals = [...graph.vertices].filter(([, s]) => s.status === 'done').map(([k]) => k);
    expect(finals.length).toBeGreaterThan(0);
    for (const key of finals) expect(graph.outgoing.get(key)).toEqual([]);
  });
});

describe('replay', () => {
  const graph = buildModelGraph(apply);
  const paths = edgeCoverPaths(graph).paths;
  const viaCard = paths.find((p) => p.steps.some((s) => s.event.type === 'xstate.after.1800000.fixtureApply.redirectingToProvider'));

  it('resolves invokes, fires after-delays on a simulated clock and records eventless transitions', async () => {
    if (!viaCard) throw new Error('no path through the after-delay');
    const trace = new TraceBuilder(apply.id, viaCard.name);
    await replayPath(apply, viaCard, trace);
    expect(trace.transitions).toContain('fixtureApply.redirectingToProvider|xstate.after.1800000.fixtureApply.redirectingToProvider|0');
    expect(trace.transitions).toContain('fixtureApply.deciding|always|0');
    expect(trace.guards).toContain('isCreditCard@fixtureApply.deciding|always|0=true');
    expect(trace.states).toContain('fixtureApply.deciding');
  });

  it('fails at the step where the actor leaves the path', async () => {
    if (!viaCard) throw new Error('no path through the after-delay');
    const last = viaCard.steps[viaCard.steps.length - 1];
    if (!last) throw new Error('empty path');
    const wrong: ModelPath = { name: 'wrong', steps: [...viaCard.steps.slice(0, -1), { ...last, state: '{"value":"completed"}' }] };
    await expect(replayPath(apply, wrong, new TraceBuilder(apply.id, 'wrong'))).rejects.toThrow(/expected \{"value":"completed"\}, reached/);
  });

  it('fails when a done step names an actor that is not running', async () => {
    const path: ModelPath = {
      name: 'stray',
      steps: [
        { event: { type: 'xstate.init' }, state: '{"value":"inform"}', value: 'inform' },
        { event: { type: 'xstate.done.actor.cancelService' }, state: '{"value":"completed"}', value: 'completed' },
      ],
    };
    const serializeAll = { ...cancel, serializeState: (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value as unknown }) };
    await expect(replayPath(serializeAll, path, new TraceBuilder(cancel.id, 'stray'))).rejects.toThrow(/no invoked actor "cancelService" is running/);
  });
});

describe('trace builder', () => {
  it('records the guard evaluated false when the else-branch is taken', () => {
    const actor = createActor(cancel.machine).start();
    actor.send({ type: 'wizard.next' });
    const trace = new TraceBuilder(cancel.id, 't');
    const refused: EventObject & { agreed: boolean } = { type: 'wizard.submit', agreed: false };
    trace.visitEvent(actor.getSnapshot() as AnyMachineSnapshot, refused);
    expect([...trace.guards]).toEqual(['hasAgreed@fixtureCancel.confirm.reviewing|wizard.submit|0=false']);
    expect([...trace.transitions]).toEqual(['fixtureCancel.confirm.reviewing|wizard.submit|1']);
    actor.stop();
  });

  it('records every eventless guard of a snapshot at rest as false, the last candidate included', () => {
    const machine = setup({ guards: { isA: () => false, isB: () => false } }).createMachine({
      id: 'resting',
      initial: 'waiting',
      states: { waiting: { always: [{ guard: 'isA', target: 'a' }, { guard: 'isB', target: 'b' }] }, a: {}, b: {} },
    });
    const actor = createActor(machine).start();
    const trace = new TraceBuilder('resting', 't');
    trace.visitSettled(actor.getSnapshot() as AnyMachineSnapshot);
    expect([...trace.guards].sort()).toEqual(['isA@resting.waiting|always|0=false', 'isB@resting.waiting|always|1=false']);
    actor.stop();
  });
});

describe('generators', () => {
  const graph = buildModelGraph(cancel);

  it('covers every edge with fewer resets in the tour than in the edge cover', () => {
    const cover = edgeCoverPaths(graph);
    const tour = transitionTour(graph);
    expect(cover.paths).toHaveLength(graph.edges.length);
    expect(cover.edgesCovered).toBe(graph.edges.length);
    expect(tour.edgesCovered).toBe(graph.edges.length);
    expect(tour.resets).toBeLessThan(cover.resets);
    expect(tour.steps).toBeLessThan(cover.steps);
    expect(tour.paths).toHaveLength(minimumRuns(graph));
  });

  it('walks randomly but reproducibly for a seed until the edge coverage target', () => {
    const a = randomWalk(graph, { seed: 7 });
    const b = randomWalk(graph, { seed: 7 });
    expect(a.paths.map((p) => p.name)).toEqual(b.paths.map((p) => p.name));
    expect(a.edgesCovered).toBe(graph.edges.length);
    const half = randomWalk(graph, { seed: 7, edgeCoverage: 50 });
    expect(half.edgesCovered).toBe(Math.ceil(graph.edges.length / 2));
    expect(half.stopCondition).toBe('edge_coverage(50) or length(10000)');
  });
});

describe('coverage report', () => {
  const graph = buildModelGraph(cancel);
  const universe = computeUniverse(cancel, graph);
  const meta = { run: 't', source: 'test', generator: 'g', stopCondition: 's', generatedAt: '2026-11-21T00:00:00Z' };

  it('counts a requirement as failed when a test visiting it failed, and lists what was not visited', () => {
    const trace = new TraceBuilder(cancel.id, 'inform only');
    trace.states.add('fixtureCancel.inform');
    const report = buildCoverageReport([universe], [trace.toTrace('failed', 'boom')], meta);
    const model = report.models[0];
    expect(model?.status).toBe('failed');
    expect(model?.requirementsFailed).toEqual(['ADB-CANCEL-001']);
    expect(model?.requirementsNotCovered).toEqual(['ADB-CANCEL-002', 'ADB-CANCEL-003', 'ADB-CANCEL-004']);
    expect(model?.vertices).toMatchObject({ total: 6, visited: 1, unvisited: 5, coverage: 16.6 });
    expect(model?.edges.notVisited.map((i) => i.key)).toContain('fixtureCancel.inform|wizard.next|0');
    const junit = new DOMParser().parseFromString(toJUnitXml(report), 'application/xml');
    expect(junit.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(junit.getElementsByTagName('failure').length).toBeGreaterThanOrEqual(5);
    expect(toReportHtml(report)).toContain('未カバーの要件');
  });

  it('marks a flow without traces as not executed', () => {
    expect(buildCoverageReport([universe], [], meta).models[0]?.status).toBe('notExecuted');
  });
});

describe('invariants and variants', () => {
  const neverConfirm: MachineEntry = {
    ...cancel,
    invariants: [
      { id: 'fixtureCancel.always', description: '常に成り立つ', check: () => undefined },
      {
        id: 'fixtureCancel.never-confirm',
        description: '確認画面に来ないこと（テスト用）',
        check: (snapshot) => (snapshot.matches('confirm') ? 'reached confirm' : undefined),
      },
    ],
  };
  const graph = buildModelGraph(neverConfirm);
  const toConfirm = edgeCoverPaths(graph).paths.find((p) => p.steps.some((s) => JSON.stringify(s.value).includes('confirm')));
  const meta = { run: 't', source: 'test', generator: 'g', stopCondition: 's', generatedAt: '2026-11-21T00:00:00Z' };

  it('checks every invariant after every step and fails the path at the first violation', async () => {
    if (!toConfirm) throw new Error('no path to confirm');
    const trace = new TraceBuilder(cancel.id, toConfirm.name);
    await expect(replayPath(neverConfirm, toConfirm, trace)).rejects.toThrow(
      /invariant violated:\n {2}fixtureCancel\.never-confirm（確認画面に来ないこと（テスト用））: reached confirm\n {2}at step 1/,
    );
    // The initial snapshot and the violating step were both checked.
    expect(trace.invariantChecks.get('fixtureCancel.always')).toBe(2);
    expect(trace.violations).toEqual([{ invariant: 'fixtureCancel.never-confirm', step: 1, message: 'reached confirm' }]);

    const report = buildCoverageReport([computeUniverse(neverConfirm, graph)], [trace.toTrace('failed', 'boom')], meta);
    const model = report.models[0];
    expect(model?.status).toBe('failed');
    expect(model?.failures).toEqual([
      { test: toConfirm.name, error: 'fixtureCancel.never-confirm: reached confirm', invariant: 'fixtureCancel.never-confirm', step: 1 },
    ]);
    expect(model?.invariants).toMatchObject({ total: 2, held: 1, violated: 1, notChecked: 0, checks: 4 });
    expect(report.totals.invariants).toMatchObject({ total: 2, violated: 1 });
    expect(toJUnitXml(report)).toMatch(/name="invariants checked and held"><failure[^>]*>fixtureCancel\.never-confirm violated/);
    expect(toReportHtml(report)).toContain('不変条件 (invariants)');
  });

  it('reports an invariant no test checked as not checked; the flow is incomplete only if the run checks invariants', () => {
    const full = computeUniverse(cancel, buildModelGraph(cancel));
    const universe = { ...full, invariants: [{ key: 'fixtureCancel.always', name: '常に成り立つ' }] };
    const everything = () => {
      const trace = new TraceBuilder(cancel.id, 'all');
      for (const s of full.states) trace.states.add(s.key);
      for (const t of full.transitions) trace.transitions.add(t.key);
      for (const g of full.guardOutcomes) trace.guards.add(g.key);
      return trace;
    };
    // A browser run: nothing checks invariants there.
    const browser = buildCoverageReport([universe], [everything().toTrace('passed')], meta).models[0];
    expect(browser?.invariants.items).toEqual([
      { id: 'fixtureCancel.always', description: '常に成り立つ', checks: 0, violations: 0, status: 'notChecked' },
    ]);
    expect(browser?.status).toBe('completed');
    // A replay run that checked other rules but never this one.
    const replay = everything();
    replay.visitInvariant('fixtureCancel.other', 0, undefined);
    const model = buildCoverageReport([universe], [replay.toTrace('passed')], meta).models[0];
    expect(model?.invariants.notChecked).toBe(1);
    expect(model?.status).toBe('incomplete');
  });

  it('turns variants into entries of the same machine with their own input and title', () => {
    const withVariant: MachineEntry = { ...neverConfirm, variants: [{ title: '別の入力', input: { other: true } }] };
    const [variant, ...rest] = variantEntries(withVariant);
    expect(rest).toEqual([]);
    expect(variant).toMatchObject({ id: cancel.id, machine: cancel.machine, title: `${cancel.title}（別の入力）`, input: { other: true } });
    expect(variant?.invariants).toBe(neverConfirm.invariants);
    expect(variant?.variants).toEqual([]);
  });
});
