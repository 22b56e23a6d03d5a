/**
 * The state an application machine adds to send the customer through the mail-address
 * confirmation and back (ADR 0063): it invokes `mailConfirmation` on the landing page; confirmed
 * goes back to the entry judge, cancelled to the landing, anything else to `failed`. Like the
 * shared steps it refers to implementations by name; the host lists them in its setup():
 * actor `mailConfirmation`, guards `isMailConfirmed` and `isMailConfirmationCancelled` (below),
 * actions `forwardToMailConfirmation` (sendTo 'mailConfirmation') and `storeError`.
 */
import { MailAddressParameter, type EntryJudgementResponse } from '../../contracts/api/entry-judgement';
import type { MailCheckServiceId } from '../../contracts/api/mail-address-confirmation';
import { pageMeta, type FlowTag } from '../flow-meta';
import type { MailAddressProblem, MailConfirmationInput, MailConfirmationOutput } from './mail-confirmation.machine';
import type { Contact } from '../service-flow/shared';

type OutputArgs = { readonly event: { readonly output: MailConfirmationOutput } };

/** Why the judge refused the address, from its ngList; null when the mail address is not the problem. */
export function mailProblemOf(response: EntryJudgementResponse): MailAddressProblem | null {
  const reasons = response.ngList.filter((ng) => ng.parameter === MailAddressParameter).map((ng) => ng.reason);
  if (reasons.includes('MAIL_ADDRESS_UNDELIVERABLE')) return 'undeliverable';
  return reasons.length > 0 ? 'unconfirmed' : null;
}

/** SCXML conditions of mailConfirmationGuards (ADR 0076). */
export const mailConfirmationConds = {
  isMailConfirmed: { cond: "_event.data.outcome === 'confirmed'" },
  isMailConfirmationCancelled: { cond: "_event.data.outcome === 'cancelled'" },
};

export const mailConfirmationGuards = {
  isMailConfirmed: (_: unknown, params: { output: MailConfirmationOutput }) => params.output.outcome === 'confirmed',
  isMailConfirmationCancelled: (_: unknown, params: { output: MailConfirmationOutput }) => params.output.outcome === 'cancelled',
};

type HostContext = { readonly sbSystemId: string; readonly contact: Pick<Contact, 'mailAddress' | 'unconfirmedMailAddress'> };

export function mailConfirmationStep<TContext extends HostContext, const TConfirmed extends string, const TCancelled extends string>(step: {
  readonly page: string;
  readonly tags: readonly FlowTag[];
  readonly serviceId: MailCheckServiceId;
  /** The judge's answer the host stored: which of the two problems to solve. */
  readonly problem: (context: TContext) => MailAddressProblem;
  readonly confirmed: TConfirmed;
  readonly cancelled: TCancelled;
}) {
  return {
    tags: [...step.tags],
    meta: pageMeta(step.page, ['SPEC-5.entry-judgement.mail-confirmation', 'DEC.mail-confirmation-address']),
    invoke: {
      id: 'mailConfirmation',
      src: 'mailConfirmation',
      input: ({ context }: { readonly context: TContext }): MailConfirmationInput => ({
        sbSystemId: context.sbSystemId,
        serviceId: step.serviceId,
        // The address on file, confirmed or not: an unconfirmed one is offered for confirmation.
        currentMailAddress: context.contact.mailAddress ?? context.contact.unconfirmedMailAddress ?? null,
        problem: step.problem(context),
      }),
      onDone: [
        { guard: { type: 'isMailConfirmed', params: ({ event }: OutputArgs) => ({ output: event.output }) }, target: step.confirmed },
        { guard: { type: 'isMailConfirmationCancelled', params: ({ event }: OutputArgs) => ({ output: event.output }) }, target: step.cancelled },
        {
          target: 'failed',
          actions: {
            type: 'storeError',
            params: ({ event }: OutputArgs) => ({ errorCode: event.output.outcome === 'failed' ? event.output.errorCode : null }),
          },
        },
      ],
      onError: { target: 'failed', actions: { type: 'storeError', params: { errorCode: null } } },
    },
    on: {
      'mail.enter': { actions: 'forwardToMailConfirmation' },
      'mail.confirm': { actions: 'forwardToMailConfirmation' },
      'mail.cancel': { actions: 'forwardToMailConfirmation' },
      'otp.send': { actions: 'forwardToMailConfirmation' },
      'otp.submit': { actions: 'forwardToMailConfirmation' },
      'otp.resend': { actions: 'forwardToMailConfirmation' },
      'otp.cancel': { actions: 'forwardToMailConfirmation' },
    },
  } as const;
}
