import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { flowLoaders } from '../../../machines/flow-loaders';
import { pageTable } from '../../../machines/page-table';
import { machineRegistry } from '../../../machines/registry';
import { createQueryClient } from '../../../src/api/query-client';
import { createFlowLoaders } from '../../../src/flows/flow-loading';
import { createFlowMachines } from '../../../src/flows/all-flow-machines';
import {
  createFlowRegistry,
  createLazyFlowRegistry,
  FlowStorageKeyPrefix,
  machineVersion,
  routeFor,
} from '../../../src/flows/flow-registry';

const testMachine = createMachine({
  id: 'testFlow',
  initial: 'first',
  states: {
    first: { tags: ['persistable'], meta: { route: '/Test/First' }, on: { 'step.next': 'second' } },
    second: { tags: ['persistable'], meta: { route: '/Test/Second' } },
  },
});

/** A loader that counts its calls and answers when told to. */
function deferredLoader(machine: AnyStateMachine = testMachine) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const loader = vi.fn(async () => {
    await gate;
    return machine;
  });
  return { loader, release };
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'config' in value && 'implementations' in value;

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('the app list of flow machines (machines/flow-loaders.ts)', () => {
  it('has exactly the top-level flows of the registry: every machine not invoked by another one', () => {
    const invoked = new Set(
      machineRegistry.flatMap((entry) =>
        Object.values((entry.machine.implementations as { actors: Record<string, unknown> }).actors)
          .filter(isMachine)
          .map((child) => child.id),
      ),
    );
    expect(invoked).toEqual(new Set(['otp', 'cardProvider', 'mailConfirmation']));
    const topLevel = machineRegistry.map((entry) => entry.id).filter((id) => !invoked.has(id));
    expect(Object.keys(flowLoaders).sort()).toEqual([...topLevel].sort());
  });

  it('has exactly the flows the page table names', () => {
    const named = new Set(pageTable.flatMap((page) => (page.flow === undefined ? [] : [page.flow])));
    expect(new Set(Object.keys(flowLoaders))).toEqual(named);
  });

  it('loads each flow as the machine of the registry under the same id', async () => {
    for (const [id, load] of Object.entries(flowLoaders)) {
      const machine = await load();
      expect(machine.id).toBe(id);
      expect(machine).toBe(machineRegistry.find((entry) => entry.id === id)?.machine);
    }
  });

  it('provides the app actors as createFlowMachines does, so stored snapshots keep their machine version', async () => {
    const eager = createFlowMachines(machineRegistry, { queryClient: createQueryClient() });
    const lazy = createFlowLoaders(flowLoaders, { queryClient: createQueryClient() });
    for (const [id, load] of Object.entries(lazy)) {
      const machine = await load();
      const provided = eager.find((entry) => entry.id === id)?.machine;
      expect(provided).toBeDefined();
      expect(machine).not.toBe(machineRegistry.find((entry) => entry.id === id)?.machine);
      expect(machineVersion(machine)).toBe(machineVersion(provided as AnyStateMachine));
      expect(Object.keys(machine.implementations.actors).sort()).toEqual(Object.keys(provided?.implementations.actors ?? {}).sort());
    }
  });
});

describe('loading flow machines in the registry', () => {
  it('loads a machine once, however often and however concurrently it is asked for', async () => {
    const { loader, release } = deferredLoader();
    const registry = createLazyFlowRegistry({ loaders: { testFlow: loader }, storage: sessionStorage });
    const first = registry.load('testFlow');
    const second = registry.load('testFlow');
    release();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(await registry.load('testFlow')).toBe(true);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('cannot start or get a machine before it is loaded, and can afterwards (synchronously)', async () => {
    const { loader, release } = deferredLoader();
    const registry = createLazyFlowRegistry({ loaders: { testFlow: loader } });
    expect(() => registry.start('testFlow')).toThrow();
    expect(registry.get('testFlow')).toBeUndefined();
    release();
    await registry.load('testFlow');
    const flow = registry.start('testFlow');
    expect(routeFor(flow.actor.getSnapshot())).toBe('/Test/First');
    expect(registry.get('testFlow')).toBe(flow);
  });

  it('loads XState runtime once, with the first machine', async () => {
    const runtime = vi.fn(() => import('xstate'));
    const registry = createLazyFlowRegistry({ loaders: { a: () => Promise.resolve(testMachine), b: () => Promise.resolve(testMachine) }, loadRuntime: runtime });
    expect(runtime).not.toHaveBeenCalled();
    await Promise.all([registry.load('a'), registry.load('b')]);
    expect(runtime).toHaveBeenCalledTimes(1);
  });

  it('answers false for an unknown machine id', async () => {
    const registry = createLazyFlowRegistry({ loaders: { testFlow: () => Promise.resolve(testMachine) } });
    expect(await registry.load('nope')).toBe(false);
  });

  it('tries a failed load again on the next call', async () => {
    const loader = vi.fn<() => Promise<AnyStateMachine>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(testMachine);
    const registry = createLazyFlowRegistry({ loaders: { testFlow: loader } });
    await expect(registry.load('testFlow')).rejects.toThrow('chunk failed');
    expect(await registry.load('testFlow')).toBe(true);
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('restores a stored run after a reload once its machine is loaded, keeping it stored until then', async () => {
    const before = createFlowRegistry({ machines: [{ id: 'testFlow', machine: testMachine }], storage: sessionStorage, createFlowId: () => 'flow-1' });
    before.start('testFlow').actor.send({ type: 'step.next' });
    const stored = sessionStorage.getItem(`${FlowStorageKeyPrefix}testFlow`);
    expect(stored).toContain('"second"');

    // The reload: a fresh registry with nothing loaded.
    const { loader, release } = deferredLoader();
    const reloaded = createLazyFlowRegistry({ loaders: { testFlow: loader }, storage: sessionStorage });
    expect(reloaded.get('testFlow')).toBeUndefined();
    expect(sessionStorage.getItem(`${FlowStorageKeyPrefix}testFlow`)).toBe(stored);
    release();
    expect(await reloaded.load('testFlow')).toBe(true);
    const restored = reloaded.get('testFlow');
    expect(restored?.flowId).toBe('flow-1');
    expect(routeFor(restored!.actor.getSnapshot())).toBe('/Test/Second');
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('loads the machine of a stored run by its flow id (the card provider return)', async () => {
    const before = createFlowRegistry({ machines: [{ id: 'testFlow', machine: testMachine }], storage: sessionStorage, createFlowId: () => 'flow-9' });
    before.start('testFlow');
    const loader = vi.fn(() => Promise.resolve(testMachine));
    const other = vi.fn(() => Promise.resolve(testMachine));
    const reloaded = createLazyFlowRegistry({ loaders: { testFlow: loader, other }, storage: sessionStorage });
    expect(reloaded.getByFlowId('flow-9')).toBeUndefined();
    expect(await reloaded.loadByFlowId('flow-9')).toBe(true);
    expect(reloaded.getByFlowId('flow-9')?.machineId).toBe('testFlow');
    expect(reloaded.foreground()?.flowId).toBe('flow-9');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
    expect(await reloaded.loadByFlowId('flow-unknown')).toBe(false);
  });

  it('throws away a stored run of a machine it does not know', async () => {
    const before = createFlowRegistry({ machines: [{ id: 'retiredFlow', machine: testMachine }], storage: sessionStorage, createFlowId: () => 'flow-3' });
    before.start('retiredFlow');
    const onDiscard = vi.fn();
    const reloaded = createLazyFlowRegistry({ loaders: { testFlow: () => Promise.resolve(testMachine) }, storage: sessionStorage, onDiscard });
    expect(await reloaded.loadByFlowId('flow-3')).toBe(false);
    expect(onDiscard).toHaveBeenCalledWith('retiredFlow', 'unknown');
    expect(sessionStorage.getItem(`${FlowStorageKeyPrefix}retiredFlow`)).toBeNull();
    expect(reloaded.getByFlowId('flow-3')).toBeUndefined();
  });

  it('throws it away on the synchronous path too (getByFlowId)', () => {
    const before = createFlowRegistry({ machines: [{ id: 'retiredFlow', machine: testMachine }], storage: sessionStorage, createFlowId: () => 'flow-4' });
    before.start('retiredFlow');
    const onDiscard = vi.fn();
    const reloaded = createFlowRegistry({ machines: [], storage: sessionStorage, onDiscard });
    expect(reloaded.getByFlowId('flow-4')).toBeUndefined();
    expect(onDiscard).toHaveBeenCalledWith('retiredFlow', 'unknown');
    expect(sessionStorage.length).toBe(0);
  });
});
