/**
 * The flow guard of src/navigation as the spec states it (section 4, page guards): with the flow
 * on a step, that step's page opens and every other wizard page of the flow is refused with
 * E9998 (an internal origin, so not the direct-access rule). Runs the app's own flow guard
 * (`flowGuardRule`) against a registry holding the replayed snapshot, so a page table row that
 * lost its flow, or a guard that stopped comparing pages, fails the model-based run.
 * And a reload as section 2 states it: it re-navigates to the same URL, which opens again from
 * what the app stored of the run, or fails its guard (E9998, with the flow's start offered, ADR 0121);
 * and each page opened without a session (section 6) or from outside the portal (section 4).
 */
import type { AnyMachineSnapshot } from 'xstate';
import { findLivePage } from '../../../machines/page-table';
import { flowEntryPage } from '../../../machines/sign-on-href';
import { routeFor, type FlowRegistry, type RunningFlow } from '../../../src/flows/flow-registry';
import { CallFailure, decideNavigation, directAccessRule, flowGuardRule, loginRule, type NavigationServices } from '../../../src/navigation/navigation-rules';
import { stepOf } from './path-oracle';
import { SpecError } from './spec-codes';
import { wizardPages, type FlowPages } from './spec-pages';

function registryHolding(flowId: string, snapshot: AnyMachineSnapshot): FlowRegistry {
  const running = { flowId: 'oracle', machineId: flowId, actor: { getSnapshot: () => snapshot } } as unknown as RunningFlow;
  const refuse = (what: string) => () => {
    throw new Error(`the flow guard asked the registry to ${what} while ${flowId} is running`);
  };
  return {
    load: () => Promise.resolve(true),
    loadByFlowId: () => Promise.resolve(false),
    start: refuse('start a flow'),
    get: (machineId: string) => (machineId === flowId ? running : undefined),
    getByFlowId: () => undefined,
    foreground: () => running,
    focus: () => undefined,
    release: () => undefined,
    stop: () => undefined,
    clear: () => undefined,
  } as unknown as FlowRegistry;
}

/** No run of the flow in the tab: nothing was stored, or the stored run was removed. */
const emptyRegistry = {
  load: () => Promise.resolve(true),
  get: () => undefined,
  foreground: () => undefined,
  start: () => {
    throw new Error('the flow guard started a flow on a reload of a step');
  },
} as unknown as FlowRegistry;

function servicesFor(flows: FlowRegistry, reloadedAt?: string): NavigationServices {
  const unused = () => Promise.reject(new Error('not asked by the rules under test'));
  return {
    config: { demoAllowed: false, entryAllowedHosts: [], redirectAllowedHosts: [], hostKind: 'local' },
    flows,
    referrer: () => '',
    internalFrom: () => 'CMN0002',
    loadSession: unused,
    loadCommonInfo: unused,
    loadMasterData: unused,
    checkRegulation: unused,
    flowInput: () => undefined,
    rememberInvoiceParameter: () => undefined,
    rememberRedirect: () => undefined,
    isReload: (path: string) => path === reloadedAt,
  } as unknown as NavigationServices;
}

/** What is wrong with the flow guard's answers for the flow resting on `snapshot`. */
export async function flowGuardProblems(flowId: string, pages: FlowPages, snapshot: AnyMachineSnapshot): Promise<string[]> {
  if (snapshot.status !== 'active' && snapshot.status !== 'done') return [];
  const current = pages.steps[stepOf(snapshot)];
  const services = servicesFor(registryHolding(flowId, snapshot));
  const problems: string[] = [];
  for (const page of wizardPages(pages)) {
    // A page of the spec the portal does not serve yet answers 404 (E9999) before any rule runs
    // (the router has no route for it); the guard is judged on the pages that are built.
    if (findLivePage(page) === undefined) continue;
    const decision = await decideNavigation({ pathname: page, searchStr: '' }, services, [flowGuardRule]);
    const opens = page === current;
    if (opens && decision.kind !== 'proceed') {
      problems.push(`section 4 page guards: ${flowId} is on ${page}, the flow guard answered ${JSON.stringify(decision)}`);
    }
    if (!opens && !(decision.kind === 'error' && decision.code === SpecError.InvalidAccess)) {
      problems.push(`section 4 page guards: ${page} with ${flowId} on ${String(current)} must be refused with E9998, the flow guard answered ${JSON.stringify(decision)}`);
    }
  }
  return problems;
}

/**
 * What is wrong with a reload of the page the flow rests on (`snapshot`), given what the app
 * stored of the run by then (`stored`: the last persisted snapshot, undefined when none is kept).
 * Spec section 2: the reload re-navigates to the same URL. With a stored run there, the page
 * opens again; with none (the step held card tokens or a one-time code, ADR 0024), its guard
 * fails: E9998, and the error page offers the flow's entry page (ADR 0121). An entry page without
 * a stored run at it starts afresh, which the entry pages' own rule covers.
 */
export async function reloadProblems(flowId: string, snapshot: AnyMachineSnapshot, stored: AnyMachineSnapshot | undefined): Promise<string[]> {
  if (snapshot.status !== 'active') return [];
  const path = routeFor(snapshot);
  const page = path === undefined ? undefined : findLivePage(path);
  if (page === undefined || page.flow !== flowId) return [];
  const storedAt = stored === undefined ? undefined : routeFor(stored);
  if (page.entry && storedAt !== page.path) return [];
  const flows = stored === undefined ? emptyRegistry : registryHolding(flowId, stored);
  const decision = await decideNavigation({ pathname: page.path, searchStr: '' }, servicesFor(flows, page.path), [flowGuardRule]);
  const expected =
    storedAt === page.path
      ? { kind: 'proceed' }
      : stored === undefined
        ? { kind: 'error', code: SpecError.InvalidAccess, restartPath: flowEntryPage(flowId)?.path }
        : { kind: 'error', code: SpecError.InvalidAccess };
  if (JSON.stringify(decision) === JSON.stringify(expected)) return [];
  const what = stored === undefined ? 'nothing stored' : `the stored run at ${String(storedAt)}`;
  return [`section 2 reload: ${flowId} on ${page.path} with ${what} must answer ${JSON.stringify(expected)}, the flow guard answered ${JSON.stringify(decision)}`];
}

/**
 * What is wrong with the page the flow rests on when the tab has no session, or comes from
 * outside. Spec section 6: an unauthenticated session is blocked with E9998; a page that may be
 * opened on its own signs on at once instead (the login check of section 2, ADR 0082), and any
 * other offers a sign-on beside the code. Section 4: a direct access without an internal origin,
 * from a referrer not on the allow list, goes to the top page (E9997 says why).
 */
export async function accessProblems(flowId: string, snapshot: AnyMachineSnapshot): Promise<string[]> {
  const path = routeFor(snapshot);
  const page = path === undefined ? undefined : findLivePage(path);
  if (page === undefined || page.flow !== flowId || page.login === 'none') return [];
  const target = { pathname: page.path, searchStr: '' };
  const problems: string[] = [];
  const signedOut = { ...servicesFor(emptyRegistry), loadSession: () => Promise.reject(new CallFailure(401, undefined)) };
  const withoutSession = await decideNavigation(target, signedOut, [loginRule]);
  const signsOn = (href: unknown) => typeof href === 'string' && href.startsWith('/auth/login?');
  const blocked = page.entry
    ? withoutSession.kind === 'document' && signsOn(withoutSession.href)
    : withoutSession.kind === 'error' && withoutSession.code === SpecError.InvalidAccess && signsOn(withoutSession.signOnHref);
  if (!blocked) {
    const expected = page.entry ? 'the sign-on at once' : 'E9998 with a sign-on offered';
    problems.push(`section 6: ${page.path} opened without a session must answer ${expected}, the rules answered ${JSON.stringify(withoutSession)}`);
  }
  const fromOutside = { ...servicesFor(emptyRegistry), internalFrom: () => null, referrer: () => 'https://elsewhere.example/' };
  const direct = await decideNavigation(target, fromOutside, [directAccessRule]);
  const toTop = direct.kind === 'redirect' && direct.to === '/Top' && direct.notice === SpecError.ProceedFromTop;
  if (page.entry ? direct.kind !== 'proceed' : !toTop) {
    const expected = page.entry ? 'to open' : 'the top page with E9997';
    problems.push(`section 4 direct access: ${page.path} opened from outside must answer ${expected}, the rules answered ${JSON.stringify(direct)}`);
  }
  return problems;
}
