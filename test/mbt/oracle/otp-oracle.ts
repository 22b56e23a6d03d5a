/**
 * The one-time password as docs/flows/anshin-data-box.md section 5 states it (spec sections 7
 * and 8): where each answer of the send and the check leads, and what the send carries.
 */
import type { Invocation } from '../../../scripts/mbt/path-replay';
import { Stay, type FlowOracle, type OracleEvent, type SpecTransition } from './path-oracle';
import { OtpMessage } from './spec-codes';
import { flowPages } from './spec-pages';

export type OtpFacts = {
  readonly hasMail: boolean;
  readonly hasPhone: boolean;
  readonly channel: 'email' | 'sms' | null;
  readonly canResend: boolean;
};

type Rule = SpecTransition<OtpFacts>;

const response = (event: OracleEvent) => event.output as { result: string; ngMessage: string | null };
const ng = (event: OracleEvent) => response(event).ngMessage;

function answers(from: string, src: string, extra: Rule[]): Rule[] {
  const done = `xstate.done.actor.${src}`;
  return [
    ...extra,
    { rule: `section 8 W0011: a locked answer to ${src} locks the one-time password`, from, on: done, when: (_, e) => ng(e) === OtpMessage.Locked, to: 'locked' },
    { rule: `section 8: an unexpected answer to ${src} goes to the error page`, from, on: done, to: 'failed' },
    { rule: `section 8: a failed ${src} goes to the error page`, from, on: `xstate.error.actor.${src}`, to: 'failed' },
  ];
}

const transitions: Rule[] = [
  {
    rule: 'section 4 channels: a code by e-mail needs a mail address',
    from: 'choosing',
    on: 'otp.send',
    when: (f, e) => e.channel === 'email' && f.hasMail,
    to: 'sending',
    then: (f) => ({ ...f, channel: 'email' }),
  },
  {
    rule: 'section 4 channels: a code by SMS needs a phone number',
    from: 'choosing',
    on: 'otp.send',
    when: (f, e) => e.channel === 'sms' && f.hasPhone,
    to: 'sending',
    then: (f) => ({ ...f, channel: 'sms' }),
  },
  { rule: 'docs/flows section 5: the customer may cancel', from: 'choosing', on: 'otp.cancel', to: 'cancelled' },
  ...answers('sending', 'sendOtp', [
    { rule: 'section 7: a sent code is entered next', from: 'sending', on: 'xstate.done.actor.sendOtp', when: (_, e) => response(e).result === 'OK', to: 'codeEntry', then: (f) => ({ ...f, canResend: false }) },
    {
      rule: 'section 8 W0012: a code that could not be sent returns to the choice of channel',
      from: 'sending',
      on: 'xstate.done.actor.sendOtp',
      when: (_, e) => ng(e) === OtpMessage.SendFailed || ng(e) === OtpMessage.SmsSendFailed,
      to: 'choosing',
    },
  ]),
  { rule: 'docs/flows section 5: resend only after the 60 s cooldown', from: 'codeEntry', on: 'xstate.after.resendCooldown', to: Stay, then: (f) => ({ ...f, canResend: true }) },
  { rule: 'section 7: an entered code is checked', from: 'codeEntry', on: 'otp.submit', to: 'verifying' },
  { rule: 'docs/flows section 5: resend once the cooldown is over', from: 'codeEntry', on: 'otp.resend', when: (f) => f.canResend, to: 'sending' },
  { rule: 'docs/flows section 5: the customer may cancel', from: 'codeEntry', on: 'otp.cancel', to: 'cancelled' },
  ...answers('verifying', 'checkOtp', [
    { rule: 'section 7: a matching code is verified', from: 'verifying', on: 'xstate.done.actor.checkOtp', when: (_, e) => response(e).result === 'OK', to: 'verified' },
    { rule: 'docs/flows section 5: a code that does not match is entered again', from: 'verifying', on: 'xstate.done.actor.checkOtp', when: (_, e) => ng(e) === OtpMessage.Mismatch, to: 'codeEntry' },
  ]),
];

/** Section 7: the send carries `{ mailAddress }`, or `{ phoneNumber, type: 'SMS' }`. */
function sendCarriesChannel(invocation: Invocation, facts: OtpFacts): string | undefined {
  if (invocation.src !== 'sendOtp') return undefined;
  const body = (invocation.input as { body: Record<string, unknown> }).body;
  const bySms = body.type === 'SMS' && typeof body.phoneNumber === 'string';
  const byMail = typeof body.mailAddress === 'string' && body.type === undefined;
  const right = facts.channel === 'sms' ? bySms : byMail;
  return right ? undefined : `section 7 otp/send: a code by ${String(facts.channel)} sends ${JSON.stringify(body)}`;
}

export const otpOracle: FlowOracle<OtpFacts> = {
  flowId: 'otp',
  pages: flowPages.otp ?? { steps: {}, entry: [] },
  initial: (input) => {
    const contact = input as { mailAddress: string | null; phoneNumber: string | null };
    return { step: 'choosing', facts: { hasMail: contact.mailAddress !== null, hasPhone: contact.phoneNumber !== null, channel: null, canResend: false } };
  },
  transitions,
  invocation: sendCarriesChannel,
};
