/**
 * The in-store support contract page and its histories as docs/flows/sumahosetup-support.md
 * section 1 and spec sections 3, 4 and 8 state them: the histories only with a contract (now or
 * before), ten visits a page, a detail only for a visit of the list (else the error page), the
 * transition flag and current index set only while a detail is shown, Back one level up.
 */
import { Stay, type FlowOracle, type OracleEvent, type SpecTransition } from './path-oracle';
import { output } from './shared-rules';
import { flowPages } from './spec-pages';

/** docs/flows/sumahosetup-support.md section 1: "10件ずつ表示し「もっと見る」で10件ずつ追加". */
const PageSize = 10;

export type SupportHistoryFacts = {
  readonly hasContract: boolean;
  /** The visits GET support/history listed, by index. */
  readonly visits: readonly number[];
  readonly shown: number;
  /** The visit whose detail is shown. */
  readonly current: number | null;
};

type Rule = SpecTransition<SupportHistoryFacts>;

const visitsOf = (event: OracleEvent) => (output(event).supportHistoryInfo as { index: number }[]).map((visit) => visit.index);

type SupportStore = { currentIndex: unknown; transitionFlg: unknown };
const storeOf = (snapshot: { context: unknown }) => (snapshot.context as { support: SupportStore }).support;

const transitions: Rule[] = [
  {
    rule: 'sumahosetup-support.md section 1 loading: the contract read shows the contract page',
    from: 'loading',
    on: 'xstate.done.actor.loadContract',
    to: 'detail',
    // "契約がある、または過去にあったときだけ": a contract of any status but none.
    then: (f, e) => ({ ...f, hasContract: output(e).status !== 'none' }),
  },
  { rule: 'sumahosetup-support.md section 1: a failed contract read goes to the error page', from: 'loading', on: 'xstate.error.actor.loadContract', to: 'failed' },
  { rule: 'sumahosetup-support.md section 1 historyLoading: the support history only with a contract (hasContract)', from: 'detail', on: 'history.open', when: (f) => f.hasContract, to: 'historyLoading' },
  { rule: 'sumahosetup-support.md section 1 benefits: the benefit history only with a contract (hasContract)', from: 'detail', on: 'benefits.open', when: (f) => f.hasContract, to: 'benefits' },
  {
    rule: 'sumahosetup-support.md section 1 history: the visits read are listed, ten first',
    from: 'historyLoading',
    on: 'xstate.done.actor.loadSupportHistory',
    to: 'history',
    then: (f, e) => ({ ...f, visits: visitsOf(e), shown: PageSize }),
  },
  { rule: 'sumahosetup-support.md section 1: a failed history read goes to the error page', from: 'historyLoading', on: 'xstate.error.actor.loadSupportHistory', to: 'failed' },
  {
    rule: 'sumahosetup-support.md section 1 historyDetail: a visit of the list opens its detail, with currentIndex and transitionFlg set (spec section 3)',
    from: 'history',
    on: 'history.select',
    when: (f, e) => f.visits.includes(e.index as number),
    to: 'historyDetail',
    then: (f, e) => ({ ...f, current: e.index as number }),
    shows: (after, f) => {
      const store = storeOf(after);
      return store.currentIndex === f.current && store.transitionFlg === true
        ? undefined
        : `the detail of visit ${String(f.current)} needs currentIndex ${String(f.current)} and transitionFlg true, the store has ${JSON.stringify(store)}`;
    },
  },
  { rule: 'spec section 8: a visit the list does not have goes to the error page', from: 'history', on: 'history.select', to: 'failed' },
  { rule: 'sumahosetup-support.md section 1 history: ten more while the list has more (hasMore)', from: 'history', on: 'history.more', when: (f) => f.shown < f.visits.length, to: Stay, then: (f) => ({ ...f, shown: f.shown + PageSize }) },
  { rule: 'sumahosetup-support.md section 1: Back from the list to the contract page', from: 'history', on: 'wizard.back', to: 'detail' },
  {
    rule: 'sumahosetup-support.md section 1: Back from a detail to the list clears currentIndex and transitionFlg',
    from: 'historyDetail',
    on: 'wizard.back',
    to: 'history',
    then: (f) => ({ ...f, current: null }),
    shows: (after) => {
      const store = storeOf(after);
      return store.currentIndex === null && store.transitionFlg === false ? undefined : `back on the list the store must be cleared, it has ${JSON.stringify(store)}`;
    },
  },
  { rule: 'sumahosetup-support.md section 1: Back from the benefit history to the contract page', from: 'benefits', on: 'wizard.back', to: 'detail' },
];

/**
 * Spec section 4 "Support pages also need a transition flag": true only while a detail is shown;
 * and on the list, as many visits shown as the customer asked for.
 */
function everyStep(after: { context: unknown }, step: string, facts: SupportHistoryFacts): string | undefined {
  const flag = storeOf(after).transitionFlg;
  if (flag !== (step === 'historyDetail')) return `spec section 4: transitionFlg is ${String(flag)} in ${step}; it is true only on the detail`;
  const shown = (after.context as { shown: unknown }).shown;
  if (step === 'history' && shown !== facts.shown) return `sumahosetup-support.md section 1: the list shows ${String(shown)} visits, ${facts.shown} are due`;
  return undefined;
}

export const supportHistoryOracle: FlowOracle<SupportHistoryFacts> = {
  flowId: 'inStoreSupportHistory',
  pages: flowPages.inStoreSupportHistory ?? { steps: {}, entry: [] },
  initial: () => ({ step: 'loading', facts: { hasContract: false, visits: [], shown: PageSize, current: null } }),
  transitions,
  everyStep,
};
