/**
 * What every flow's oracle reads the same way: an invoke's output and error code, the notice and
 * error code a page shows, and how a submit ends (spec sections 7 and 8, the idempotent resend).
 */
import type { OracleEvent, SpecTransition } from './path-oracle';

export const output = (event: OracleEvent) => event.output as Record<string, unknown>;
export const errorCode = (event: OracleEvent): unknown => (event.error as { errorCode?: unknown } | undefined)?.errorCode;

const shown = (snapshot: { context: unknown }) => snapshot.context as { notice?: unknown; errorCode?: unknown };

export const showsNotice = (code: string) => (after: { context: unknown }) =>
  shown(after).notice === code ? undefined : `the page must show ${code}, it shows ${String(shown(after).notice)}`;
export const showsError = (code: string) => (after: { context: unknown }) =>
  shown(after).errorCode === code ? undefined : `the error page must show ${code}, it shows ${String(shown(after).errorCode)}`;

/** After the flow's own answers to a rejected submit: unknown outcome resendable, a code on the error page. */
export function submitOutcomes<F>(src: string): SpecTransition<F>[] {
  return [
    { rule: 'section 7: an accepted submit completes', from: 'submitting', on: `xstate.done.actor.${src}`, to: 'completed' },
    {
      rule: 'DEC idempotent submit: a failure without an error code may be resent',
      from: 'submitting',
      on: `xstate.error.actor.${src}`,
      when: (_, e) => errorCode(e) === undefined,
      to: 'submitUnknown',
    },
    {
      rule: 'section 8: a refused submit shows its error code on the error page',
      from: 'submitting',
      on: `xstate.error.actor.${src}`,
      to: 'failed',
      shows: (after, _, e) => showsError(String(errorCode(e)))(after),
    },
    { rule: 'DEC idempotent submit: resend under the same key', from: 'submitUnknown', on: 'error.retry', to: 'submitting' },
  ];
}
