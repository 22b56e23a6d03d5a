/**
 * Events the app shell sends to any flow machine (names are `subject.verb`, lower case).
 * A machine that handles them opts in; one that does not simply ignores them.
 */
export const FlowEvent = {
  /** Browser Back on a flow page: the machine's own "previous step", when it has one. */
  Back: 'wizard.back',
  /** The card provider sent the customer back to /Payment/Redirect or /Payment/Cancel/Redirect. */
  ProviderReturned: 'provider.returned',
} as const;

export type ProviderOutcome = 'completed' | 'cancelled';
export type ProviderReturnedEvent = { readonly type: typeof FlowEvent.ProviderReturned; readonly outcome: ProviderOutcome };
