/**
 * The navigation rules of spec sections 2, 4 and 6, built once and run in order before every
 * page (the root route's beforeLoad; docs/decisions/0019-navigation-rules-pipeline.md).
 * Each rule either lets the navigation go on or decides where the customer goes instead.
 * Rules reach the outside world only through `NavigationServices`, so each is tested alone.
 */
import { invoiceParameterOf, type InvoiceParameter } from '../../contracts/api/invoice-parameter';
import { servicePath } from '../../contracts/services/service-definition';
import { catalogueServices } from '../../contracts/services/catalogue';
import { ErrorCode } from '../../contracts/error-catalogue';
import { findLivePage, isDemoPath, normalizePath, pageById, type PageEntry } from '../../machines/page-table';
import { flowEntryPage, signOnHref } from '../../machines/sign-on-href';
import { isAllowedRedirectTarget, isAllowedReferrer, type AppConfig } from '../config/app-config';
import { flowErrorCode, routeFor, type FlowRegistry, type RunningFlow } from '../flows/flow-registry';
import { ErrorPath, type ErrorExtras } from './error-redirect';
import { yieldToMain } from '../lib/yield-to-main';
import { RuleParameter } from './rule-parameters';

export type NavigationDecision =
  | { readonly kind: 'proceed' }
  /**
   * Another page of the app, replacing the requested one in history; `notice` is a catalogue
   * code that page shows to say why the customer is there instead.
   */
  | { readonly kind: 'redirect'; readonly to: string; readonly notice?: string }
  /** A full-page load (the server's sign-on). */
  | { readonly kind: 'document'; readonly href: string }
  /** The error page with a catalogue code, and what it shows beside the code. */
  | ({ readonly kind: 'error'; readonly code: string | undefined } & ErrorExtras);

export type NavigationTarget = {
  readonly pathname: string;
  /** The query string without "?", as the browser had it. */
  readonly searchStr: string;
};

export type SessionInfo = {
  readonly sbSystemId: string;
  readonly sessionToken: string;
  readonly lv2Authed: boolean;
};

/** A failed API call as the rules see it. */
export class CallFailure extends Error {
  override readonly name = 'CallFailure';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly endDate?: string,
  ) {
    super(`call failed: ${status} ${code ?? '-'}`);
  }
}

export type NavigationServices = {
  readonly config: Pick<AppConfig, 'demoAllowed' | 'entryAllowedHosts' | 'redirectAllowedHosts' | 'hostKind'>;
  readonly flows: FlowRegistry;
  /** document.referrer. */
  referrer(): string;
  /** The previous internal page id of this tab (common store), null before the first page. */
  internalFrom(): string | null;
  /** The signed-in session; `{ status: 401 }` failure when there is none. */
  loadSession(): Promise<SessionInfo>;
  /** Contract info of the line loaded into the common store; false when it is still missing. */
  loadCommonInfo(session: SessionInfo): Promise<boolean>;
  loadMasterData(): Promise<void>;
  /** Starts fetching the incentive (the coupon benefits running now) and returns at once: nobody waits for it. */
  prefetchIncentive(): void;
  /** Resolves when the page is open; rejects with a CallFailure (E0005 under maintenance). */
  checkRegulation(page: PageEntry, session: SessionInfo): Promise<void>;
  /** The input of a flow the rules start (an entry page of a flow); `machineId` is the page table's flow. */
  /** `path`: the entry page opened, where a flow with several entry pages starts (ADR 0080). */
  flowInput(context: { flowId: string; machineId: string; sbSystemId: string | undefined; path: string }): unknown;
  /** Keeps the invoice a link from outside named, across the sign-on, for the invoice flow. */
  rememberInvoiceParameter(parameter: InvoiceParameter): void;
  /** Keeps the external URL of a `redirect` query parameter for /Redirect. */
  rememberRedirect(url: string): void;
  /**
   * True once, for the first navigation of a document the browser reloaded at this path.
   * Absent where there is no browser (tests that do not model reloads).
   */
  isReload?(path: string): boolean;
  /**
   * True once, for the first navigation of a document the browser reached by its Back or Forward
   * at this path (e.g. Back from the card provider's page). Absent where there is no browser.
   */
  isHistoryReturn?(path: string): boolean;
};

type RuleContext = {
  readonly target: NavigationTarget;
  readonly path: string;
  readonly search: URLSearchParams;
  readonly page: PageEntry | undefined;
  readonly services: NavigationServices;
  session: SessionInfo | undefined;
};

export type NavigationRule = {
  readonly name: string;
  readonly run: (context: RuleContext) => Promise<NavigationDecision | undefined> | NavigationDecision | undefined;
};

const proceed: NavigationDecision = { kind: 'proceed' };
const toTop: NavigationDecision = { kind: 'redirect', to: '/Top' };
/** Spec section 4: a foreign direct access goes to the top page; E9997 tells the customer why. */
const toTopMenus: NavigationDecision = { kind: 'redirect', to: '/Top', notice: ErrorCode.ProceedFromTop };
const invalidAccess: NavigationDecision = { kind: 'error', code: ErrorCode.InvalidAccess };

export function isCallFailure(value: unknown): value is CallFailure {
  return value instanceof CallFailure;
}

/**
 * Where signing in again leads from a page that cannot be reopened on its own (a wizard step, a
 * completion page, a card-provider return): the start of its flow, else the top page. A step's
 * run does not survive without its session, so returning to the step would only fail again.
 */
function signOnAgainHref(page: PageEntry): string {
  const entry = page.flow === undefined ? undefined : flowEntryPage(page.flow);
  return signOnHref('lv1', entry?.path ?? '/Top', entry);
}

/** No internal origin in this tab, and a referrer whose host is not allow-listed. */
function isForeignDirectAccess(context: RuleContext): boolean {
  return context.services.internalFrom() === null && !isAllowedReferrer(context.services.config, context.services.referrer());
}

export const demoHostRule: NavigationRule = {
  name: 'demo pages only on local, review and QA hosts',
  run: ({ path, services }) => (isDemoPath(path) && !services.config.demoAllowed ? toTop : undefined),
};

export const redirectParameterRule: NavigationRule = {
  name: 'redirect query parameter',
  run: ({ search, page, services }) => {
    const url = search.get(RuleParameter.Redirect);
    if (url === null || page === undefined || page.path === '/Redirect') return undefined;
    if (!isAllowedRedirectTarget(services.config, url)) return invalidAccess;
    services.rememberRedirect(url);
    return { kind: 'redirect', to: '/Redirect' };
  },
};

export const pageIdParameterRule: NavigationRule = {
  name: 'pageId parameter from the external order provider',
  run: ({ search, page }) => {
    const pageId = search.get(RuleParameter.PageId);
    if (pageId === null || page === undefined || page.path !== '/Top') return undefined;
    const back = pageById(pageId);
    // Only a page that may be opened on its own; anything else lands on the top page.
    return back?.live && back.entry && back.path !== page.path ? { kind: 'redirect', to: back.path } : undefined;
  },
};

export const invoiceParameterRule: NavigationRule = {
  name: 'invoice parameter and URL parameters',
  run: ({ search, page, services }) => {
    if (page?.path !== '/Invoice') return undefined;
    const parameter = invoiceParameterOf(search);
    if (parameter === undefined) return undefined;
    if (parameter === 'invalid') return invalidAccess;
    // Kept before the sign-on check: the sign-on's return drops the query string.
    services.rememberInvoiceParameter(parameter);
    return undefined;
  },
};

export const directAccessRule: NavigationRule = {
  name: 'direct access from a foreign referrer goes to the top page',
  run: (context) => (context.page !== undefined && !context.page.entry && isForeignDirectAccess(context) ? toTopMenus : undefined),
};

export const loginRule: NavigationRule = {
  name: 'login level 1 and 2',
  run: async (context) => {
    const { page, target, services } = context;
    if (page === undefined || page.login === 'none') return undefined;
    const returnTo = `${normalizePath(target.pathname)}${target.searchStr === '' ? '' : `?${target.searchStr}`}`;
    try {
      context.session = await services.loadSession();
    } catch (error) {
      if (isCallFailure(error) && error.status === 401) {
        // Spec section 6 blocks an unauthenticated session with E9998. A page that may be opened
        // on its own (a bookmark, a link from outside) signs on straight away, the login check of
        // section 2; any other page answers E9998 and offers to sign in again from its flow's start.
        if (page.entry) return { kind: 'document', href: signOnHref('lv1', returnTo, page) };
        return { kind: 'error', code: ErrorCode.InvalidAccess, signOnHref: signOnAgainHref(page) };
      }
      throw error;
    }
    if (page.login === 'lv2' && !context.session.lv2Authed) return { kind: 'document', href: signOnHref('lv2', returnTo) };
    return undefined;
  },
};

export const authorityAndCommonInfoRule: NavigationRule = {
  name: 'authority info and common info are set',
  run: async (context) => {
    const { page, session, services } = context;
    if (page === undefined || page.login === 'none') return undefined;
    if (session === undefined || session.sbSystemId === '' || session.sessionToken === '') return invalidAccess;
    return (await services.loadCommonInfo(session)) ? undefined : invalidAccess;
  },
};

/** The pages that show the incentive: each service's Service/Detail (ADR 0091). */
const IncentivePages: ReadonlySet<string> = new Set(catalogueServices.map((service) => servicePath(service, 'detail')));

/**
 * Fetching an incentive (spec section 2): started for the pages that show it, in parallel with
 * the checks that follow, never awaited: the page paints first and shows it when it arrives.
 */
export const incentiveRule: NavigationRule = {
  name: 'fetching an incentive',
  run: ({ page, session, services }) => {
    if (page !== undefined && session !== undefined && IncentivePages.has(page.path)) services.prefetchIncentive();
    return undefined;
  },
};

export const masterDataRule: NavigationRule = {
  name: 'general master data',
  run: async ({ page, services }) => {
    if (page === undefined || page.login === 'none') return undefined;
    await services.loadMasterData();
    return undefined;
  },
};

export const regulationRule: NavigationRule = {
  name: 'exclusive control (maintenance regulation) check',
  run: async ({ page, session, services }) => {
    if (page === undefined || page.login === 'none' || session === undefined) return undefined;
    try {
      await services.checkRegulation(page, session);
      return undefined;
    } catch (error) {
      if (isCallFailure(error)) return { kind: 'error', code: error.code ?? ErrorCode.Maintenance, endDate: error.endDate };
      throw error;
    }
  },
};

export const flowGuardRule: NavigationRule = {
  name: 'flow guard: a wizard page only as the current state of its flow',
  run: async (context) => {
    const { page, services, session } = context;
    if (page?.flow === undefined) return undefined;
    // The flow's machine loads with the first navigation to one of its pages (ADR 0037).
    await services.flows.load(page.flow);
    // The flow's chunk has just been evaluated (its machines built); starting it is the next task.
    await yieldToMain();
    const running = services.flows.get(page.flow);
    if (running !== undefined && routeFor(running.actor.getSnapshot()) === page.path && (!page.entry || resumesEntry(context, page.flow, running))) {
      services.flows.focus(page.flow);
      return undefined;
    }
    if (page.entry) {
      // The flow the customer is in failed while this page was on its way (a card-provider
      // return whose check failed as the return page handed over): its error is where they
      // are. A fresh run here would replace the error with a new start of the flow.
      if (running !== undefined && services.flows.foreground()?.machineId === page.flow && routeFor(running.actor.getSnapshot()) === ErrorPath) {
        return { kind: 'error', code: flowErrorCode(running.actor.getSnapshot()) };
      }
      // An entry page of a flow starts a fresh run; the machine's first state must be this page.
      const started = services.flows.start(page.flow, (flowId) => services.flowInput({ flowId, machineId: page.flow!, sbSystemId: session?.sbSystemId, path: page.path }));
      return routeFor(started.actor.getSnapshot()) === page.path ? undefined : invalidAccess;
    }
    // A reload re-navigates to the same URL (spec section 2), and a step whose run was never
    // stored (it held card tokens or a one-time code, docs/decisions/0024) fails its guard there:
    // E9998, with the flow's start offered beside it (docs/decisions/0121).
    const entry = running === undefined && services.isReload?.(page.path) === true ? flowEntryPage(page.flow) : undefined;
    if (entry !== undefined) return { ...invalidAccess, restartPath: entry.path };
    return isForeignDirectAccess(context) ? toTopMenus : invalidAccess;
  },
};

/**
 * An entry page whose flow already rests on it is the same run only when the flow itself led
 * there (its Back, its route), the browser reloaded it, or the browser's Back returned from the
 * card provider's page to a run waiting there (ADR 0024: the page then offers the way back to the
 * payment choice); reached from another page (a link from Top, Back from elsewhere), it starts
 * afresh, so it shows the contract as it is now and not as an earlier run loaded it.
 */
function resumesEntry(context: RuleContext, flow: string, running: RunningFlow): boolean {
  if (context.services.flows.foreground()?.machineId === flow || context.services.isReload?.(context.path) === true) return true;
  return running.actor.getSnapshot().hasTag('external') && context.services.isHistoryReturn?.(context.path) === true;
}

/** In the order they run: cheap local checks first, the server's checks next, flows last. */
export const navigationRules: readonly NavigationRule[] = [
  demoHostRule,
  redirectParameterRule,
  pageIdParameterRule,
  invoiceParameterRule,
  directAccessRule,
  loginRule,
  authorityAndCommonInfoRule,
  incentiveRule,
  masterDataRule,
  regulationRule,
  flowGuardRule,
];

/**
 * Runs the rules for one navigation and answers the first rule's decision, or proceed.
 * A failed call nobody expected becomes an error decision with the call's code.
 */
export async function decideNavigation(
  target: NavigationTarget,
  services: NavigationServices,
  rules: readonly NavigationRule[] = navigationRules,
): Promise<NavigationDecision> {
  const path = normalizePath(target.pathname);
  const context: RuleContext = {
    target,
    path,
    search: new URLSearchParams(target.searchStr),
    page: findLivePage(path),
    services,
    session: undefined,
  };
  // A flow page's machine starts loading now, alongside the server's checks; the flow guard
  // awaits the same load (docs/decisions/0037-lazy-flow-machines.md). A failure is the guard's.
  if (context.page?.flow !== undefined) services.flows.load(context.page.flow).catch(() => undefined);
  try {
    for (const rule of rules) {
      const decision = await rule.run(context);
      if (decision !== undefined) return decision;
      // Each rule's work is a task of its own, so that a tap during the first load is answered
      // between them (docs/decisions/0104-yield-between-navigation-phases.md).
      await yieldToMain();
    }
    return proceed;
  } catch (error) {
    if (isCallFailure(error)) return { kind: 'error', code: error.code, endDate: error.endDate };
    throw error;
  }
}
