/**
 * Which states of a flow the viewer highlights: from `?state=` (a state path such as
 * `confirm` or `confirm.reviewing`, or a full id) or from the flow's persisted snapshot in
 * sessionStorage (`portal.flow.<machineId>`, written by src/flows/flow-registry.ts).
 */
import type { StateValue } from 'xstate';

const FLOW_STORAGE_PREFIX = 'portal.flow.';

/**
 * The part of a committed statechart JSON export (scripts/statecharts/chart-model.ts,
 * docs/decisions/0027) the viewer reads. Declared here because src/ may not import scripts/.
 */
export type ViewerChart = {
  readonly id: string;
  readonly title: string;
  readonly machineVersion: string;
  readonly states: readonly {
    readonly id: string;
    readonly title: string | null;
    readonly route: string | null;
    readonly pageId: string | null;
    readonly requirements: readonly string[];
  }[];
  readonly transitions: readonly {
    readonly key: string;
    readonly source: string;
    readonly label: string;
    readonly targets: readonly string[];
    readonly guard: string | null;
    readonly isElse: boolean;
    readonly requirements: readonly string[];
  }[];
};

/** Ids of every state node active in a state value, outermost first. */
export function activeStateIds(machineId: string, value: StateValue): string[] {
  if (typeof value === 'string') return [`${machineId}.${value}`];
  return Object.entries(value).flatMap(([key, child]) => {
    const id = `${machineId}.${key}`;
    return child === undefined ? [id] : [id, ...activeStateIds(id, child)];
  });
}

/** Ids of a dotted state path and its ancestors: `confirm.reviewing` -> both nodes. */
export function stateIdsFromPath(machineId: string, path: string): string[] {
  const relative = path.startsWith(`${machineId}.`) ? path.slice(machineId.length + 1) : path;
  const parts = relative.split('.').filter(Boolean);
  return parts.map((_, i) => `${machineId}.${parts.slice(0, i + 1).join('.')}`);
}

/** The state value of the flow's persisted snapshot, if the tab has one. */
export function persistedStateValue(storage: Pick<Storage, 'getItem'>, machineId: string): StateValue | undefined {
  try {
    const text = storage.getItem(`${FLOW_STORAGE_PREFIX}${machineId}`);
    if (!text) return undefined;
    const value = (JSON.parse(text) as { snapshot?: { value?: unknown } }).snapshot?.value;
    return typeof value === 'string' || (typeof value === 'object' && value !== null) ? (value as StateValue) : undefined;
  } catch {
    return undefined;
  }
}

/** What the viewer shows: the flow and the highlighted state ids, from the URL and storage. */
export function viewerSelection(
  search: string,
  storage: Pick<Storage, 'getItem'> | undefined,
  flowIds: readonly string[],
): { flow: string | undefined; current: string[]; source: 'url' | 'session' | 'none' } {
  const params = new URLSearchParams(search);
  const requested = params.get('flow');
  const flow = requested && flowIds.includes(requested) ? requested : flowIds[0];
  if (!flow) return { flow: undefined, current: [], source: 'none' };
  const state = params.get('state');
  if (state && requested === flow) return { flow, current: stateIdsFromPath(flow, state), source: 'url' };
  const stored = storage ? persistedStateValue(storage, flow) : undefined;
  return stored === undefined ? { flow, current: [], source: 'none' } : { flow, current: activeStateIds(flow, stored), source: 'session' };
}

/**
 * The chart's own `<style>` taken out of its markup. The SVG carries its rules so that it reads
 * on its own (docs/statecharts); inside the portal, whose CSP allows stylesheets from itself only
 * (`style-src 'self'`), a `<style>` element is refused, and the chart drew black. The viewer
 * adopts the rules as a constructed stylesheet instead, which the CSP allows.
 */
export function separateChartStyle(svg: string): { readonly markup: string; readonly css: string } {
  const rules: string[] = [];
  const markup = svg.replace(/<style>([\s\S]*?)<\/style>/g, (_, css: string) => {
    rules.push(css);
    return '';
  });
  return { markup, css: rules.join('\n') };
}
