/**
 * The basket live plan change as docs/flows/basket-live.md section 4 and ADR 0062/0064 state it:
 * only an active contract, one of the plans the lineup offers now (not the pending plan; the
 * current plan only to withdraw a pending change), no one-time password, request type 20
 * (spec section 4, change payment plan) naming the plan chosen.
 */
import { Stay, type FlowOracle, type OracleEvent, type SpecTransition } from './path-oracle';
import { showsError, submitOutcomes } from './shared-rules';
import { SpecServices, flowPages } from './spec-pages';

export type PlanFacts = {
  readonly current: string | null;
  readonly pending: string | null;
  readonly next: string | null;
};

type Rule = SpecTransition<PlanFacts>;

const contractOf = (event: OracleEvent) =>
  event.output as { status: string; planId: string | null; pendingPlan: { planId: string } | null };

/** ADR 0064: not the pending plan; the current plan only while a change is pending (to withdraw it). */
function offered(facts: PlanFacts): readonly string[] {
  if (facts.current === null) return [];
  return SpecServices.basketLive.plans.filter((plan) => plan !== facts.pending && (plan !== facts.current || facts.pending !== null));
}


const transitions: Rule[] = [
  {
    rule: 'ADR 0062: only an active contract changes plan',
    from: 'loading',
    on: 'xstate.done.actor.loadPlanContract',
    when: (_, e) => contractOf(e).status === 'active' && contractOf(e).planId !== null,
    to: 'choosing',
    then: (f, e) => ({ ...f, current: contractOf(e).planId, pending: contractOf(e).pendingPlan?.planId ?? null }),
  },
  {
    rule: 'section 8 E0008: a contract that is not active cannot change plan',
    from: 'loading',
    on: 'xstate.done.actor.loadPlanContract',
    to: 'failed',
    shows: showsError('E0008'),
  },
  { rule: 'section 8: a failed contract load goes to the error page', from: 'loading', on: 'xstate.error.actor.loadPlanContract', to: 'failed' },
  {
    rule: 'ADR 0064: only a plan the lineup offers now may be chosen',
    from: 'choosing',
    on: 'plan.select',
    when: (f, e) => offered(f).includes(e.planId as string),
    to: Stay,
    then: (f, e) => ({ ...f, next: e.planId as string }),
  },
  { rule: 'docs/flows/basket-live.md section 4: a chosen plan is quoted', from: 'choosing', on: 'wizard.next', when: (f) => f.next !== null, to: 'quoting' },
  { rule: 'docs/flows/basket-live.md section 4: the quote is shown', from: 'quoting', on: 'xstate.done.actor.loadBusinessDate', to: 'confirm' },
  { rule: 'section 8: a failed business date goes to the error page', from: 'quoting', on: 'xstate.error.actor.loadBusinessDate', to: 'failed' },
  { rule: 'ADR 0062: the plan change is submitted without a one-time password', from: 'confirm', on: 'confirm.submit', to: 'submitting' },
  { rule: 'docs/flows/basket-live.md section 4: back from the quote to the choice', from: 'confirm', on: 'wizard.back', to: 'choosing' },
  ...submitOutcomes<PlanFacts>('changePlan'),
];

export const planChangeOracle: FlowOracle<PlanFacts> = {
  flowId: 'basketLivePlanChange',
  pages: flowPages.basketLivePlanChange ?? { steps: {}, entry: [] },
  initial: () => ({ step: 'loading', facts: { current: null, pending: null, next: null } }),
  transitions,
  invocation: (invocation, facts) => {
    if (invocation.src !== 'changePlan') return undefined;
    const body = (invocation.input as { body: Record<string, unknown> }).body;
    return body.requestType === '20' && body.planId === facts.next
      ? undefined
      : `section 4 request types: a plan change submits request type 20 with plan ${String(facts.next)}, the machine sent ${String(body.requestType)} with ${String(body.planId)}`;
  },
};
