/**
 * Naming of transition definitions and guards, shared by the exports, the coverage
 * universe and the browser recorder. No Node imports: it runs in the browser too.
 */
import type { AnyTransitionDefinition } from 'xstate';

const ALWAYS = 'always';

/** Readable name of a guard: its `type` for named guards, the combinator for and/or/not. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combinator = guard as { name: string; guards?: unknown };
    if (combinator.guards !== undefined) {
      const inner = Array.isArray(combinator.guards) ? combinator.guards : [combinator.guards];
      return `${combinator.name}(${inner.map((g) => guardName(g) ?? 'inline').join(', ')})`;
    }
    // Inline guards cannot be named in a chart; the style guide forbids them in flows.
    return 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    return params === undefined || typeof params === 'function' ? String(type) : `${String(type)}(${JSON.stringify(params)})`;
  }
  return 'inline';
}

/** Event type of a transition as used in keys: eventless transitions are `always`. */
export function transitionEventType(transition: { eventType: string | null | undefined }): string {
  return transition.eventType ? transition.eventType : ALWAYS;
}

/** The candidate list a transition definition belongs to, in document order. */
export function candidateList(transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  const source = transition.source;
  if (!transition.eventType) return source.always ?? [];
  return source.transitions.get(transition.eventType as string) ?? [];
}

/** `sourceId|eventType|index` of a live transition definition. */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const list = candidateList(transition);
  return `${transition.source.id}|${transitionEventType(transition)}|${list.indexOf(transition)}`;
}

/** True when an event descriptor (`a.b`, `a.*`, `*`) matches an event type. */
export function descriptorMatches(descriptor: string, type: string): boolean {
  if (descriptor === type || descriptor === '*') return true;
  return descriptor.endsWith('.*') && type.startsWith(descriptor.slice(0, -1));
}
