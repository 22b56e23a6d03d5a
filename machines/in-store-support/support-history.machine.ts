/**
 * The in-store support service's contract page and what it leads to: the support history
 * (a list, then one visit), and the continued-use benefit history (docs/flows/sumahosetup-support.md).
 * The machine's `support` context is the spec's "support" store (section 3: SupportHistoryInfo
 * list, currentIndex, transitionFlg), kept across reloads with the flow's snapshot
 * (docs/decisions/0072-in-store-support.md). The history pages are reachable only as states of
 * this flow, entered from the contract page: the transition flag of spec section 4. A visit
 * asked for by an index the list does not have logs the Japanese message and ends on the error
 * page (spec section 8).
 *
 * loading -> detail -> historyLoading -> history -> historyDetail
 *                   \-> benefits
 */
import { assertEvent, assign, fromPromise, log, setup } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import type { SupportHistoryInfo, SupportHistoryResponse } from '../../contracts/api/support-history';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import { servicePath } from '../../contracts/services/service-definition';
import { InStoreSupport } from '../../contracts/services/in-store-support';
import { errorCodeOf } from '../flow-errors';
import { pageMeta, readPage, type FlowTag, type StateMeta } from '../flow-meta';
import { loadContractPort, type ServiceFlowInput } from '../service-flow/shared';
import { loadContractStep } from '../service-flow/steps';
import { withScxml } from '../scxml-semantics';

const DetailPage = servicePath(InStoreSupport, 'detail');
const HistoryPage = `${InStoreSupport.routePrefix}/SupportHistory`;
const HistoryDetailPage = `${InStoreSupport.routePrefix}/SupportHistory/Detail`;
const BenefitsPage = `${InStoreSupport.routePrefix}/BenefitHistory`;
const ErrorPage = '/Error';

/** Visits the history list shows at first and adds with each "show more". */
export const HistoryPageSize = 10;

/** The Japanese message logged when a visit's detail cannot be found (spec section 8). */
export const DetailNotFoundMessage = 'サポート履歴の詳細を取得できませんでした。';

export type LoadSupportHistoryInput = { readonly sbSystemId: string };

/** The spec's "support" store. */
export type SupportStore = {
  supportHistoryInfo: SupportHistoryInfo[];
  currentIndex: number | null;
  /** True only while a visit opened from the list is shown. */
  transitionFlg: boolean;
};

export type SupportHistoryContext = ServiceFlowInput & {
  contract: FlowContract | null;
  support: SupportStore;
  /** How many visits of the list are shown. */
  shown: number;
  errorCode: ErrorCodeValue | null;
};

export type SupportHistoryEvent =
  | { type: 'history.open' }
  | { type: 'history.select'; index: number }
  | { type: 'history.more' }
  | { type: 'benefits.open' }
  | { type: 'wizard.back' };

export const inStoreSupportHistoryMachine = withScxml(setup({
  types: {
    meta: {} as StateMeta,
    input: {} as ServiceFlowInput,
    context: {} as SupportHistoryContext,
    events: {} as SupportHistoryEvent,
    tags: {} as FlowTag,
    children: {} as { loadContract: 'loadContract'; loadSupportHistory: 'loadSupportHistory' },
  },
  actors: {
    loadContract: loadContractPort,
    // Stryker disable next-line BlockStatement: a placeholder the app always replaces (machine.provide): its body never runs
    loadSupportHistory: fromPromise<SupportHistoryResponse, LoadSupportHistoryInput>(() => {
      // Stryker disable next-line StringLiteral: the message of a placeholder the app always replaces
      throw new Error('loadSupportHistory is provided by the app');
    }),
  },
  actions: {
    storeContract: assign((_, params: { contract: FlowContract }) => ({ contract: params.contract })),
    storeHistory: assign(({ context }, params: { entries: SupportHistoryInfo[] }) => ({
      support: { ...context.support, supportHistoryInfo: params.entries },
      shown: HistoryPageSize,
    })),
    showMore: assign(({ context }) => ({ shown: context.shown + HistoryPageSize })),
    openDetail: assign(({ context, event }) => {
      assertEvent(event, 'history.select');
      return { support: { ...context.support, currentIndex: event.index, transitionFlg: true } };
    }),
    closeDetail: assign(({ context }) => ({ support: { ...context.support, currentIndex: null, transitionFlg: false } })),
    storeError: assign((_, params: { errorCode: ErrorCodeValue | null }) => ({ errorCode: params.errorCode })),
  },
  guards: {
    isListedIndex: ({ context, event }) => {
      assertEvent(event, 'history.select');
      return context.support.supportHistoryInfo.some((entry) => entry.index === event.index);
    },
    hasMore: ({ context }) => context.shown < context.support.supportHistoryInfo.length,
    hasContract: ({ context }) => context.contract !== null && context.contract.status !== 'none',
  },
}).createMachine({
  id: 'inStoreSupportHistory',
  context: ({ input }) => ({
    ...input,
    contract: null,
    support: { supportHistoryInfo: [], currentIndex: null, transitionFlg: false },
    shown: HistoryPageSize,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: loadContractStep(InStoreSupport.serviceId, DetailPage, 'detail'),
    detail: {
      ...readPage(DetailPage, ['SPEC-2.in-store-support-routes', 'DEC.continued-use-benefit']),
      on: {
        'history.open': { guard: 'hasContract', target: 'historyLoading' },
        'benefits.open': { guard: 'hasContract', target: 'benefits' },
      },
    },
    historyLoading: {
      tags: ['busy'],
      meta: pageMeta(HistoryPage, ['SPEC-7.support-history']),
      invoke: {
        id: 'loadSupportHistory',
        src: 'loadSupportHistory',
        input: ({ context }) => ({ sbSystemId: context.sbSystemId }),
        onDone: { target: 'history', actions: { type: 'storeHistory', params: ({ event }) => ({ entries: event.output.supportHistoryInfo }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) } },
      },
    },
    history: {
      ...readPage(HistoryPage, ['SPEC-3.support-store', 'SPEC-4.guards.support-transition', 'DEC.support-history-more']),
      on: {
        'history.select': [
          { guard: 'isListedIndex', target: 'historyDetail', actions: 'openDetail' },
          {
            target: 'failed',
            actions: [
              log(({ event }) => `${DetailNotFoundMessage}（index: ${String(event.index)}）`),
              { type: 'storeError', params: { errorCode: null } },
            ],
          },
        ],
        'history.more': { guard: 'hasMore', actions: 'showMore' },
        'wizard.back': 'detail',
      },
    },
    historyDetail: {
      ...readPage(HistoryDetailPage, ['SPEC-4.guards.support-transition', 'SPEC-8.support-detail-not-found']),
      on: { 'wizard.back': { target: 'history', actions: 'closeDetail' } },
    },
    benefits: {
      ...readPage(BenefitsPage, ['DEC.continued-use-benefit']),
      on: { 'wizard.back': 'detail' },
    },
    failed: {
      type: 'final',
      tags: ['persistable'],
      meta: pageMeta(ErrorPage, ['SPEC-8.error-page', 'SPEC-8.support-detail-not-found']),
    },
  },
}), {
  guards: {
    isListedIndex: {
      cond: 'support.supportHistoryInfo.some(function (entry) { return entry.index === _event.data.index; })',
      reads: ['support'],
    },
    hasMore: { cond: 'shown < support.supportHistoryInfo.length', reads: ['shown', 'support'] },
    hasContract: { cond: "contract !== null && contract.status !== 'none'", reads: ['contract'] },
  },
  actions: {
    storeContract: [['contract', '_event.data']],
    storeHistory: [
      ['support.supportHistoryInfo', '_event.data.supportHistoryInfo'],
      ['shown', String(HistoryPageSize)],
    ],
    showMore: [['shown', `shown + ${HistoryPageSize}`]],
    openDetail: [
      ['support.currentIndex', '_event.data.index'],
      ['support.transitionFlg', 'true'],
    ],
    closeDetail: [
      ['support.currentIndex', 'null'],
      ['support.transitionFlg', 'false'],
    ],
  },
});

export type SupportHistoryMachine = typeof inStoreSupportHistoryMachine;
