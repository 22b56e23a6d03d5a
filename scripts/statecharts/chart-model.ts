/**
 * The one intermediate form every statechart export is rendered from: a plain, sorted,
 * function-free description of a machine's state nodes and transition definitions. It is
 * also the committed JSON export, so `--diff` compares two of these.
 */
import { createHash } from 'node:crypto';
import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { guardName } from '../../machines/mbt/transition-key';
import type { MachineEntry } from '../../machines/registry';
import { findPage, pageById } from '../../machines/page-table';

export const CHART_FORMAT = 'carrier-portal/statechart@1';

export type ChartState = {
  /** Full state node id, e.g. `anshinApply.confirm`. */
  readonly id: string;
  readonly key: string;
  readonly parent: string | null;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Id of the initial child, for compound states. */
  readonly initial: string | null;
  readonly title: string | null;
  readonly route: string | null;
  readonly pageId: string | null;
  readonly tags: readonly string[];
  readonly requirements: readonly string[];
  readonly description: string | null;
  readonly invokes: readonly { readonly id: string; readonly src: string }[];
  /** Document order; layouts and tables follow it. */
  readonly order: number;
};

export type TransitionKind = 'event' | 'always' | 'after' | 'done.actor' | 'error.actor' | 'done.state';

export type ChartTransition = {
  /** `sourceId|eventType|index`, the key the coverage report uses. */
  readonly key: string;
  readonly source: string;
  /** The event type; `always` for eventless transitions. */
  readonly event: string;
  readonly index: number;
  readonly kind: TransitionKind;
  /** Short label for drawings: `wizard.submit`, `done:registerService`, `after 30 min`. */
  readonly label: string;
  readonly targets: readonly string[];
  readonly guard: string | null;
  /** The unguarded fallback of a guarded candidate list. */
  readonly isElse: boolean;
  readonly reenter: boolean;
  readonly actions: readonly string[];
  readonly requirements: readonly string[];
  readonly delay: number | null;
};

export type ChartModel = {
  readonly format: typeof CHART_FORMAT;
  readonly id: string;
  readonly title: string;
  /** sha256 (first 16 hex) of this object without the field itself. */
  readonly machineVersion: string;
  readonly initial: string | null;
  readonly states: readonly ChartState[];
  readonly transitions: readonly ChartTransition[];
  readonly requirements: readonly string[];
};

type StateMeta = {
  route?: unknown;
  pageId?: unknown;
  title?: unknown;
  requirements?: unknown;
};

const ALWAYS = 'always';

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const fn = action as { type?: unknown; name?: string };
    if (typeof fn.type === 'string') return fn.type;
    return fn.name && fn.name !== 'anonymous' ? fn.name : 'inline';
  }
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type);
  return 'inline';
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The root and every descendant state node, in document order. */
export function allStateNodes(root: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(root);
  return out;
}

/** Every transition definition of a node: `on`, invoke done/error, `after`, `onDone`, `always`. */
export function nodeTransitionLists(node: AnyStateNode): [string, readonly AnyTransitionDefinition[]][] {
  const lists: [string, readonly AnyTransitionDefinition[]][] = [...node.transitions.entries()];
  if (node.always && node.always.length > 0) lists.push([ALWAYS, node.always]);
  return lists;
}

function kindOf(eventType: string): TransitionKind {
  if (eventType === ALWAYS) return 'always';
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done.actor';
  if (eventType.startsWith('xstate.error.actor.')) return 'error.actor';
  if (eventType.startsWith('xstate.done.state.')) return 'done.state';
  return 'event';
}

/** Human form of a delay in milliseconds: `30 min`, `5 s`, `250 ms`. */
export function formatDelay(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

function labelOf(kind: TransitionKind, eventType: string, delay: number | null): string {
  switch (kind) {
    case 'always':
      return 'always';
    case 'after':
      return delay === null ? `after ${eventType.split('.')[2] ?? ''}` : `after ${formatDelay(delay)}`;
    case 'done.actor':
      return `done:${eventType.slice('xstate.done.actor.'.length)}`;
    case 'error.actor':
      return `error:${eventType.slice('xstate.error.actor.'.length)}`;
    case 'done.state':
      return 'done';
    case 'event':
      return eventType;
  }
}

function stateType(node: AnyStateNode): ChartState['type'] {
  return node.type;
}

/**
 * Builds the chart model of a registry entry. Titles, routes and screen IDs come from
 * `meta`; a state that names only its screen ID or route is completed from the page table.
 */
export function buildChartModel(entry: MachineEntry): ChartModel {
  const root = entry.machine.root as AnyStateNode;
  const nodes = allStateNodes(root);
  const states: ChartState[] = [];
  const transitions: ChartTransition[] = [];
  nodes.forEach((node, order) => {
    if (node !== root) {
      const meta = (node.meta ?? {}) as StateMeta;
      const declaredPageId = textOrNull(meta.pageId);
      const declaredRoute = textOrNull(meta.route);
      const page = declaredPageId ? pageById(declaredPageId) : declaredRoute ? findPage(declaredRoute) : undefined;
      const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
      states.push({
        id: node.id,
        key: node.key,
        parent: node.parent && node.parent !== root ? node.parent.id : null,
        type: stateType(node),
        initial: initialTarget ? initialTarget.id : null,
        title: textOrNull(meta.title) ?? page?.title ?? null,
        route: declaredRoute ?? page?.path ?? null,
        pageId: declaredPageId ?? page?.id ?? null,
        tags: [...node.tags].sort(),
        requirements: [...new Set(stringArray(meta.requirements))].sort(),
        description: textOrNull(node.description),
        invokes: node.invoke.map((inv) => ({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : 'inline' })),
        order,
      });
    }
    for (const [eventType, list] of nodeTransitionLists(node)) {
      const typeKey = eventType === '' ? ALWAYS : eventType;
      const anyGuarded = list.some((t) => t.guard !== undefined);
      list.forEach((t, index) => {
        const kind = kindOf(typeKey);
        const delayValue = (t as { delay?: unknown }).delay;
        const delay = typeof delayValue === 'number' ? delayValue : null;
        const tMeta = ((t as { meta?: unknown }).meta ?? {}) as StateMeta;
        transitions.push({
          key: `${node.id}|${typeKey}|${index}`,
          source: node.id,
          event: typeKey,
          index,
          kind,
          label: labelOf(kind, typeKey, delay),
          targets: (t.target ?? []).map((target: AnyStateNode) => target.id),
          guard: guardName(t.guard),
          isElse: anyGuarded && t.guard === undefined && index > 0,
          reenter: t.reenter === true,
          actions: (t.actions ?? []).map(actionName),
          requirements: [...new Set(stringArray(tMeta.requirements))].sort(),
          delay,
        });
      });
    }
  });
  const requirements = [
    ...new Set([...states.flatMap((s) => s.requirements), ...transitions.flatMap((t) => t.requirements)]),
  ].sort();
  const rootInitial = root.initial?.target?.[0];
  const body = {
    format: CHART_FORMAT as typeof CHART_FORMAT,
    id: entry.id,
    title: entry.title,
    initial: rootInitial ? rootInitial.id : null,
    states,
    transitions,
    requirements,
  };
  return { ...body, machineVersion: hashOf(body) };
}

/** JSON with object keys sorted at every level, so equal models give equal text. */
export function canonicalJson(value: unknown, indent = 0): string {
  return JSON.stringify(sortKeys(value), null, indent || undefined);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** First 16 hex digits of the sha256 of the canonical JSON. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);
}

/** The display lines of a state: title, route and screen ID, tags. */
export function stateLines(state: ChartState): { title: string; detail: string | null; tags: string | null } {
  const detail = [state.pageId, state.route].filter(Boolean).join('  ');
  return {
    title: state.title ? `${state.title}` : state.key,
    detail: detail === '' ? null : detail,
    tags: state.tags.length > 0 ? state.tags.map((t) => `#${t}`).join(' ') : null,
  };
}

/** Text label of a transition as analysts read it: `event [guard]`, `[else]` for fallbacks. */
export function transitionText(t: ChartTransition): string {
  if (t.guard) return `${t.label} [${t.guard}]`;
  if (t.isElse) return `${t.label} [else]`;
  return t.label;
}

/** Parses a committed JSON export, refusing other formats. */
export function parseChartModel(text: string): ChartModel {
  const parsed = JSON.parse(text) as Partial<ChartModel>;
  if (parsed.format !== CHART_FORMAT) throw new Error(`not a ${CHART_FORMAT} document (format: ${String(parsed.format)})`);
  return parsed as ChartModel;
}
