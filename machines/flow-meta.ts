/**
 * State meta shared by the flow machines: the page a state is shown on (read from the page
 * table, never repeated) and the requirement ids it implements.
 */
import type { ServiceDefinition } from '../contracts/services/service-definition';
import { findPage, type PageEntry } from './page-table';
import type { RequirementId } from './requirements';

export type ServiceRequirementId = `SPEC-2.${ServiceDefinition['slug']}-routes` | `DEC.${ServiceDefinition['slug']}-lineup`;

/**
 * The two requirements every service of the catalogue has: its routes and its plan lineup. Here
 * and not in requirements.ts, whose Japanese descriptions only the statechart export and the
 * tests read: the flows that imported this from there sent the whole table (5 KB gz) to every
 * customer who opened one.
 */
export function serviceRequirements(service: Pick<ServiceDefinition, 'slug'>): { readonly routes: RequirementId; readonly lineup: RequirementId } {
  return { routes: `SPEC-2.${service.slug}-routes`, lineup: `DEC.${service.slug}-lineup` };
}

export type StateMeta = {
  /** The page-table path the state is shown on; absent for sub-flow states shown inside a host page. */
  readonly route?: string;
  readonly pageId?: string;
  /** Japanese title: the page table's for a page, the step's own for a sub-flow state. */
  readonly title: string;
  readonly requirements: readonly RequirementId[];
};

/** The page-table row of a path a machine names; a path not in the table stops the machine's module at load time. */
function tablePage(path: string): PageEntry {
  const page = findPage(path);
  if (!page) throw new Error(`not in the page table: ${path}`);
  return page;
}

/** Meta of a state shown as its own page. */
export function pageMeta(path: string, requirements: readonly RequirementId[], title?: string): StateMeta {
  const page = tablePage(path);
  return { route: page.path, pageId: page.id, title: title ?? page.title, requirements };
}

/** Meta of a sub-flow state rendered inside its host page (OTP dialog, card provider round trip). */
export function stepMeta(title: string, requirements: readonly RequirementId[]): StateMeta {
  return { title, requirements };
}

/** Tags the flows use; the app reads them instead of re-deriving rules. */
export type FlowTag = 'noBack' | 'external' | 'busy' | 'persistable';

/** ['noBack'] where the page table suppresses browser Back on the page (BACK_FORWARD_DETER). */
export function backTags(path: string): FlowTag[] {
  return tablePage(path).backForwardDeter ? ['noBack'] : [];
}

/** A state shown as its own page that holds nothing secret: its page meta, Back tags and 'persistable'. */
export function readPage(path: string, requirements: readonly RequirementId[]): { tags: FlowTag[]; meta: StateMeta } {
  return { tags: [...backTags(path), 'persistable'], meta: pageMeta(path, requirements) };
}
