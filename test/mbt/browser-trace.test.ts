// @vitest-environment jsdom
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullResult, TestCase, TestResult } from '@playwright/test/reporter';
import { createActor, createMachine, fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import XstateCoverageReporter, { XSTATE_TRACE_ATTACHMENT } from '../../e2e/support/coverage-reporter';
import { machineRegistry } from '../../machines/registry';
import { clearXstateTrace, xstateTraceInspector } from '../../src/demo/xstate-trace';
import type { CoverageReport } from '../../scripts/mbt/coverage-report';
import { computeUniverse } from '../../scripts/mbt/coverage-universe';
import { buildModelGraph } from '../../scripts/mbt/model-graph';
import { fixtureApplyMachine } from './fixtures/fixture-apply.machine';
import { fixtureCancelMachine } from './fixtures/fixture-cancel.machine';
import { fixtureRegistry } from './fixtures/fixture-registry';

function runCancelFlow() {
  const machine = fixtureCancelMachine.provide({
    actors: { cancelService: fromPromise(() => Promise.resolve<{ reservation: boolean }>({ reservation: false })) },
  });
  const actor = createActor(machine, { inspect: xstateTraceInspector('fixtureCancel') }).start();
  actor.send({ type: 'wizard.next' });
  actor.send({ type: 'wizard.submit', agreed: false });
  actor.send({ type: 'wizard.submit', agreed: true });
  return actor;
}

afterEach(() => {
  clearXstateTrace();
  window.__xstateTraceEnabled = false;
});

describe('browser trace', () => {
  it('records nothing and creates no inspector unless a test enabled tracing', () => {
    expect(xstateTraceInspector('fixtureCancel')).toBeUndefined();
    runCancelFlow().stop();
    expect(window.__xstateTrace?.traces ?? []).toEqual([]);
  });

  it('records states, transitions, guard outcomes and pairs into window and sessionStorage', async () => {
    window.__xstateTraceEnabled = true;
    const actor = runCancelFlow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.stop();
    const trace = window.__xstateTrace?.traces[0];
    expect(trace?.machineId).toBe('fixtureCancel');
    expect(trace?.states).toEqual(expect.arrayContaining(['fixtureCancel.confirm.submitting', 'fixtureCancel.completed']));
    expect(trace?.transitions).toEqual(
      expect.arrayContaining([
        'fixtureCancel.confirm.reviewing|wizard.submit|1',
        'fixtureCancel.confirm.submitting|xstate.done.actor.cancelService|1',
      ]),
    );
    expect(trace?.guards).toEqual(
      expect.arrayContaining([
        'hasAgreed@fixtureCancel.confirm.reviewing|wizard.submit|0=true',
        'isReservation@fixtureCancel.confirm.submitting|xstate.done.actor.cancelService|0=false',
      ]),
    );
    expect(trace?.pairs.length).toBeGreaterThan(0);
    const stored = JSON.parse(window.sessionStorage.getItem('__xstateTrace') ?? '{}') as { traces?: unknown[] };
    expect(stored.traces).toHaveLength(1);
  });

  it('records an invoked machine under its own id, apart from the flow that invoked it', async () => {
    window.__xstateTraceEnabled = true;
    const child = createMachine({
      id: 'fixtureChild',
      initial: 'waiting',
      states: { waiting: { on: { go: 'done' } }, done: { type: 'final' } },
    });
    const parent = createMachine({
      id: 'fixtureParent',
      initial: 'asking',
      states: {
        asking: { invoke: { id: 'child', src: child, onDone: 'finished' }, on: { forward: { actions: ({ self }) => self.getSnapshot().children.child?.send({ type: 'go' }) } } },
        finished: { type: 'final' },
      },
    });
    const actor = createActor(parent, { inspect: xstateTraceInspector('fixtureParent') }).start();
    actor.send({ type: 'forward' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('finished');
    actor.stop();
    const traces = new Map((window.__xstateTrace?.traces ?? []).map((trace) => [trace.machineId, trace]));
    expect(traces.get('fixtureChild')?.states).toEqual(['fixtureChild.done', 'fixtureChild.waiting']);
    expect(traces.get('fixtureChild')?.transitions).toEqual(['fixtureChild.waiting|go|0']);
    expect(traces.get('fixtureParent')?.states).toEqual(['fixtureParent.asking', 'fixtureParent.finished']);
  });

  it('names its 1-switch pairs as the model does, even where the model tells vertices apart by context', async () => {
    // fixtureApply's model vertices carry the payment method; the app's snapshots carry
    // whatever the customer entered. Both must still meet on the same pair keys.
    window.__xstateTraceEnabled = true;
    const machine = fixtureApplyMachine.provide({
      actors: {
        checkEligibility: fromPromise(() => Promise.resolve<{ eligible: boolean }>({ eligible: true })),
        registerService: fromPromise(() => Promise.resolve({ receiptNo: 'R-0001' })),
      },
    });
    const actor = createActor(machine, { inspect: xstateTraceInspector('fixtureApply') }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'payment.select', method: '01' });
    actor.send({ type: 'wizard.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('completed');
    actor.stop();
    const pairs = window.__xstateTrace?.traces[0]?.pairs ?? [];
    expect(pairs.length).toBeGreaterThanOrEqual(2);
    const entry = fixtureRegistry.find((e) => e.id === 'fixtureApply');
    if (!entry) throw new Error('no fixtureApply entry');
    const universe = new Set(computeUniverse(entry, buildModelGraph(entry)).oneSwitch.map((item) => item.key));
    expect(pairs.filter((pair) => !universe.has(pair))).toEqual([]);
  });
});

describe('Playwright coverage reporter', () => {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-coverage-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('merges attached traces into a GraphWalker-shaped report with the test outcome', () => {
    const first = machineRegistry[0];
    if (!first) throw new Error('empty registry');
    const firstState = first.machine.root.initial?.target?.[0]?.id as string;
    const reporter = new XstateCoverageReporter({ outputDir: dir });
    const trace = { machineId: first.id, test: '', status: 'passed', states: [firstState], transitions: [], guards: [], pairs: [], steps: 0 };
    const test = { titlePath: () => ['', 'phone', 'apply.spec.ts', '申し込めること'] } as unknown as TestCase;
    const result = {
      status: 'failed',
      error: { message: 'boom' },
      attachments: [{ name: XSTATE_TRACE_ATTACHMENT, contentType: 'application/json', body: Buffer.from(JSON.stringify([trace])) }],
    } as unknown as TestResult;
    reporter.onTestEnd(test, result);
    reporter.onEnd({ status: 'failed' } as FullResult);
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as CoverageReport;
    const model = report.models.find((m) => m.name === first.id);
    expect(model?.status).toBe('failed');
    expect(model?.tests).toEqual([expect.objectContaining({ name: 'phone › apply.spec.ts › 申し込めること', status: 'failed', error: 'boom' })]);
    expect(model?.vertices.visited).toBe(1);
  });
});
