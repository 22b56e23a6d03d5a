/**
 * The server's first view of a page (docs/decisions/0106-first-view-from-the-server.md), drawn with
 * the app's own layout and the page's own view so that it is the markup the app takes it over
 * with. Built on its own by `vite build --ssr` into dist/server/render-first-view.js, which the
 * server loads (server/spa/first-view.ts); the browser never loads this module.
 *
 * A page is here only when its body depends on nothing the server would have to guess: the
 * server draws it only once the navigation rules' own answers say the page will show (ADR 0087).
 * What the page lets the customer do is drawn but not usable until the app has taken over.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterContextProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ZodMiniType } from 'zod/mini';
import { storageUsageEndpoint } from '../../contracts/api/anshin-data-box';
import { couponActiveEndpoint } from '../../contracts/api/coupon';
import { LoginHistorySchema } from '../../contracts/api/account-login-history';
import { OptinsSchema } from '../../contracts/api/account-optins';
import { SecuritySettingsSchema } from '../../contracts/api/account-security';
import { UserInfoSchema } from '../../contracts/api/account-user-info';
import { AuthInfoSchema } from '../../contracts/api/auth-info';
import { BillingHistoryResponseSchema } from '../../contracts/api/billing';
import { InvoiceSessionResponseSchema } from '../../contracts/api/invoice';
import { ServiceContractsSchema, ServiceUsageStatusSchema, type FlowContract, type ServiceContract } from '../../contracts/api/service-contracts';
import type { FirstAnswer } from '../../contracts/first-answers';
import { NotFoundView, type FirstViewRequest, type RenderFirstView } from '../../contracts/first-view';
import { firstViewStates } from '../../contracts/first-view-reads';
import { loginHistoryPageOf, type AccountProfile } from '../../machines/account-menu/account-data';
import { anshinCancelMachine } from '../../machines/anshin-data-box/anshin-cancel.machine';
import { anshinChangePaymentMachine } from '../../machines/anshin-data-box/anshin-change-payment.machine';
import { anshinResumeMachine } from '../../machines/anshin-data-box/anshin-resume.machine';
import { basketLiveCancelMachine } from '../../machines/basket-live/basket-live-cancel.machine';
import { basketLiveChangePaymentMachine } from '../../machines/basket-live/basket-live-change-payment.machine';
import { basketLivePlanChangeMachine, planContractLoaded } from '../../machines/basket-live/plan-change.machine';
import { inStoreSupportCancelMachine } from '../../machines/in-store-support/in-store-support.flows';
import { inStoreSupportHistoryMachine } from '../../machines/in-store-support/support-history.machine';
import type { CancelFlowMachine } from '../../machines/service-flow/cancel.flow';
import type { ChangePaymentFlowMachine } from '../../machines/service-flow/change-payment.flow';
import type { ServiceFlowInput } from '../../machines/service-flow/shared';
import { afterContractLoaded, afterFirstRead } from '../../machines/service-flow/steps';
import { toPlanChangeContract } from '../flows/basket-live-actors';
import { toFlowContract } from '../flows/service-flow-actors';
import { activeCouponsQueryOptions } from '../api/queries/active-coupons.query';
import { storageUsageQueryOptions } from '../api/queries/storage-usage.query';
import type { ReadQueryKey } from '../api/query-options';
import { AppFrame } from '../layout/app-frame';
import { hasRuleParameter } from '../navigation/rule-parameters';
import AnshinView from '../pages/anshin-data-box/anshin-view';
import BasketLiveView from '../pages/basket-live/basket-live-view';
import { BasketLivePlanChangeView } from '../pages/basket-live/plan-change-page';
import InStoreSupportView from '../pages/in-store-support/in-store-support-view';
import { InStoreSupportDetailView } from '../pages/in-store-support/support-detail-page';
import { ErrorSearchSchema, ErrorView } from '../pages/error/error-page';
import { InvoiceMonthList } from '../pages/invoice/invoice-pages';
import { LandingPage } from '../pages/landing/landing-page';
import { NotFoundPage } from '../pages/not-found-page';
import { AccountMenuView } from '../pages/account/account-menu-view';
import { ContactInfoView } from '../pages/account/contact-info-page';
import { ReceiveGuideView } from '../pages/account/receive-guide-page';
import { ReceiveInfoView } from '../pages/account/receive-settings-pages';
import { LoginHistoryView } from '../pages/account/login-history-page';
import { SecurityInfoView } from '../pages/account/security-info-page';
import { UserInfoView } from '../pages/account/user-info-page';
import { BillingHistoryView } from '../pages/billing/billing-history-page';
import { OptionServicesView } from '../pages/option-services/option-services-view';
import { serviceCatalogue } from '../pages/service-catalogue';
import { CancelInformView } from '../pages/service-flow/cancel-inform-page';
import { LandingFirstView } from '../pages/service-flow/landing-page';
import { ResumeConfirmView } from '../pages/service-flow/resume-confirm-page';
import { ServiceDetailView } from '../pages/service-flow/service-detail-page';
import { ServiceViewContext, type ServiceView } from '../pages/service-flow/service-view';
import { TopView } from '../pages/top/top-view';

const notYet = () => undefined;

/** Whether the flow, taken through its first read, stands on the state the page's first view shows. */
const standsOnDrawnState = ({ pageId }: FirstViewRequest, snapshot: { readonly value: unknown }): boolean => snapshot.value === firstViewStates[pageId];

/** An answer's body through its contract, as the app's API client takes it; undefined unless a valid 200. */
function answerOf<T>(answer: FirstAnswer | undefined, schema: ZodMiniType<T>): T | undefined {
  if (answer?.status !== 200) return undefined;
  const parsed = schema.safeParse(answer.response);
  return parsed.success ? parsed.data : undefined;
}

/** A service's landing, inside its view as the app's page is (src/pages/page-views.ts, servicePage). */
const landing =
  (view: ServiceView) =>
  ({ reads }: FirstViewRequest): ReactElement | undefined => {
    const usage = answerOf(reads[0], ServiceUsageStatusSchema);
    if (usage === undefined) return undefined;
    return (
      <ServiceViewContext value={view}>
        <LandingFirstView usage={usage} />
      </ServiceViewContext>
    );
  };

/**
 * What a flow's run is started with that its first page does not show: the customer's contacts
 * (for a one-time password later) and the card provider's return URLs (they name the app's run).
 */
const drawingOnlyInput = (sbSystemId: string): ServiceFlowInput => ({
  sbSystemId,
  contact: { mailAddress: null, phoneNumber: null },
  returnUrls: { orderDoneUrl: '', cancelUrl: '' },
});

/** Who is signed in and their contracts, as a page's first read (the contracts) answered them. */
type ContractsRead = { readonly sbSystemId: string; readonly contracts: readonly ServiceContract[] };

/**
 * A page of a flow that starts by reading the contracts, drawn inside the service's view. `draw`
 * takes the flow through its own transitions with that read. Nothing is drawn unless the read and
 * who is signed in came back whole, and the flow stands on the page's state.
 */
const fromContractsRead =
  (view: ServiceView, draw: (read: ContractsRead, request: FirstViewRequest) => ReactElement | undefined) =>
  (request: FirstViewRequest): ReactElement | undefined => {
    const auth = answerOf(request.answers[0], AuthInfoSchema);
    const contracts = answerOf(request.reads[0], ServiceContractsSchema);
    if (auth === undefined || contracts === undefined) return undefined;
    const body = draw({ sbSystemId: auth.sbSystemId, contracts: contracts.contracts }, request);
    return body === undefined ? undefined : <ServiceViewContext value={view}>{body}</ServiceViewContext>;
  };

/** What a kit flow that starts by reading the contracts is taken through its transitions with. */
type ContractRead = { readonly input: ServiceFlowInput; readonly contract: FlowContract };

/** A page of a kit flow (`loadContractStep`): the run's input and the service's contract from the first read (`afterContractLoaded`). */
const fromContractRead = (view: ServiceView, draw: (read: ContractRead, request: FirstViewRequest) => ReactElement | undefined) =>
  fromContractsRead(view, ({ sbSystemId, contracts }, request) =>
    draw({ input: drawingOnlyInput(sbSystemId), contract: toFlowContract(contracts, view.service.serviceId) }, request),
  );

/** A service's Cancel/Inform: the machine's own transitions decide the state and whether the customer may go on. */
const cancelInform = (view: ServiceView, machine: CancelFlowMachine) =>
  fromContractRead(view, ({ input, contract }, request) => {
    const snapshot = afterContractLoaded(machine, input, contract);
    return standsOnDrawnState(request, snapshot) ? <CancelInformView snapshot={snapshot} send={undefined} /> : undefined;
  });

/** The data storage's Resume/Confirm: the contract, and the choice of payment method with the submit drawn but not yet usable. */
const anshinResumeConfirm = fromContractRead(AnshinView, ({ input, contract }, request) => {
  const snapshot = afterContractLoaded(anshinResumeMachine, input, contract);
  return standsOnDrawnState(request, snapshot) ? <ResumeConfirmView snapshot={snapshot} send={undefined} /> : undefined;
});

/**
 * A read a section of the page makes through the query cache (`useQuery`): put in the cache the
 * page renders with, as the app's route loader puts it there from the HTML; false unless its answer
 * came back whole.
 */
type SectionRead = (cache: QueryClient, answer: FirstAnswer | undefined) => boolean;

const sectionRead =
  <T,>(options: { readonly queryKey: ReadQueryKey }, schema: ZodMiniType<T>): SectionRead =>
  (cache, answer) => {
    const data = answerOf(answer, schema);
    if (data !== undefined) cache.setQueryData(options.queryKey, data);
    return data !== undefined;
  };

const incentiveRead = sectionRead(activeCouponsQueryOptions(), couponActiveEndpoint.response);

/**
 * A service's Service/Detail, as its payment-change flow shows it, with the sections' reads after
 * the contracts (the incentive; the storage used), in firstViewReads' order. Drawn only when every
 * read came back whole, as the app's page then shows it at once.
 */
const serviceDetail = (view: ServiceView, machine: ChangePaymentFlowMachine, sectionReads: readonly SectionRead[]) =>
  fromContractRead(view, ({ input, contract }, request) => {
    const snapshot = afterContractLoaded(machine, input, contract);
    if (!standsOnDrawnState(request, snapshot)) return undefined;
    const sectionAnswers = request.reads.slice(1);
    // Kept for this drawing only: no timer outlives the request.
    const cache = new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, staleTime: Infinity, retry: false } } });
    if (!sectionReads.every((sectionReadOf, index) => sectionReadOf(cache, sectionAnswers[index]))) return undefined;
    return (
      <QueryClientProvider client={cache}>
        <ServiceDetailView snapshot={snapshot} send={undefined} />
      </QueryClientProvider>
    );
  });

/** Basket live's plan change: the current plan and the choice of another, not yet usable; E0008 is the app's to show. */
const basketLivePlanChange = fromContractsRead(BasketLiveView, ({ sbSystemId, contracts }, request) => {
  const snapshot = afterFirstRead(basketLivePlanChangeMachine, { sbSystemId }, planContractLoaded(toPlanChangeContract(contracts)));
  return standsOnDrawnState(request, snapshot) ? <BasketLivePlanChangeView snapshot={snapshot} send={undefined} /> : undefined;
});

/** In-store support's Service/Detail, as its history flow shows it (it reads nothing else). */
const inStoreSupportDetail = fromContractRead(InStoreSupportView, ({ input, contract }, request) => {
  const snapshot = afterContractLoaded(inStoreSupportHistoryMachine, input, contract);
  return standsOnDrawnState(request, snapshot) ? <InStoreSupportDetailView snapshot={snapshot} send={undefined} /> : undefined;
});

/** The account flow's profile from its three reads (contracts/first-view-reads.ts, accountProfile), as loadProfile puts it together. */
function accountProfileOf(reads: readonly FirstAnswer[]): AccountProfile | undefined {
  const userInfo = answerOf(reads[0], UserInfoSchema);
  const security = answerOf(reads[1], SecuritySettingsSchema);
  const optins = answerOf(reads[2], OptinsSchema);
  return userInfo === undefined || security === undefined || optins === undefined ? undefined : { userInfo, security, optins: optins.optins };
}

/** The body of each page the server draws, by screen ID; undefined when its reads did not come back whole. */
const firstViewBodies: Readonly<Record<string, (request: FirstViewRequest) => ReactElement | undefined>> = {
  ACC0001: () => <AccountMenuView enabled={false} onOpen={notYet} />,
  // The flow loads the three reads together: a page of it shows only when all three came back.
  ACC0002: ({ reads }) => {
    const profile = accountProfileOf(reads);
    return profile === undefined ? undefined : <UserInfoView userInfo={profile.userInfo} saved={null} send={undefined} />;
  },
  ACC0011: ({ reads }) => {
    const profile = accountProfileOf(reads);
    return profile === undefined ? undefined : <SecurityInfoView userInfo={profile.userInfo} security={profile.security} send={undefined} />;
  },
  ACC0007: ({ reads }) => {
    const profile = accountProfileOf(reads);
    return profile === undefined ? undefined : <ContactInfoView userInfo={profile.userInfo} send={undefined} />;
  },
  ACC0015: ({ reads }) => {
    const profile = accountProfileOf(reads);
    return profile === undefined ? undefined : <ReceiveInfoView profile={profile} send={undefined} />;
  },
  ACC0018: () => <ReceiveGuideView send={undefined} />,
  ACC0014: ({ reads }) => {
    const history = answerOf(reads[0], LoginHistorySchema);
    return history === undefined ? undefined : <LoginHistoryView history={loginHistoryPageOf(history)} paging={false} onMore={undefined} send={undefined} />;
  },
  CMN0002: ({ answers, reads }) => {
    const auth = answerOf(answers[0], AuthInfoSchema);
    const status = answerOf(reads[0], ServiceUsageStatusSchema);
    if (auth === undefined || status === undefined) return undefined;
    return <TopView status={status} sessionToken={auth.sessionToken} onLogout={undefined} />;
  },
  OPT0001: ({ reads }) => {
    const usage = answerOf(reads[0], ServiceUsageStatusSchema);
    return usage === undefined ? undefined : <OptionServicesView entries={serviceCatalogue} usage={usage} />;
  },
  OPT0002: ({ reads }) => {
    const history = answerOf(reads[0], BillingHistoryResponseSchema);
    return history === undefined ? undefined : <BillingHistoryView first={history} olderPages={[]} onMore={undefined} />;
  },
  ADB0001: landing(AnshinView),
  BKL0001: landing(BasketLiveView),
  ADB0004: serviceDetail(AnshinView, anshinChangePaymentMachine, [incentiveRead, sectionRead(storageUsageQueryOptions(), storageUsageEndpoint.response)]),
  BKL0004: serviceDetail(BasketLiveView, basketLiveChangePaymentMachine, [incentiveRead]),
  SSS0001: inStoreSupportDetail,
  ADB0008: cancelInform(AnshinView, anshinCancelMachine),
  ADB0011: anshinResumeConfirm,
  BKL0008: cancelInform(BasketLiveView, basketLiveCancelMachine),
  BKL0011: basketLivePlanChange,
  SSS0005: cancelInform(InStoreSupportView, inStoreSupportCancelMachine),
  INV0001: ({ reads }) => {
    const session = answerOf(reads[0], InvoiceSessionResponseSchema);
    if (session === undefined) return undefined;
    return <InvoiceMonthList months={session.months} lineGeneration={session.lineGeneration} notice={null} send={undefined} />;
  },
};

/**
 * The pages drawn for a visitor, by screen ID: the server asks for them only without a session
 * (server/spa/first-view.ts, showsToVisitor), and the layout is drawn signed out (ADR 0113).
 */
const visitorBodies: Readonly<Record<string, (request: FirstViewRequest) => ReactElement | undefined>> = {
  CMN0001: () => <LandingPage />,
  // Only as opened with its query: without one, the code is in the tab's history state, which the
  // server does not see.
  CMN0005: ({ search }) => {
    const query = new URLSearchParams(search);
    if (!query.has('code')) return undefined;
    const { code, endDate } = ErrorSearchSchema.parse(Object.fromEntries(query));
    return <ErrorView code={code} endDate={endDate} />;
  },
  [NotFoundView]: () => <NotFoundPage />,
};

export const renderFirstView: RenderFirstView = (request) => {
  const { pageId, pathname, search } = request;
  // The app's rules may take such a request elsewhere: they decide, as without a first view.
  if (hasRuleParameter(new URLSearchParams(search))) return undefined;
  const signedIn = visitorBodies[pageId] === undefined;
  const body = (signedIn ? firstViewBodies[pageId] : visitorBodies[pageId])?.(request);
  if (body === undefined) return undefined;
  // The layout's links and heading read the router: one that knows only the asked path, as the
  // app's router does before its first navigation has resolved.
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: [pathname] }), isServer: true });
  return renderToString(
    <RouterContextProvider router={router}>
      <AppFrame signedIn={signedIn} loading={false} build={null}>
        {body}
      </AppFrame>
    </RouterContextProvider>,
  );
};
