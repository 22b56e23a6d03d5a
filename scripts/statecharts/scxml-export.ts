/**
 * W3C SCXML (2015 Recommendation) an interpreter can run (ADR 0076): ECMAScript data model,
 * each guard as the condition the machine declares beside it (machines/scxml-semantics.ts),
 * the actions that change what a guard reads as `<assign>`, invokes of child machines as the
 * child's exported chart and of promise actors as named external services, delays with their
 * values, and the machine's final states at the top level with `<donedata>`. Meta (title,
 * route, screen ID, tags, requirements) and the other actions stay comments.
 */
import { getInitialSnapshot, type AnyStateMachine, type AnyStateNode } from 'xstate';
import type { MachineEntry } from '../../machines/registry';
import { bindParams, js, scxmlSemanticsOf, type ScxmlSemantics } from '../../machines/scxml-semantics';
import { allStateNodes, type ChartModel, type ChartState, type ChartTransition } from './chart-model';
import { buildTree } from './chart-tree';

/** `type` of an `<invoke>` of a promise actor: the host platform provides the service by its id. */
export const SERVICE_INVOKE_TYPE = 'http://carrier-portal.example/scxml/service';
export const SCXML_INVOKE_TYPE = 'http://www.w3.org/TR/scxml/';

const attr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** `--` may not appear inside an XML comment. */
const comment = (text: string) => `<!-- ${text.replace(/-{2,}/g, '-')} -->`;

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** The SCXML event a transition listens to; an invoke's failure is `error.execution` from that invoke. */
export function scxmlEventOf(t: Pick<ChartTransition, 'kind' | 'event'>): string | null {
  switch (t.kind) {
    case 'always':
      return null;
    case 'done.actor':
      return `done.invoke.${t.event.slice(DONE_ACTOR.length)}`;
    case 'error.actor':
      return 'error.execution';
    case 'done.state':
      return `done.state.${t.event.slice('xstate.done.state.'.length)}`;
    case 'after':
    case 'event':
      return t.event;
  }
}

/** The invoked actor is a registered machine: the child chart's path relative to this chart. */
function childChartOf(machine: AnyStateMachine, src: string): string | null {
  const logic = (machine.implementations.actors as Record<string, unknown>)[src];
  if (typeof logic === 'object' && logic !== null && 'root' in logic && 'id' in logic) {
    const id = String((logic as { id: unknown }).id);
    return `../${id}/${id}.scxml`;
  }
  return null;
}

function delayOf(machine: AnyStateMachine, t: ChartTransition): number {
  if (t.delay !== null) return t.delay;
  const name = t.event.slice(AFTER.length).split('.')[0] ?? '';
  const value = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof value !== 'number') throw new Error(`${t.key}: delay "${name}" is not a number of milliseconds`);
  return value;
}

function semanticsOf(entry: MachineEntry): ScxmlSemantics {
  const declared = scxmlSemanticsOf(entry.machine);
  if (!declared) throw new Error(`${entry.id}: no SCXML semantics; declare them with withScxml() (ADR 0076)`);
  const guards = Object.keys(entry.machine.implementations.guards);
  const unknown = Object.keys(declared.guards).filter((name) => !guards.includes(name));
  if (unknown.length > 0) throw new Error(`${entry.id}: SCXML conditions for guards it does not have: ${unknown.join(', ')}`);
  return declared;
}

/** Datamodel ids: the context keys guards and assignments read or write. */
function dataIds(semantics: ScxmlSemantics): string[] {
  const ids = new Set<string>();
  for (const cond of Object.values(semantics.guards)) for (const key of cond.reads ?? []) ids.add(key);
  for (const assigns of Object.values(semantics.actions ?? {})) for (const [location] of assigns) ids.add(location.split('.')[0] ?? location);
  return [...ids].sort();
}

/**
 * The chart's context data at the start, for the entry's input: what the `<data>` elements hold
 * and what a replay from another input (a variant) passes as params.
 */
export function scxmlInitialData(entry: MachineEntry): Record<string, unknown> {
  const context = getInitialSnapshot(entry.machine, entry.input).context as Record<string, unknown>;
  // An input key is the chart's <param>: its value as given, before eventless transitions of the
  // initial state consumed it (the account flow forgets the page it was opened on once there).
  const input = typeof entry.input === 'object' && entry.input !== null ? (entry.input as Record<string, unknown>) : {};
  return Object.fromEntries(dataIds(semanticsOf(entry)).map((id) => [id, (Object.hasOwn(input, id) ? input[id] : context[id]) ?? null]));
}

/** An action as a machine lists it: its name and, when it has them, its params. */
type ActionUse = { readonly name: string; readonly params?: unknown };

function actionUses(actions: readonly unknown[]): ActionUse[] {
  return actions.flatMap((a): ActionUse[] => {
    if (typeof a === 'string') return [{ name: a }];
    if (typeof a === 'object' && a !== null && 'type' in a) return [{ name: String(a.type), params: (a as { params?: unknown }).params }];
    return [];
  });
}

/** Entry actions of each state node, by state id. */
function entryActions(machine: AnyStateMachine): Map<string, ActionUse[]> {
  const out = new Map<string, ActionUse[]>();
  for (const node of allStateNodes(machine.root as AnyStateNode)) out.set(node.id, actionUses(node.entry));
  return out;
}

/** The machine's own transition behind a chart transition: where its guard and actions keep their params. */
function machineTransitionOf(machine: AnyStateMachine, t: ChartTransition): { guard?: unknown; actions?: readonly unknown[] } | undefined {
  const node = machine.getStateNodeById(t.source) as AnyStateNode;
  return t.kind === 'always' ? node.always?.[t.index] : node.transitions.get(t.event)?.[t.index];
}

/** Renders the chart model of a registry entry as an executable SCXML document. */
export function toScxml(model: ChartModel, entry: MachineEntry): string {
  const machine = entry.machine;
  const semantics = semanticsOf(entry);
  const tree = buildTree(model);
  const bySource = new Map<string, ChartTransition[]>();
  for (const t of model.transitions) {
    const list = bySource.get(t.source) ?? [];
    list.push(t);
    bySource.set(t.source, list);
  }
  const entries = entryActions(machine);
  const assignLines = (actions: readonly ActionUse[], pad: string): string[] =>
    actions.flatMap(({ name, params }) =>
      (semantics.actions?.[name] ?? []).map(
        ([location, expr]) => `${pad}<assign location="${attr(location)}" expr="${attr(bindParams(expr, params))}"/>`,
      ),
    );
  const condOf = (t: ChartTransition): string | null => {
    // The chart names a guard with its static params (`isEntry({"path":…})`); the semantics by its type.
    const used = machineTransitionOf(machine, t)?.guard;
    const { type, params } = typeof used === 'object' && used !== null ? (used as { type?: string; params?: unknown }) : { type: t.guard ?? undefined, params: undefined };
    const guard = t.guard && type ? semantics.guards[type] : undefined;
    if (t.guard && !guard) throw new Error(`${t.key}: guard ${t.guard} has no SCXML condition (ADR 0076)`);
    const fromInvoke = t.kind === 'error.actor' ? `_event.invokeid === '${t.event.slice(ERROR_ACTOR.length)}'` : null;
    const parts = [fromInvoke, guard ? `(${bindParams(guard.cond, params)})` : null].filter((p): p is string => p !== null);
    return parts.length > 0 ? parts.join(' && ') : null;
  };

  const initialData = scxmlInitialData(entry);
  const inputKeys = new Set(typeof entry.input === 'object' && entry.input !== null ? Object.keys(entry.input) : []);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    comment(`${model.title} (${model.id}) machineVersion ${model.machineVersion}. Generated by npm run statecharts; do not edit.`),
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0" datamodel="ecmascript" name="${attr(model.id)}" initial="${attr(model.id)}">`,
    '  <datamodel>',
    `    <data id="machineVersion" expr="'${model.machineVersion}'"/>`,
  ];
  for (const [id, value] of Object.entries(initialData)) {
    const note = inputKeys.has(id) ? ` ${comment("the model's input; an invoking chart's <param> replaces it")}` : '';
    out.push(`    <data id="${attr(id)}" expr="${attr(js(value))}"/>${note}`);
  }
  for (const [id, value] of Object.entries(semantics.tables ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`    <data id="${attr(id)}" expr="${attr(js(value))}"/>`);
  }
  out.push('  </datamodel>');

  const transitionLines = (source: string, pad: string) => {
    for (const t of bySource.get(source) ?? []) {
      const event = scxmlEventOf(t);
      const cond = condOf(t);
      const parts = [`<transition`];
      if (event) parts.push(` event="${attr(event)}"`);
      if (cond) parts.push(` cond="${attr(cond)}"`);
      if (t.targets.length > 0) parts.push(` target="${attr(t.targets.join(' '))}"`);
      if (t.targets.length === 0 || !t.reenter) parts.push(` type="internal"`);
      const notes = [
        t.isElse ? 'else' : null,
        t.actions.length > 0 ? `actions: ${t.actions.join(', ')}` : null,
        t.requirements.length > 0 ? `requirements: ${t.requirements.join(', ')}` : null,
      ].filter((x): x is string => x !== null);
      const note = notes.length > 0 ? ` ${comment(notes.join('; '))}` : '';
      const body = assignLines(actionUses(machineTransitionOf(machine, t)?.actions ?? []), `${pad}  `);
      if (body.length === 0) out.push(`${pad}${parts.join('')}/>${note}`);
      else out.push(`${pad}${parts.join('')}>${note}`, ...body, `${pad}</transition>`);
    }
  };
  const onEntry = (s: ChartState, pad: string) => {
    const afters = (bySource.get(s.id) ?? []).filter((t) => t.kind === 'after' && t.index === 0);
    const assigns = assignLines(entries.get(s.id) ?? [], `${pad}  `);
    if (afters.length === 0 && assigns.length === 0) return;
    out.push(`${pad}<onentry>`, ...assigns);
    for (const t of afters) out.push(`${pad}  <send id="${attr(t.event)}" event="${attr(t.event)}" delay="${delayOf(machine, t)}ms"/>`);
    out.push(`${pad}</onentry>`);
    if (afters.length === 0) return;
    out.push(`${pad}<onexit>`);
    for (const t of afters) out.push(`${pad}  <cancel sendid="${attr(t.event)}"/>`);
    out.push(`${pad}</onexit>`);
  };
  const invokeLines = (s: ChartState, pad: string) => {
    for (const inv of s.invokes) {
      const child = childChartOf(machine, inv.src);
      const params = Object.entries(semantics.invokeParams?.[inv.id] ?? {});
      const open = child
        ? `<invoke type="${SCXML_INVOKE_TYPE}" id="${attr(inv.id)}" src="${attr(child)}"`
        : `<invoke type="${SERVICE_INVOKE_TYPE}" id="${attr(inv.id)}" src="service:${attr(inv.src)}"`;
      if (params.length === 0) {
        out.push(`${pad}${open}/>`);
        continue;
      }
      out.push(`${pad}${open}>`);
      for (const [name, expr] of params) out.push(`${pad}  <param name="${attr(name)}" expr="${attr(expr)}"/>`);
      out.push(`${pad}</invoke>`);
    }
  };
  const metaComment = (s: ChartState, pad: string) => {
    const meta = [
      s.title ? `title: ${s.title}` : null,
      s.route ? `route: ${s.route}` : null,
      s.pageId ? `pageId: ${s.pageId}` : null,
      s.tags.length > 0 ? `tags: ${s.tags.join(', ')}` : null,
      s.requirements.length > 0 ? `requirements: ${s.requirements.join(', ')}` : null,
    ].filter((x): x is string => x !== null);
    if (meta.length > 0) out.push(`${pad}${comment(meta.join('; '))}`);
  };
  const renderState = (s: ChartState, depth: number) => {
    const pad = '  '.repeat(depth);
    const kids = tree.children.get(s.id) ?? [];
    const element = s.type === 'final' ? 'final' : s.type === 'parallel' ? 'parallel' : 'state';
    metaComment(s, pad);
    const initial = element === 'state' && s.initial ? ` initial="${attr(s.initial)}"` : '';
    const before = out.length;
    out.push(`${pad}<${element} id="${attr(s.id)}"${initial}>`);
    onEntry(s, `${pad}  `);
    // SCXML puts transitions before child states and invokes after them.
    transitionLines(s.id, `${pad}  `);
    for (const k of kids) renderState(k, depth + 1);
    invokeLines(s, `${pad}  `);
    if (out.length === before + 1) out[before] = `${pad}<${element} id="${attr(s.id)}"${initial}/>`;
    else out.push(`${pad}</${element}>`);
  };
  // The machine's own final states end the session: top-level <final>s whose <donedata> is what
  // an invoking chart receives as `done.invoke.<id>` data.
  const topLevel = tree.children.get(null) ?? [];
  const finals = topLevel.filter((s) => s.type === 'final');
  out.push(`  <state id="${attr(model.id)}"${model.initial ? ` initial="${attr(model.initial)}"` : ''}>`);
  transitionLines(model.id, '    ');
  for (const s of topLevel) if (s.type !== 'final') renderState(s, 2);
  out.push('  </state>');
  for (const s of finals) {
    metaComment(s, '  ');
    out.push(`  <final id="${attr(s.id)}">`);
    onEntry(s, '    ');
    out.push('    <donedata>');
    const done = semantics.done?.[s.key] ?? { outcome: `'${s.key}'` };
    for (const [name, expr] of Object.entries(done)) out.push(`      <param name="${attr(name)}" expr="${attr(expr)}"/>`);
    out.push('    </donedata>', '  </final>');
  }
  out.push('</scxml>', '');
  return out.join('\n');
}
