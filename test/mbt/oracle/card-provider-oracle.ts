/**
 * The card provider round trip as docs/flows/anshin-data-box.md section 6 and spec sections 2, 7
 * and 8 state it: the payment session carries the operation code and return URLs the host gave,
 * the result is checked by the order id the session answered (the return URL's query is not
 * trusted), and each order status ends in its outcome, which the host reads from the output.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Invocation } from '../../../scripts/mbt/path-replay';
import type { FlowOracle, OracleEvent, SpecTransition } from './path-oracle';
import { errorCode, output, showsError } from './shared-rules';
import { flowPages } from './spec-pages';

export type CardProviderFacts = {
  readonly sbSystemId: string;
  readonly contentsServiceId: string;
  readonly operationType: string;
  readonly returnUrls: { readonly orderDoneUrl: string; readonly cancelUrl: string };
  /** The order id the payment session answered. */
  readonly orderId: string | null;
};

type Rule = SpecTransition<CardProviderFacts>;

const orderStatus = (event: OracleEvent) => output(event).status;

/** What the invoking flow learns: the final state's output. */
const endsWith = (outcome: string) => (after: AnyMachineSnapshot) => {
  const ended = after.output as { outcome?: unknown } | undefined;
  return after.status === 'done' && ended?.outcome === outcome ? undefined : `the host must learn ${outcome}, the output is ${JSON.stringify(ended)}`;
};

const refusedWith = (after: AnyMachineSnapshot, _facts: CardProviderFacts, event: OracleEvent) => {
  const code = errorCode(event);
  return typeof code === 'string' ? showsError(code)(after) : undefined;
};

const transitions: Rule[] = [
  {
    rule: 'anshin-data-box.md section 6 away: the customer goes to the provider\'s page the session answered',
    from: 'creatingSession',
    on: 'xstate.done.actor.createPaymentSession',
    to: 'away',
    then: (f, e) => ({ ...f, orderId: output(e).orderId as string }),
  },
  {
    rule: 'spec section 8: a payment session that cannot be opened fails with its code',
    from: 'creatingSession',
    on: 'xstate.error.actor.createPaymentSession',
    to: 'failed',
    shows: refusedWith,
  },
  { rule: 'anshin-data-box.md section 6 verifying: back from the provider, the result is checked (whatever the return URL says)', from: 'away', on: 'provider.returned', to: 'verifying' },
  { rule: 'anshin-data-box.md section 6: browser Back from the provider returns to the choice of payment', from: 'away', on: 'wizard.back', to: 'cancelled', shows: endsWith('cancelled') },
  {
    rule: 'anshin-data-box.md section 6 registered: a completed order registers the card',
    from: 'verifying',
    on: 'xstate.done.actor.verifyPaymentResult',
    when: (_, e) => orderStatus(e) === 'completed',
    to: 'registered',
    shows: (after, _f, e) => {
      const ended = after.output as { outcome?: unknown; card?: unknown } | undefined;
      return ended?.outcome === 'registered' && JSON.stringify(ended.card) === JSON.stringify(output(e).card)
        ? undefined
        : `the host must learn the card registered, the output is ${JSON.stringify(ended)}`;
    },
  },
  {
    rule: 'spec section 8 W0008: an order the provider rejected is a card that cannot be used',
    from: 'verifying',
    on: 'xstate.done.actor.verifyPaymentResult',
    when: (_, e) => orderStatus(e) === 'rejected',
    to: 'unusable',
    shows: endsWith('unusable'),
  },
  {
    rule: 'anshin-data-box.md section 6 failed (ADR 0032): an order left to expire at the provider is the timeout W0007',
    from: 'verifying',
    on: 'xstate.done.actor.verifyPaymentResult',
    when: (_, e) => orderStatus(e) === 'expired',
    to: 'failed',
    shows: (after) => endsWith('failed')(after) ?? showsError('W0007')(after),
  },
  {
    rule: 'anshin-data-box.md section 6 cancelled: an order cancelled at the provider returns to the choice of payment',
    from: 'verifying',
    on: 'xstate.done.actor.verifyPaymentResult',
    when: (_, e) => orderStatus(e) === 'cancelled',
    to: 'cancelled',
    shows: endsWith('cancelled'),
  },
  {
    rule: 'anshin-data-box.md section 6: an order still pending on return counts as cancelled',
    from: 'verifying',
    on: 'xstate.done.actor.verifyPaymentResult',
    when: (_, e) => orderStatus(e) === 'pending',
    to: 'cancelled',
    shows: endsWith('cancelled'),
  },
  { rule: 'spec section 8: a failed result check goes to the error page', from: 'verifying', on: 'xstate.error.actor.verifyPaymentResult', to: 'failed', shows: endsWith('failed') },
];

/** Spec section 7 payment/information and the result check: what each call carries. */
function carriesWhatTheHostGave(invocation: Invocation, facts: CardProviderFacts): string | undefined {
  const input = invocation.input as { sbSystemId?: unknown; contentsServiceId?: unknown; orderId?: unknown; body?: Record<string, unknown> };
  if (invocation.src === 'createPaymentSession') {
    const expected = { operationType: facts.operationType, orderDoneUrl: facts.returnUrls.orderDoneUrl, cancelUrl: facts.returnUrls.cancelUrl };
    const right = input.sbSystemId === facts.sbSystemId && input.contentsServiceId === facts.contentsServiceId && JSON.stringify(input.body) === JSON.stringify(expected);
    return right ? undefined : `section 7 payment/information: expected ${JSON.stringify(expected)} for ${facts.sbSystemId} (service ${facts.contentsServiceId}), the machine sent ${JSON.stringify(input)}`;
  }
  if (invocation.src === 'verifyPaymentResult') {
    return input.orderId === facts.orderId && input.sbSystemId === facts.sbSystemId
      ? undefined
      : `anshin-data-box.md section 6 verifying: the result of order ${String(facts.orderId)} is checked, the machine asked for ${String(input.orderId)}`;
  }
  return undefined;
}

export const cardProviderOracle: FlowOracle<CardProviderFacts> = {
  flowId: 'cardProvider',
  pages: flowPages.cardProvider ?? { steps: {}, entry: [] },
  initial: (input) => {
    const given = input as Omit<CardProviderFacts, 'orderId'>;
    return {
      step: 'creatingSession',
      facts: { sbSystemId: given.sbSystemId, contentsServiceId: given.contentsServiceId, operationType: given.operationType, returnUrls: given.returnUrls, orderId: null },
    };
  },
  transitions,
  invocation: carriesWhatTheHostGave,
};
