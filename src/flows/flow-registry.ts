/**
 * The flow registry: one XState actor per running flow, created outside React and handed to
 * the router through its context (docs/decisions/0018-routing-machine-decides-url-follows.md).
 * The machine decides where the customer is; `routeFor(snapshot)` turns that into a path and
 * the router binding makes the URL follow. Snapshots are kept in sessionStorage in stable
 * (`persistable`) states only, so a reload or the card provider round trip resumes the flow.
 * Machines may be given loaded or as loaders (docs/decisions/0037-lazy-flow-machines.md): a
 * loader runs once, on `load`, before the machine can be started or restored. The app's registry
 * (`createLazyFlowRegistry`) also loads XState's actor runtime then, so the first page carries
 * neither the machines nor XState; only `createFlowRegistry` (tests, tools) uses the static
 * `createActor` import, which tree-shaking drops from the app (xstate has no side effects).
 */
import { createActor, type Actor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { z } from 'zod/mini';
import { persistDecision, redactSnapshot, type PersistDecision } from '../../machines/persistence';

export type FlowMachine = { readonly id: string; readonly machine: AnyStateMachine };

/** Machines that load on demand, by machine id. */
export type FlowMachineLoaders = Readonly<Record<string, () => Promise<AnyStateMachine>>>;

export type DiscardReason = 'version' | 'corrupt' | 'unrestorable' | 'unknown';

/** XState's `createActor` as the registry uses it. */
export type CreateFlowActor = (
  machine: AnyStateMachine,
  options: { input?: unknown; snapshot?: AnyMachineSnapshot },
) => Actor<AnyStateMachine>;

export type RunningFlow = {
  /** This run's id: carried in the card provider's return URL. */
  readonly flowId: string;
  /** The machine's id, which is the page table's `flow`. */
  readonly machineId: string;
  readonly actor: Actor<AnyStateMachine>;
};

export type FlowStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export type RouteListener = (route: string, flow: RunningFlow) => void;

export type FlowRegistry = {
  /**
   * Makes a machine available to `start` and `get`, loading it the first time; true when it
   * is, false for a machine id the registry does not know. A failed load rejects and is tried
   * again on the next call.
   */
  load(machineId: string): Promise<boolean>;
  /**
   * Loads the machine of the stored run with this flow id, so `getByFlowId` can restore it;
   * false when no stored run has it. A stored run of a machine the registry does not know is
   * thrown away.
   */
  loadByFlowId(flowId: string): Promise<boolean>;
  /**
   * Starts a fresh run of a machine, replacing any earlier run of it. The input is built from
   * the new run's flow id (the card provider's return URLs carry it).
   */
  start(machineId: string, inputFor?: (flowId: string) => unknown): RunningFlow;
  /** The run of a machine in memory, else restored from storage; undefined when neither. */
  get(machineId: string): RunningFlow | undefined;
  /** The run with this flow id, restoring it from storage when needed. */
  getByFlowId(flowId: string): RunningFlow | undefined;
  /** The flow whose route changes the URL follows (started, entered or returned to last). */
  foreground(): RunningFlow | undefined;
  /** Makes a running flow the one the URL follows. */
  focus(machineId: string): void;
  /** Leaves the flow running but stops the URL from following it. */
  release(): void;
  stop(machineId: string): void;
  /** Stops every flow and forgets every stored snapshot. */
  clear(): void;
  /** Called whenever the foreground flow's route changes. */
  onRoute(listener: RouteListener): () => void;
};

/** What sessionStorage holds for one flow. */
export const PersistedFlowSchema = z.object({
  machineVersion: z.string(),
  machineId: z.string(),
  flowId: z.string().check(z.minLength(1)),
  snapshot: z.record(z.string(), z.unknown()),
});
export type PersistedFlow = z.infer<typeof PersistedFlowSchema>;

export const FlowStorageKeyPrefix = 'portal.flow.';
const storageKey = (machineId: string) => `${FlowStorageKeyPrefix}${machineId}`;

/** The machines whose runs the tab has stored. */
export function storedMachineIds(storage: Pick<Storage, 'key' | 'length'> | undefined): string[] {
  if (storage === undefined) return [];
  const ids: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(FlowStorageKeyPrefix)) ids.push(key.slice(FlowStorageKeyPrefix.length));
  }
  return ids;
}

type RouteMeta = { route?: unknown };

/** The catalogue code a flow holds for the error page (its context's `errorCode`), if any. */
export function flowErrorCode(snapshot: AnyMachineSnapshot): string | undefined {
  const context: unknown = snapshot.context;
  return typeof context === 'object' && context !== null && 'errorCode' in context && typeof context.errorCode === 'string' ? context.errorCode : undefined;
}

/**
 * The path the customer belongs on: `meta.route` of the deepest active state node that has
 * one; undefined when no active node carries a route.
 */
export function routeFor(snapshot: AnyMachineSnapshot): string | undefined {
  const meta = snapshot.getMeta() as Record<string, RouteMeta | undefined>;
  let best: { depth: number; route: string } | undefined;
  for (const [nodeId, value] of Object.entries(meta)) {
    const route = value?.route;
    if (typeof route !== 'string') continue;
    const depth = snapshot.machine.getStateNodeById(nodeId).path.length;
    if (best === undefined || depth > best.depth) best = { depth, route };
  }
  return best?.route;
}

/**
 * What to do with the stored snapshot after a transition (docs/decisions/0024): store it in a
 * `persistable` state (nothing in flight), keep the last one while `busy` (restoring would re-run
 * the call), remove it anywhere else (a state that may hold what must not be stored) and when the
 * actor failed.
 */
export function storageDecision(snapshot: AnyMachineSnapshot): PersistDecision {
  if (snapshot.status === 'error' || snapshot.status === 'stopped') return 'remove';
  return persistDecision(snapshot);
}

const versions = new WeakMap<AnyStateMachine, string>();

/**
 * The machine's declared version, else a hash of its structure, so any change invalidates.
 * The structure is the config the machine was created from: `machine.definition` says the same
 * but formats every transition of every state to say it, which measured 4 ms for the account
 * flow in Node against 0.25 ms for its config, and ~8 ms of the first load's main thread in the
 * browser (ADR 0108). Kept per machine: every stored snapshot asks for it.
 */
export function machineVersion(machine: AnyStateMachine): string {
  if (machine.version !== undefined) return machine.version;
  const known = versions.get(machine);
  if (known !== undefined) return known;
  const version = hashOf(JSON.stringify(machine.config));
  versions.set(machine, version);
  return version;
}

function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `h${(hash >>> 0).toString(16)}`;
}

const defaultFlowId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `f${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export type FlowRegistryOptions = {
  /** Machines available at once. */
  machines?: readonly FlowMachine[];
  /** Machines that load on `load` (a machine given in both is taken as loaded). */
  loaders?: FlowMachineLoaders;
  /** Where `createLazyFlowRegistry` gets XState's actor runtime; XState's module by default. */
  loadRuntime?: () => Promise<{ createActor: CreateFlowActor }>;
  storage?: FlowStorage;
  createFlowId?: () => string;
  /** Told when a stored snapshot is thrown away (logging). */
  onDiscard?: (machineId: string, reason: DiscardReason) => void;
};

/** A registry with XState's runtime at hand: machines given loaded can start at once. */
export function createFlowRegistry(options: FlowRegistryOptions): FlowRegistry {
  return createRegistry(options, createActor);
}

/**
 * The app's registry: XState's actor runtime loads with the first machine (`load`), so nothing
 * starts or restores before `load` has resolved for that machine.
 */
export function createLazyFlowRegistry(options: FlowRegistryOptions): FlowRegistry {
  return createRegistry(options, undefined);
}

function createRegistry(options: FlowRegistryOptions, staticCreateActor: CreateFlowActor | undefined): FlowRegistry {
  let createFlowActor = staticCreateActor;
  let runtimeLoading: Promise<void> | undefined;
  const machines = new Map((options.machines ?? []).map((entry) => [entry.id, entry.machine]));
  const loaders = new Map(Object.entries(options.loaders ?? {}));
  const loading = new Map<string, Promise<boolean>>();
  const storage = options.storage;
  const createFlowId = options.createFlowId ?? defaultFlowId;
  const running = new Map<string, RunningFlow>();
  const unsubscribers = new Map<string, () => void>();
  const listeners = new Set<RouteListener>();
  let foregroundId: string | undefined;

  const machineFor = (machineId: string): AnyStateMachine => {
    const machine = machines.get(machineId);
    if (machine === undefined) throw new Error(`no flow machine registered as "${machineId}"`);
    return machine;
  };

  const persist = (flow: RunningFlow, snapshot: AnyMachineSnapshot) => {
    if (storage === undefined) return;
    const decision = storageDecision(snapshot);
    if (decision === 'keep') return;
    if (decision === 'remove') {
      storage.removeItem(storageKey(flow.machineId));
      return;
    }
    const record: PersistedFlow = {
      machineVersion: machineVersion(machineFor(flow.machineId)),
      machineId: flow.machineId,
      flowId: flow.flowId,
      // Card tokens and one-time codes never reach storage (machines/persistence.ts).
      snapshot: redactSnapshot<Record<string, unknown>>(flow.actor.getPersistedSnapshot()),
    };
    try {
      storage.setItem(storageKey(flow.machineId), JSON.stringify(record));
    } catch {
      // A full or disabled storage only costs the reload resume; the flow itself goes on.
    }
  };

  const track = (machineId: string, flowId: string, actor: Actor<AnyStateMachine>): RunningFlow => {
    const flow: RunningFlow = { flowId, machineId, actor };
    let lastRoute = routeFor(actor.getSnapshot());
    const subscription = actor.subscribe({
      next: (snapshot) => {
        persist(flow, snapshot);
        const route = routeFor(snapshot);
        if (route === undefined || route === lastRoute) return;
        lastRoute = route;
        if (foregroundId !== machineId) return;
        for (const listener of listeners) listener(route, flow);
      },
      error: () => storage?.removeItem(storageKey(machineId)),
    });
    running.set(machineId, flow);
    unsubscribers.set(machineId, () => subscription.unsubscribe());
    return flow;
  };

  const isKnown = (machineId: string) => machines.has(machineId) || loaders.has(machineId);

  const loadRuntime = (): Promise<void> => {
    if (createFlowActor !== undefined) return Promise.resolve();
    if (runtimeLoading !== undefined) return runtimeLoading;
    const pending = (options.loadRuntime ?? (() => import('./flow-runtime') as Promise<{ createActor: CreateFlowActor }>))().then(
      (runtime) => {
        createFlowActor = runtime.createActor;
      },
      (error: unknown) => {
        runtimeLoading = undefined;
        throw error;
      },
    );
    runtimeLoading = pending;
    return pending;
  };

  const actorFor = (machine: AnyStateMachine, actorOptions: { input?: unknown; snapshot?: AnyMachineSnapshot }) => {
    if (createFlowActor === undefined) throw new Error('the flow runtime is not loaded: await load() first');
    return createFlowActor(machine, actorOptions);
  };

  const load = (machineId: string): Promise<boolean> => {
    if (machines.has(machineId) && createFlowActor !== undefined) return Promise.resolve(true);
    const loader = loaders.get(machineId);
    if (loader === undefined && !machines.has(machineId)) return Promise.resolve(false);
    const pending = loading.get(machineId);
    if (pending !== undefined) return pending;
    const loadMachine = async () => (machines.get(machineId) ?? (await (loader as () => Promise<AnyStateMachine>)()));
    const started = Promise.all([loadMachine(), loadRuntime()]).then(
      ([machine]) => {
        if (!machines.has(machineId)) machines.set(machineId, machine);
        loading.delete(machineId);
        return true;
      },
      (error: unknown) => {
        loading.delete(machineId);
        throw error;
      },
    );
    loading.set(machineId, started);
    return started;
  };

  const discard = (machineId: string, reason: DiscardReason) => {
    storage?.removeItem(storageKey(machineId));
    options.onDiscard?.(machineId, reason);
  };

  const readStored = (machineId: string): PersistedFlow | undefined => {
    const text = storage?.getItem(storageKey(machineId));
    if (text === null || text === undefined) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      discard(machineId, 'corrupt');
      return undefined;
    }
    const parsed = PersistedFlowSchema.safeParse(json);
    if (!parsed.success || parsed.data.machineId !== machineId) {
      discard(machineId, 'corrupt');
      return undefined;
    }
    return parsed.data;
  };

  const restore = (machineId: string): RunningFlow | undefined => {
    const machine = machines.get(machineId);
    // Not loaded yet: the stored run stays for after `load`.
    if (machine === undefined || createFlowActor === undefined) return undefined;
    const stored = readStored(machineId);
    if (stored === undefined) return undefined;
    if (stored.machineVersion !== machineVersion(machine)) {
      discard(machineId, 'version');
      return undefined;
    }
    let actor: Actor<AnyStateMachine>;
    try {
      // A snapshot from an older shape of the machine can throw while resolving.
      actor = actorFor(machine, { snapshot: stored.snapshot as unknown as AnyMachineSnapshot });
      const flow = track(machineId, stored.flowId, actor);
      actor.start();
      if (actor.getSnapshot().status === 'error') throw new Error('restored into an error');
      return flow;
    } catch {
      stopRun(machineId);
      discard(machineId, 'unrestorable');
      return undefined;
    }
  };

  const stopRun = (machineId: string) => {
    const entry = running.get(machineId);
    if (entry === undefined) return;
    unsubscribers.get(machineId)?.();
    unsubscribers.delete(machineId);
    entry.actor.stop();
    running.delete(machineId);
    if (foregroundId === machineId) foregroundId = undefined;
  };

  const get = (machineId: string): RunningFlow | undefined => running.get(machineId) ?? restore(machineId);

  return {
    load,
    async loadByFlowId(flowId) {
      for (const entry of running.values()) if (entry.flowId === flowId) return true;
      for (const machineId of storedMachineIds(storage)) {
        if (readStored(machineId)?.flowId !== flowId) continue;
        if (!isKnown(machineId)) {
          discard(machineId, 'unknown');
          return false;
        }
        return load(machineId);
      }
      return false;
    },
    start(machineId, inputFor) {
      const machine = machineFor(machineId);
      if (createFlowActor === undefined) throw new Error('the flow runtime is not loaded: await load() first');
      stopRun(machineId);
      storage?.removeItem(storageKey(machineId));
      const flowId = createFlowId();
      const actor = actorFor(machine, inputFor === undefined ? {} : { input: inputFor(flowId) });
      const flow = track(machineId, flowId, actor);
      foregroundId = machineId;
      actor.start();
      const route = routeFor(actor.getSnapshot());
      if (route !== undefined) for (const listener of listeners) listener(route, flow);
      return flow;
    },
    get,
    getByFlowId(flowId) {
      for (const entry of running.values()) {
        if (entry.flowId === flowId) {
          foregroundId = entry.machineId;
          return entry;
        }
      }
      for (const machineId of storedMachineIds(storage)) {
        if (running.has(machineId) || readStored(machineId)?.flowId !== flowId) continue;
        if (!isKnown(machineId)) {
          discard(machineId, 'unknown');
          return undefined;
        }
        const flow = restore(machineId);
        if (flow !== undefined) foregroundId = machineId;
        return flow;
      }
      return undefined;
    },
    foreground() {
      return foregroundId === undefined ? undefined : running.get(foregroundId);
    },
    focus(machineId) {
      if (running.has(machineId)) foregroundId = machineId;
    },
    release() {
      foregroundId = undefined;
    },
    stop(machineId) {
      stopRun(machineId);
      storage?.removeItem(storageKey(machineId));
    },
    clear() {
      for (const machineId of [...running.keys()]) stopRun(machineId);
      for (const machineId of storedMachineIds(storage)) storage?.removeItem(storageKey(machineId));
      foregroundId = undefined;
    },
    onRoute(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
