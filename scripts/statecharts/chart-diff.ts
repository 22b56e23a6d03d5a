/**
 * What changed between two chart models: states, transitions, guards and requirements,
 * each added, removed or changed, as Markdown and as a coloured SVG; and what follows from it:
 * states no path reaches any more and requirement ids no path covers any more.
 *
 * Transitions are matched by `source|event|guard` (unguarded ones, including else-branches,
 * as `-`) rather than by their index, so inserting a guarded candidate in front of an
 * unguarded one reports exactly the inserted transition.
 */
import type { ChartModel, ChartState, ChartTransition } from './chart-model';
import { CHART_FORMAT, transitionText } from './chart-model';
import { toSvg, type ChangeStatus } from './svg-export';

export type Change = {
  readonly kind: ChangeStatus;
  /** State id, transition identity, guard name or requirement id. */
  readonly id: string;
  /** Readable one-line description. */
  readonly text: string;
  /** For `changed`: which fields differ, with before -> after. */
  readonly fields: readonly string[];
};

export type ChartDiff = {
  readonly id: string;
  readonly title: string;
  readonly before: string | null;
  readonly after: string | null;
  readonly states: readonly Change[];
  readonly transitions: readonly Change[];
  readonly guards: readonly Change[];
  readonly requirements: readonly Change[];
  /** States reachable before and present but unreachable after (kind `removed`). */
  readonly unreachable: readonly Change[];
  /** Requirement ids some path covered before and none covers after (kind `removed`). */
  readonly uncovered: readonly Change[];
};

/** Identity of a transition across versions. */
export function transitionIdentity(t: ChartTransition): string {
  return `${t.source}|${t.event}|${t.guard ?? '-'}`;
}

function identities(model: ChartModel | null): Map<string, ChartTransition> {
  const out = new Map<string, ChartTransition>();
  for (const t of model?.transitions ?? []) {
    const base = transitionIdentity(t);
    let id = base;
    for (let i = 2; out.has(id); i++) id = `${base}#${i}`;
    out.set(id, t);
  }
  return out;
}

const show = (v: unknown) => (Array.isArray(v) ? `[${v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')}]` : JSON.stringify(v ?? null));

function fieldChanges<T extends object>(a: T, b: T, fields: readonly (keyof T)[]): string[] {
  return fields
    .filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]))
    .map((f) => `${String(f)}: ${show(a[f])} → ${show(b[f])}`);
}

function compareMaps<T>(
  before: Map<string, T>,
  after: Map<string, T>,
  describe: (id: string, item: T) => string,
  changedFields: (a: T, b: T) => string[],
): Change[] {
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  const out: Change[] = [];
  for (const id of ids) {
    const a = before.get(id);
    const b = after.get(id);
    if (a === undefined && b !== undefined) out.push({ kind: 'added', id, text: describe(id, b), fields: [] });
    else if (a !== undefined && b === undefined) out.push({ kind: 'removed', id, text: describe(id, a), fields: [] });
    else if (a !== undefined && b !== undefined) {
      const fields = changedFields(a, b);
      if (fields.length > 0) out.push({ kind: 'changed', id, text: describe(id, b), fields });
    }
  }
  return out;
}

const STATE_FIELDS = ['parent', 'type', 'initial', 'title', 'route', 'pageId', 'tags', 'requirements', 'invokes', 'description'] as const;
const TRANSITION_FIELDS = ['targets', 'actions', 'requirements', 'reenter', 'delay'] as const;

function usage(model: ChartModel | null, pick: (t: ChartTransition) => string[], pickState: (s: ChartState) => string[]) {
  const out = new Map<string, string[]>();
  const add = (key: string, item: string) => out.set(key, [...(out.get(key) ?? []), item]);
  for (const s of model?.states ?? []) for (const k of pickState(s)) add(k, s.id);
  for (const [id, t] of identities(model)) for (const k of pick(t)) add(k, id);
  for (const [k, v] of out) out.set(k, [...new Set(v)].sort());
  return out;
}

/**
 * States some sequence of transitions enters from the initial state, guards taken as passable:
 * entering a state enters its ancestors and its initial (or, if parallel, every) child.
 */
export function reachableStates(model: ChartModel | null): Set<string> {
  const reached = new Set<string>();
  if (!model?.initial) return reached;
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const children = new Map<string, ChartState[]>();
  for (const s of model.states) if (s.parent) children.set(s.parent, [...(children.get(s.parent) ?? []), s]);
  const bySource = new Map<string, ChartTransition[]>();
  for (const t of model.transitions) bySource.set(t.source, [...(bySource.get(t.source) ?? []), t]);
  const queue: string[] = [];
  const enter = (id: string) => {
    if (reached.has(id) || !byId.has(id)) return;
    reached.add(id);
    queue.push(id);
    const state = byId.get(id);
    if (state?.parent) enter(state.parent);
    if (state?.type === 'parallel') for (const child of children.get(id) ?? []) enter(child.id);
    else if (state?.initial) enter(state.initial);
  };
  // The root's own transitions apply wherever the flow is, as long as it runs.
  for (const t of bySource.get(model.id) ?? []) for (const target of t.targets) queue.push(`target:${target}`);
  enter(model.initial);
  while (queue.length > 0) {
    const next = queue.shift() as string;
    if (next.startsWith('target:')) {
      enter(next.slice('target:'.length));
      continue;
    }
    for (const t of bySource.get(next) ?? []) for (const target of t.targets) enter(target);
  }
  return reached;
}

/** Requirement ids cited by a reachable state or by a transition out of one (or of the root). */
export function coveredRequirements(model: ChartModel | null): Map<string, string[]> {
  const reached = reachableStates(model);
  const out = new Map<string, string[]>();
  const add = (requirement: string, by: string) => out.set(requirement, [...(out.get(requirement) ?? []), by]);
  for (const s of model?.states ?? []) if (reached.has(s.id)) for (const r of s.requirements) add(r, s.id);
  for (const t of model?.transitions ?? []) {
    if (reached.has(t.source) || t.source === model?.id) for (const r of t.requirements) add(r, transitionIdentity(t));
  }
  return out;
}

function consequences(before: ChartModel | null, after: ChartModel | null): Pick<ChartDiff, 'unreachable' | 'uncovered'> {
  if (!before || !after) return { unreachable: [], uncovered: [] };
  const was = reachableStates(before);
  const is = reachableStates(after);
  const unreachable = after.states
    .filter((s) => was.has(s.id) && !is.has(s.id))
    .map((s) => ({ kind: 'removed' as const, id: s.id, text: `\`${s.id}\`${s.title ? ` ${s.title}` : ''}${s.route ? ` (${s.route})` : ''}`, fields: [] }));
  const covered = coveredRequirements(after);
  const uncovered = [...coveredRequirements(before)]
    .filter(([id]) => !covered.has(id))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, by]) => ({ kind: 'removed' as const, id, text: `${id}: last covered by ${by.map((u) => `\`${u}\``).join(', ')}`, fields: [] }));
  return { unreachable, uncovered };
}

/** Compares two versions of a flow; `null` means the flow did not exist. */
export function diffCharts(before: ChartModel | null, after: ChartModel | null): ChartDiff {
  const any = after ?? before;
  if (!any) throw new Error('diffCharts needs at least one model');
  const states = compareMaps(
    new Map((before?.states ?? []).map((s) => [s.id, s])),
    new Map((after?.states ?? []).map((s) => [s.id, s])),
    (id, s) => `\`${id}\`${s.title ? ` ${s.title}` : ''}${s.route ? ` (${s.route})` : ''}`,
    (a, b) => fieldChanges(a, b, STATE_FIELDS),
  );
  const transitions = compareMaps(
    identities(before),
    identities(after),
    (_id, t) => `\`${t.source}\` —${transitionText(t)}→ ${t.targets.length > 0 ? t.targets.map((x) => `\`${x}\``).join(', ') : '(internal)'}`,
    (a, b) => fieldChanges(a, b, TRANSITION_FIELDS),
  );
  const guardUse = (m: ChartModel | null) => usage(m, (t) => (t.guard ? [t.guard] : []), () => []);
  const guards = compareMaps(
    guardUse(before),
    guardUse(after),
    (id, used) => `\`${id}\` used by ${used.map((u) => `\`${u}\``).join(', ')}`,
    (a, b) => (JSON.stringify(a) === JSON.stringify(b) ? [] : [`used by: ${show(a)} → ${show(b)}`]),
  );
  const reqUse = (m: ChartModel | null) => usage(m, (t) => [...t.requirements], (s) => [...s.requirements]);
  const requirements = compareMaps(
    reqUse(before),
    reqUse(after),
    (id, used) => `${id}: ${used.map((u) => `\`${u}\``).join(', ')}`,
    (a, b) => (JSON.stringify(a) === JSON.stringify(b) ? [] : [`cited by: ${show(a)} → ${show(b)}`]),
  );
  return {
    id: any.id,
    title: any.title,
    before: before?.machineVersion ?? null,
    after: after?.machineVersion ?? null,
    states,
    transitions,
    guards,
    requirements,
    ...consequences(before, after),
  };
}

export function isEmptyDiff(diff: ChartDiff): boolean {
  return diff.states.length + diff.transitions.length + diff.guards.length + diff.requirements.length + diff.unreachable.length + diff.uncovered.length === 0;
}

const MARK: Record<ChangeStatus, string> = { added: '＋ added', removed: '－ removed', changed: '～ changed' };

/** Markdown report of one flow's diff. */
export function diffToMarkdown(diff: ChartDiff, revision: string): string {
  const section = (title: string, changes: readonly Change[], marked = true) =>
    changes.length === 0
      ? []
      : [
          `### ${title}`,
          '',
          ...changes.map((c) => `- ${marked ? `${MARK[c.kind]} ` : ''}${c.text}${c.fields.length > 0 ? `\n${c.fields.map((f) => `  - ${f}`).join('\n')}` : ''}`),
          '',
        ];
  const status =
    diff.before === null ? `new since ${revision}` : diff.after === null ? `removed since ${revision}` : `since ${revision}`;
  return [
    `## ${diff.title}（\`${diff.id}\`）: ${status}`,
    '',
    `machineVersion \`${diff.before ?? '—'}\` → \`${diff.after ?? '—'}\``,
    '',
    ...(isEmptyDiff(diff)
      ? ['No changes.', '']
      : [
          ...section('States', diff.states),
          ...section('Transitions', diff.transitions),
          ...section('Guards', diff.guards),
          ...section('Requirements', diff.requirements),
          ...section('States no path reaches any more', diff.unreachable, false),
          ...section('Requirements no path covers any more', diff.uncovered, false),
        ]),
  ].join('\n');
}

/** SVG of the union of both versions: added green, removed red dashed, changed amber. */
export async function diffToSvg(before: ChartModel | null, after: ChartModel | null, revision: string): Promise<string> {
  const diff = diffCharts(before, after);
  const status = new Map<string, ChangeStatus>();
  const base = after ?? before;
  if (!base) throw new Error('diffToSvg needs at least one model');
  for (const c of diff.states) status.set(c.id, c.kind);
  const afterIds = identities(after);
  const beforeIds = identities(before);
  const transitions: ChartTransition[] = [];
  for (const [id, t] of afterIds) {
    const change = diff.transitions.find((c) => c.id === id);
    if (change) status.set(t.key, change.kind);
    transitions.push(t);
  }
  for (const [id, t] of beforeIds) {
    if (afterIds.has(id)) continue;
    const key = `removed:${t.key}`;
    status.set(key, 'removed');
    transitions.push({ ...t, key });
  }
  const afterStateIds = new Set((after?.states ?? []).map((s) => s.id));
  const removedStates = (before?.states ?? [])
    .filter((s) => !afterStateIds.has(s.id))
    .map((s) => ({ ...s, order: s.order + 100_000 }));
  const union: ChartModel = {
    format: CHART_FORMAT,
    id: base.id,
    title: base.title,
    machineVersion: diff.after ?? diff.before ?? '',
    initial: after?.initial ?? before?.initial ?? null,
    states: [...(after?.states ?? []), ...removedStates],
    transitions,
    requirements: [],
  };
  const heading = `${base.title}（${base.id}）の変更 ${revision} → 現在  ${diff.before ?? '—'} → ${diff.after ?? '—'}  （緑 追加 / 赤破線 削除 / 橙 変更）`;
  return toSvg(union, { status, heading });
}
