import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { configureLogger, resetLogger } from '../../../src/lib/logger';
import { createMemoryStore, createPersistedStore, resetRegisteredStores, useStore } from '../../../src/stores/store-core';

const SampleSchema = z.object({ count: z.number().int().min(0), label: z.string().nullable() });

function sampleStore(version = 2) {
  return createPersistedStore({
    name: 'sample',
    version,
    schema: SampleSchema,
    defaults: () => ({ count: 0, label: null }),
  });
}

beforeEach(() => {
  sessionStorage.clear();
  configureLogger({ level: 'NONE' });
});

afterEach(() => {
  resetLogger();
  vi.restoreAllMocks();
});

describe('persisted store', () => {
  it('starts from the defaults and persists every change under its versioned key', () => {
    const store = sampleStore();
    expect(store.storageKey).toBe('portal.sample.v2');
    expect(store.get()).toEqual({ count: 0, label: null });
    store.set({ count: 3 });
    store.set((state) => ({ count: state.count + 1, label: 'x' }));
    expect(store.get()).toEqual({ count: 4, label: 'x' });
    expect(JSON.parse(sessionStorage.getItem('portal.sample.v2') ?? 'null')).toEqual({ count: 4, label: 'x' });
  });

  it('reads what an earlier page load stored (a reload)', () => {
    sessionStorage.setItem('portal.sample.v2', JSON.stringify({ count: 7, label: 'kept' }));
    expect(sampleStore().get()).toEqual({ count: 7, label: 'kept' });
  });

  it.each([
    ['corrupt JSON', '{"count": 7,'],
    ['a wrong shape', JSON.stringify({ count: 'seven', label: null })],
    ['a missing field', JSON.stringify({ count: 1 })],
    ['a negative count', JSON.stringify({ count: -1, label: null })],
    ['not an object', JSON.stringify([1, 2])],
    ['null', 'null'],
  ])('discards %s and uses the defaults without throwing', (_, raw) => {
    sessionStorage.setItem('portal.sample.v2', raw);
    const store = sampleStore();
    expect(store.get()).toEqual({ count: 0, label: null });
    expect(sessionStorage.getItem('portal.sample.v2')).toBeNull();
  });

  it('ignores and removes a value stored by another version', () => {
    sessionStorage.setItem('portal.sample.v1', JSON.stringify({ count: 9, label: 'old' }));
    sessionStorage.setItem('portal.sample.v3', JSON.stringify({ count: 9, label: 'new' }));
    sessionStorage.setItem('portal.samples.v1', 'another store');
    const store = sampleStore(2);
    expect(store.get()).toEqual({ count: 0, label: null });
    expect(sessionStorage.getItem('portal.sample.v1')).toBeNull();
    expect(sessionStorage.getItem('portal.sample.v3')).toBeNull();
    expect(sessionStorage.getItem('portal.samples.v1')).toBe('another store');
  });

  it('picks up storage again on rehydrate', () => {
    const store = sampleStore();
    store.set({ count: 1 });
    sessionStorage.setItem('portal.sample.v2', JSON.stringify({ count: 5, label: 'from elsewhere' }));
    store.rehydrate();
    expect(store.get()).toEqual({ count: 5, label: 'from elsewhere' });
  });

  it('reset returns to the defaults and removes the key', () => {
    const store = sampleStore();
    store.set({ count: 2 });
    store.reset();
    expect(store.get()).toEqual({ count: 0, label: null });
    expect(sessionStorage.getItem('portal.sample.v2')).toBeNull();
  });

  it('keeps working in memory when storage refuses to write', () => {
    const store = sampleStore();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => store.set({ count: 1 })).not.toThrow();
    expect(store.get().count).toBe(1);
  });

  it('refuses to persist a state its schema rejects', () => {
    const store = sampleStore();
    store.set({ count: 1 });
    store.set({ count: -5 });
    expect(JSON.parse(sessionStorage.getItem('portal.sample.v2') ?? 'null')).toEqual({ count: 1, label: null });
  });

  it('tells subscribers about changes until they unsubscribe', () => {
    const store = sampleStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set({ count: 1 });
    store.reset();
    unsubscribe();
    store.set({ count: 2 });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('resetRegisteredStores resets persisted stores and removes only our keys', () => {
    const store = sampleStore();
    store.set({ count: 4 });
    sessionStorage.setItem('portal.anything.v9', 'x');
    sessionStorage.setItem('someone-else', 'y');
    resetRegisteredStores();
    expect(store.get()).toEqual({ count: 0, label: null });
    expect(sessionStorage.getItem('portal.sample.v2')).toBeNull();
    expect(sessionStorage.getItem('portal.anything.v9')).toBeNull();
    expect(sessionStorage.getItem('someone-else')).toBe('y');
  });
});

describe('memory store and useStore', () => {
  it('re-renders a component when its slice changes', () => {
    const store = createMemoryStore(() => ({ visible: false, message: '' }));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useStore(store, (state) => state.visible);
    });
    expect(result.current).toBe(false);
    act(() => store.set({ visible: true }));
    expect(result.current).toBe(true);
    const before = renders;
    act(() => store.set({ message: 'not selected' }));
    expect(renders).toBe(before);
    expect(sessionStorage.length).toBe(0);
  });
});
