/**
 * The small store every client-side store is built on (docs/decisions/0016-client-stores.md):
 * get/set/subscribe for `useSyncExternalStore`, and, for persisted stores, sessionStorage
 * under a versioned key, validated with zod on read. What cannot be read (corrupt JSON, a
 * wrong shape, an older version's key) is dropped and the defaults take its place: a stale
 * tab must never crash the app.
 */
import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { logger } from '../lib/logger';

export type Listener = () => void;

export type Store<T> = {
  /** The current state; the same object until the next change (safe for useSyncExternalStore). */
  readonly get: () => T;
  /** Merges a patch, or applies an updater, and tells subscribers. */
  readonly set: (patch: Partial<T> | ((state: T) => Partial<T>)) => void;
  /** Back to the defaults (and, for a persisted store, its storage entry removed). */
  readonly reset: () => void;
  readonly subscribe: (listener: Listener) => () => void;
};

export type PersistedStore<T> = Store<T> & {
  /** The sessionStorage key, e.g. `portal.auth.v1`. */
  readonly storageKey: string;
  /** Reads storage again (after another module or a test changed it). */
  readonly rehydrate: () => void;
};

/** All our sessionStorage keys start with this; `clearAllStores` removes every one of them. */
export const StoragePrefix = 'portal.';

function createStore<T extends object>(
  load: () => T,
  defaults: () => T,
  onChange: (state: T) => void,
  onReset: () => void,
) {
  let state: T | undefined;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const get = () => {
    state ??= load();
    return state;
  };
  return {
    get,
    replace(next: T) {
      state = next;
      emit();
    },
    store: {
      get,
      set(patch: Partial<T> | ((current: T) => Partial<T>)) {
        const current = get();
        const delta = typeof patch === 'function' ? patch(current) : patch;
        state = { ...current, ...delta };
        onChange(state);
        emit();
      },
      reset() {
        state = defaults();
        onReset();
        emit();
      },
      subscribe(listener: Listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    } satisfies Store<T>,
  };
}

/** A store kept only in memory (the loading overlay, the common modal). */
export function createMemoryStore<T extends object>(defaults: () => T): Store<T> {
  return createStore(defaults, defaults, () => undefined, () => undefined).store;
}

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Some browsers throw on access when storage is disabled.
    return undefined;
  }
}

const registry = new Set<Store<object>>();

/**
 * A store persisted in sessionStorage under `portal.<name>.v<version>`. Bump the version
 * whenever the schema changes incompatibly: older keys are then removed unread.
 */
export function createPersistedStore<S extends z.ZodMiniObject>(options: {
  readonly name: string;
  readonly version: number;
  readonly schema: S;
  readonly defaults: () => z.output<S>;
}): PersistedStore<z.output<S>> {
  type T = z.output<S>;
  const prefix = `${StoragePrefix}${options.name}.v`;
  const storageKey = `${prefix}${options.version}`;

  const read = (): T => {
    const store = storage();
    if (!store) return options.defaults();
    try {
      for (let i = store.length - 1; i >= 0; i -= 1) {
        const key = store.key(i);
        if (key !== null && key.startsWith(prefix) && key !== storageKey) store.removeItem(key);
      }
      const raw = store.getItem(storageKey);
      if (raw === null) return options.defaults();
      const parsed = z.safeParse(options.schema, JSON.parse(raw));
      if (parsed.success) return parsed.data;
      logger.warn(`stored ${options.name} state has the wrong shape; defaults used`);
    } catch {
      logger.warn(`stored ${options.name} state is unreadable; defaults used`);
    }
    try {
      store.removeItem(storageKey);
    } catch {
      // Nothing more to do: the defaults are in memory.
    }
    return options.defaults();
  };

  const write = (state: T) => {
    const checked = z.safeParse(options.schema, state);
    if (!checked.success) {
      // A programming error: keep the bad state out of storage so a reload starts clean.
      logger.error(`refused to persist an invalid ${options.name} state`, checked.error.issues);
      return;
    }
    try {
      storage()?.setItem(storageKey, JSON.stringify(checked.data));
    } catch {
      logger.warn(`could not persist ${options.name} state (storage full or disabled)`);
    }
  };

  const remove = () => {
    try {
      storage()?.removeItem(storageKey);
    } catch {
      // Storage disabled: nothing was stored.
    }
  };

  const core = createStore<T>(read, options.defaults, write, remove);
  const persisted: PersistedStore<T> = { ...core.store, storageKey, rehydrate: () => core.replace(read()) };
  registry.add(persisted);
  return persisted;
}

/** Registers a memory store so `resetRegisteredStores` (the /doClear page) resets it too. */
export function registerStore<T extends object>(store: Store<T>): Store<T> {
  registry.add(store);
  return store;
}

/** Resets every registered store and removes every `portal.` key from sessionStorage. */
export function resetRegisteredStores(): void {
  for (const store of registry) store.reset();
  const store = storage();
  if (!store) return;
  try {
    for (let i = store.length - 1; i >= 0; i -= 1) {
      const key = store.key(i);
      if (key?.startsWith(StoragePrefix)) store.removeItem(key);
    }
  } catch {
    // Storage disabled: nothing was stored.
  }
}

/**
 * Subscribes a component to a slice of a store; re-renders only when the slice changes.
 * The selector must return a part of the state or a primitive, never a new object per call.
 */
export function useStore<T, U = T>(store: Store<T>, select: (state: T) => U = (state) => state as unknown as U): U {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
