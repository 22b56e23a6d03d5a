import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMachine, fromPromise, setup } from 'xstate';
import {
  createFlowRegistry,
  FlowStorageKeyPrefix,
  storageDecision,
  machineVersion,
  routeFor,
  type FlowMachine,
} from '../../../src/flows/flow-registry';
import { settle } from '../support/settle';

type Outcome = 'completed' | 'cancelled';

function makeMachine(options: { version?: string; verify?: () => Promise<string> } = {}) {
  return setup({
    types: {
      context: {} as { answer: string | undefined },
      events: {} as { type: 'step.next' } | { type: 'step.verify' } | { type: 'provider.returned'; outcome: Outcome },
    },
    actors: { verifyPayment: fromPromise(options.verify ?? (() => new Promise<string>(() => undefined))) },
  }).createMachine({
    id: 'testFlow',
    ...(options.version === undefined ? {} : { version: options.version }),
    context: { answer: undefined },
    initial: 'first',
    states: {
      first: { tags: ['persistable'], meta: { route: '/Test/First' }, on: { 'step.next': 'second' } },
      second: {
        meta: { route: '/Test/Second' },
        initial: 'editing',
        states: {
          editing: { tags: ['persistable'], meta: { route: '/Test/Second/Edit' }, on: { 'step.next': 'reviewing' } },
          // May hold what must not be stored: neither persistable nor busy.
          reviewing: {},
        },
        on: { 'step.verify': 'verifying' },
      },
      verifying: {
        tags: ['busy'],
        meta: { route: '/Test/Verifying' },
        invoke: { id: 'verifyPayment', src: 'verifyPayment', onDone: 'away', onError: 'first' },
      },
      away: {
        tags: ['external', 'persistable'],
        meta: { route: '/Test/Away' },
        on: { 'provider.returned': [{ guard: ({ event }) => event.outcome === 'completed', target: 'done' }, { target: 'first' }] },
      },
      done: { type: 'final', tags: ['persistable'], meta: { route: '/Test/Done' } },
    },
  });
}

const entry = (machine = makeMachine()): FlowMachine => ({ id: 'testFlow', machine });
let ids = 0;
const createFlowId = () => `flow-${(ids += 1)}`;

beforeEach(() => {
  sessionStorage.clear();
  ids = 0;
});

describe('routeFor', () => {
  it('answers the route of the deepest active state that has one', () => {
    const registry = createFlowRegistry({ machines: [entry()], storage: sessionStorage, createFlowId });
    const flow = registry.start('testFlow');
    expect(routeFor(flow.actor.getSnapshot())).toBe('/Test/First');
    flow.actor.send({ type: 'step.next' });
    expect(routeFor(flow.actor.getSnapshot())).toBe('/Test/Second/Edit');
    flow.actor.send({ type: 'step.next' });
    // reviewing has no route of its own: its parent's applies.
    expect(routeFor(flow.actor.getSnapshot())).toBe('/Test/Second');
  });

  it('answers undefined for a machine without routes', () => {
    const registry = createFlowRegistry({ machines: [{ id: 'bare', machine: createMachine({ id: 'bare', initial: 'a', states: { a: {} } }) }] });
    expect(routeFor(registry.start('bare').actor.getSnapshot())).toBeUndefined();
  });
});

describe('URL following', () => {
  it('tells listeners the route of a started flow and of every transition that changes it', () => {
    const registry = createFlowRegistry({ machines: [entry()], storage: sessionStorage, createFlowId });
    const routes: string[] = [];
    registry.onRoute((route) => routes.push(route));
    const flow = registry.start('testFlow');
    flow.actor.send({ type: 'step.next' });
    flow.actor.send({ type: 'step.next' });
    flow.actor.send({ type: 'step.verify' });
    expect(routes).toEqual(['/Test/First', '/Test/Second/Edit', '/Test/Second', '/Test/Verifying']);
  });

  it('stops telling listeners once the flow is released, and resumes after focus', () => {
    const registry = createFlowRegistry({ machines: [entry()], storage: sessionStorage, createFlowId });
    const listener = vi.fn();
    registry.onRoute(listener);
    const flow = registry.start('testFlow');
    listener.mockClear();
    registry.release();
    flow.actor.send({ type: 'step.next' });
    expect(listener).not.toHaveBeenCalled();
    registry.focus('testFlow');
    flow.actor.send({ type: 'step.next' });
    expect(listener).toHaveBeenCalledWith('/Test/Second', flow);
  });
});

describe('persistence', () => {
  const stored = () => JSON.parse(sessionStorage.getItem(`${FlowStorageKeyPrefix}testFlow`) ?? 'null') as { flowId: string; snapshot: { value: unknown } } | null;

  it('stores stable states with machine version and flow id', () => {
    const registry = createFlowRegistry({ machines: [entry()], storage: sessionStorage, createFlowId });
    const flow = registry.start('testFlow');
    flow.actor.send({ type: 'step.next' });
    expect(stored()).toMatchObject({
      machineId: 'testFlow',
      flowId: 'flow-1',
      machineVersion: machineVersion(entry().machine),
      snapshot: { value: { second: 'editing' } },
    });
  });

  it('keeps the last stable snapshot while an invoke is in flight', () => {
    const registry = createFlowRegistry({ machines: [entry()], storage: sessionStorage, createFlowId });
    const flow = registry.start('testFlow');
    flow.actor.send({ type: 'step.next' });
    flow.actor.send({ type: 'step.verify' });
    expect(flow.actor.getSnapshot().value).toBe('verifying');
    expect(storageDecision(flow.actor.getSnapshot())).toBe('keep');
    expect(stored()?.snapshot.value).toEqual({ second: 'editing' });
  });

  it('removes the stored snapshot in a state that is neither persistable nor busy', () => {
    const registry = createFlowRegistry({ machines: [entry()], storage: sessionStorage, createFlowId });
    const flow = registry.start('testFlow');
    flow.actor.send({ type: 'step.next' });
    expect(stored()).not.toBeNull();
    flow.actor.send({ type: 'step.next' });
    expect(flow.actor.getSnapshot().value).toEqual({ second: 'reviewing' });
    expect(stored()).toBeNull();
  });

  it('restores the stored run after a reload (a new registry over the same storage)', async () => {
    const machine = makeMachine({ verify: () => Promise.resolve('session') });
    const first = createFlowRegistry({ machines: [entry(machine)], storage: sessionStorage, createFlowId });
    const flow = first.start('testFlow');
    flow.actor.send({ type: 'step.next' });
    flow.actor.send({ type: 'step.verify' });
    await vi.waitFor(() => expect(flow.actor.getSnapshot().value).toBe('away'), settle);

    const reloaded = createFlowRegistry({ machines: [entry(machine)], storage: sessionStorage, createFlowId });
    const restored = reloaded.get('testFlow');
    expect(restored?.flowId).toBe('flow-1');
    expect(restored?.actor.getSnapshot().value).toBe('away');
    expect(restored?.actor.getSnapshot().hasTag('external')).toBe(true);
  });

  it('finds a stored run by its flow id (the card provider return) and makes it the foreground flow', async () => {
    const machine = makeMachine({ verify: () => Promise.resolve('session') });
    const first = createFlowRegistry({ machines: [entry(machine)], storage: sessionStorage, createFlowId });
    const flow = first.start('testFlow');
    flow.actor.send({ type: 'step.next' });
    flow.actor.send({ type: 'step.verify' });
    await vi.waitFor(() => expect(flow.actor.getSnapshot().value).toBe('away'), settle);

    const reloaded = createFlowRegistry({ machines: [entry(machine)], storage: sessionStorage, createFlowId });
    const routes: string[] = [];
    reloaded.onRoute((route) => routes.push(route));
    expect(reloaded.getByFlowId('another-id')).toBeUndefined();
    const returned = reloaded.getByFlowId('flow-1');
    expect(reloaded.foreground()).toBe(returned);
    returned?.actor.send({ type: 'provider.returned', outcome: 'completed' });
    expect(routes).toEqual(['/Test/Done']);
  });

  it('discards a stored run of another machine version', () => {
    const onDiscard = vi.fn();
    const first = createFlowRegistry({ machines: [entry(makeMachine({ version: '1' }))], storage: sessionStorage, createFlowId });
    first.start('testFlow').actor.send({ type: 'step.next' });
    const upgraded = createFlowRegistry({ machines: [entry(makeMachine({ version: '2' }))], storage: sessionStorage, createFlowId, onDiscard });
    expect(upgraded.get('testFlow')).toBeUndefined();
    expect(onDiscard).toHaveBeenCalledWith('testFlow', 'version');
    expect(stored()).toBeNull();
  });

  it('derives a version from the machine structure when none is declared', () => {
    const changed = createMachine({ id: 'testFlow', initial: 'first', states: { first: { meta: { route: '/Test/Other' } } } });
    expect(machineVersion(makeMachine())).toBe(machineVersion(makeMachine()));
    expect(machineVersion(changed)).not.toBe(machineVersion(makeMachine()));
  });

  it.each([
    ['not JSON', '{not json'],
    ['the wrong shape', JSON.stringify({ machineVersion: 1, flowId: '', snapshot: 'x' })],
    ['another machine', JSON.stringify({ machineVersion: 'v', machineId: 'other', flowId: 'f', snapshot: {} })],
  ])('discards a stored run that is %s', (_, text) => {
    const onDiscard = vi.fn();
    sessionStorage.setItem(`${FlowStorageKeyPrefix}testFlow`, text);
    const registry = createFlowRegistry({ machines: [entry()], storage: sessionStorage, createFlowId, onDiscard });
    expect(registry.get('testFlow')).toBeUndefined();
    expect(onDiscard).toHaveBeenCalledWith('testFlow', 'corrupt');
    expect(stored()).toBeNull();
  });

  it('discards a stored snapshot that the machine cannot resolve', () => {
    const onDiscard = vi.fn();
    const machine = makeMachine({ version: '1' });
    sessionStorage.setItem(
      `${FlowStorageKeyPrefix}testFlow`,
      JSON.stringify({ machineVersion: '1', machineId: 'testFlow', flowId: 'f', snapshot: { status: 'active', value: 'noSuchState', context: {}, children: {} } }),
    );
    const registry = createFlowRegistry({ machines: [entry(machine)], storage: sessionStorage, createFlowId, onDiscard });
    expect(registry.get('testFlow')).toBeUndefined();
    expect(onDiscard).toHaveBeenCalledWith('testFlow', 'unrestorable');
  });

  it('starts afresh, replacing an earlier run, and clear() forgets every run', () => {
    const registry = createFlowRegistry({ machines: [entry()], storage: sessionStorage, createFlowId });
    const first = registry.start('testFlow');
    first.actor.send({ type: 'step.next' });
    const second = registry.start('testFlow');
    expect(first.actor.getSnapshot().status).toBe('stopped');
    expect(second.flowId).toBe('flow-2');
    expect(stored()?.snapshot.value).toBe('first');
    registry.clear();
    expect(stored()).toBeNull();
    expect(registry.get('testFlow')).toBeUndefined();
  });

  it('refuses to start a machine that is not registered', () => {
    const registry = createFlowRegistry({ machines: [], storage: sessionStorage });
    expect(() => registry.start('missing')).toThrow(/missing/);
  });
});
