/**
 * One-time password (ワンタイムパスワード) by e-mail or SMS, invoked by a flow before it submits
 * (where: ADR 0025). Spec sections 4 (channels), 7 (POST otp/send, otp/auth), 8 (W0011, W0012,
 * an unexpected message goes to the error page); docs/flows/anshin-data-box.md section 5.
 *
 * choosing -> otp.send -> sending -> codeEntry -> otp.submit -> verifying -> verified
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ErrorCode, type ErrorCodeValue } from '../contracts/error-catalogue';
import {
  OtpNgMessage,
  type ContactChangeOtpPurpose,
  OtpResendCooldownMs,
  type OtpAuthRequest,
  type OtpResponse,
  type OtpSendRequest,
} from '../contracts/api/otp';
import type { MailConfirmationOtpPurpose } from '../contracts/api/mail-address-confirmation';
import { errorCodeOf } from './flow-errors';
import { js, withScxml } from './scxml-semantics';
import { stepMeta, type StateMeta } from './flow-meta';

export type OtpChannel = 'email' | 'sms';

export type OtpInput = {
  readonly sbSystemId: string;
  readonly mailAddress: string | null;
  readonly phoneNumber: string | null;
  /**
   * Set when the code proves an address rather than a contact on file: a mail address not yet
   * confirmed (ADR 0063), or a new or unconfirmed contact the account is to keep (ADR 0080).
   */
  readonly purpose?: typeof MailConfirmationOtpPurpose | typeof ContactChangeOtpPurpose;
};

export type OtpOutput =
  | { readonly outcome: 'verified' }
  | { readonly outcome: 'cancelled' }
  | { readonly outcome: 'locked' }
  | { readonly outcome: 'failed'; readonly errorCode: ErrorCodeValue | null };

export type SendOtpInput = { readonly sbSystemId: string; readonly body: OtpSendRequest };
export type CheckOtpInput = { readonly sbSystemId: string; readonly body: OtpAuthRequest };

export type OtpEvent =
  | { type: 'otp.send'; channel: OtpChannel }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'otp.cancel' };

type OtpContext = OtpInput & {
  channel: OtpChannel | null;
  /** The warning shown on the current step: W0012 after a failed send, A0461 after a wrong code. */
  notice: ErrorCodeValue | null;
  canResend: boolean;
  outcome: OtpOutput['outcome'] | null;
  errorCode: ErrorCodeValue | null;
};

type ResponseParams = { response: OtpResponse };

/** What otp/send is asked for: the channel chosen, with the purpose when the code proves an address. */
function sendBody(context: OtpContext): OtpSendRequest {
  const { purpose } = context;
  if (context.channel === 'sms') {
    const sms = { phoneNumber: context.phoneNumber ?? '', type: 'SMS' as const };
    // Only a contact change proves a number; any other purpose is about a mail address.
    return purpose === 'contactChange' ? { ...sms, purpose } : sms;
  }
  const mailAddress = context.mailAddress ?? '';
  return purpose === undefined ? { mailAddress } : { mailAddress, purpose };
}

export const otpMachine = withScxml(setup({
  types: {
    meta: {} as StateMeta,
    input: {} as OtpInput,
    context: {} as OtpContext,
    events: {} as OtpEvent,
    output: {} as OtpOutput,
    tags: {} as 'busy',
    children: {} as { sendOtp: 'sendOtp'; checkOtp: 'checkOtp' },
  },
  actors: {
    sendOtp: fromPromise<OtpResponse, SendOtpInput>(() => Promise.reject(new Error('sendOtp must be provided by the app'))),
    checkOtp: fromPromise<OtpResponse, CheckOtpInput>(() => Promise.reject(new Error('checkOtp must be provided by the app'))),
  },
  delays: {
    resendCooldown: OtpResendCooldownMs,
  },
  actions: {
    chooseChannel: assign({
      channel: ({ event }) => {
        assertEvent(event, 'otp.send');
        return event.channel;
      },
    }),
    startCooldown: assign({ canResend: false, notice: null }),
    allowResend: assign({ canResend: true }),
    warn: assign((_, params: { notice: ErrorCodeValue }) => ({ notice: params.notice })),
    settle: assign((_, params: { outcome: OtpOutput['outcome'] }) => ({ outcome: params.outcome })),
    failWith: assign((_, params: { errorCode: ErrorCodeValue | null }) => ({
      outcome: 'failed' as const,
      errorCode: params.errorCode,
    })),
  },
  guards: {
    canSendByMail: ({ context, event }) => {
      assertEvent(event, 'otp.send');
      return event.channel === 'email' && context.mailAddress !== null;
    },
    canSendBySms: ({ context, event }) => {
      assertEvent(event, 'otp.send');
      return event.channel === 'sms' && context.phoneNumber !== null;
    },
    canResend: ({ context }) => context.canResend,
    isResultOk: (_, params: ResponseParams) => params.response.result === 'OK',
    isSendFailedMessage: (_, params: ResponseParams) =>
      params.response.ngMessage === OtpNgMessage.SendFailed || params.response.ngMessage === OtpNgMessage.SmsSendFailed,
    isLockedMessage: (_, params: ResponseParams) => params.response.ngMessage === OtpNgMessage.Locked,
    isMismatchMessage: (_, params: ResponseParams) => params.response.ngMessage === OtpNgMessage.Mismatch,
  },
}).createMachine({
  id: 'otp',
  context: ({ input }) => ({ ...input, channel: null, notice: null, canResend: false, outcome: null, errorCode: null }),
  initial: 'choosing',
  states: {
    choosing: {
      meta: stepMeta('確認コードの送信先の選択', ['DEC.otp-required', 'SPEC-7.otp-send', 'SPEC-8.w0012', 'DEC.w0013-sms']),
      on: {
        'otp.send': [
          { guard: 'canSendByMail', target: 'sending', actions: 'chooseChannel' },
          { guard: 'canSendBySms', target: 'sending', actions: 'chooseChannel' },
        ],
        'otp.cancel': 'cancelled',
      },
    },
    sending: {
      tags: ['busy'],
      meta: stepMeta('確認コードの送信', ['SPEC-7.otp-send']),
      invoke: {
        id: 'sendOtp',
        src: 'sendOtp',
        input: ({ context }) => ({ sbSystemId: context.sbSystemId, body: sendBody(context) }),
        onDone: [
          {
            guard: { type: 'isResultOk', params: ({ event }) => ({ response: event.output }) },
            target: 'codeEntry',
            actions: 'startCooldown',
          },
          {
            guard: { type: 'isSendFailedMessage', params: ({ event }) => ({ response: event.output }) },
            target: 'choosing',
            // W0012 for e-mail (spec section 8), W0013 for SMS: the channel the code did not reach.
            actions: { type: 'warn', params: ({ context }) => ({ notice: context.channel === 'sms' ? ErrorCode.OtpSmsSendFailed : ErrorCode.OtpSendFailed }) },
          },
          {
            guard: { type: 'isLockedMessage', params: ({ event }) => ({ response: event.output }) },
            target: 'locked',
          },
          // Spec section 8: an unexpected one-time-password message goes to the error page.
          { target: 'failed', actions: { type: 'failWith', params: { errorCode: null } } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) },
        },
      },
    },
    codeEntry: {
      meta: stepMeta('確認コードの入力', ['SPEC-7.otp-auth', 'DEC.otp-resend-cooldown']),
      after: { resendCooldown: { actions: 'allowResend' } },
      on: {
        'otp.submit': 'verifying',
        'otp.resend': { guard: 'canResend', target: 'sending' },
        'otp.cancel': 'cancelled',
      },
    },
    verifying: {
      tags: ['busy'],
      meta: stepMeta('確認コードの確認', ['SPEC-7.otp-auth']),
      invoke: {
        id: 'checkOtp',
        src: 'checkOtp',
        // The code travels in the event only; it never enters the context (ADR 0024).
        input: ({ context, event }) => {
          assertEvent(event, 'otp.submit');
          return { sbSystemId: context.sbSystemId, body: { otp: event.code } };
        },
        onDone: [
          { guard: { type: 'isResultOk', params: ({ event }) => ({ response: event.output }) }, target: 'verified' },
          {
            guard: { type: 'isMismatchMessage', params: ({ event }) => ({ response: event.output }) },
            target: 'codeEntry',
            actions: { type: 'warn', params: { notice: ErrorCode.OtpMismatch } },
          },
          {
            guard: { type: 'isLockedMessage', params: ({ event }) => ({ response: event.output }) },
            target: 'locked',
          },
          { target: 'failed', actions: { type: 'failWith', params: { errorCode: null } } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) },
        },
      },
    },
    verified: {
      type: 'final',
      entry: { type: 'settle', params: { outcome: 'verified' } },
      meta: stepMeta('確認コードの確認完了', ['DEC.otp-required']),
    },
    cancelled: {
      type: 'final',
      entry: { type: 'settle', params: { outcome: 'cancelled' } },
      meta: stepMeta('確認コードの入力の中止', ['DEC.otp-required']),
    },
    locked: {
      type: 'final',
      entry: { type: 'settle', params: { outcome: 'locked' } },
      meta: stepMeta('確認コードのロック', ['SPEC-8.w0011']),
    },
    failed: { type: 'final', meta: stepMeta('確認コードのエラー', ['SPEC-8.otp-unexpected']) },
  },
  output: ({ context }): OtpOutput => {
    switch (context.outcome) {
      case 'verified':
      case 'cancelled':
      case 'locked':
        return { outcome: context.outcome };
      case 'failed':
      case null:
        return { outcome: 'failed', errorCode: context.errorCode };
    }
  },
}), {
  guards: {
    canSendByMail: { cond: "_event.data.channel === 'email' && mailAddress !== null", reads: ['mailAddress'] },
    canSendBySms: { cond: "_event.data.channel === 'sms' && phoneNumber !== null", reads: ['phoneNumber'] },
    canResend: { cond: 'canResend === true', reads: ['canResend'] },
    isResultOk: { cond: "_event.data.result === 'OK'" },
    isSendFailedMessage: {
      cond: `_event.data.ngMessage === ${js(OtpNgMessage.SendFailed)} || _event.data.ngMessage === ${js(OtpNgMessage.SmsSendFailed)}`,
    },
    isLockedMessage: { cond: `_event.data.ngMessage === ${js(OtpNgMessage.Locked)}` },
    isMismatchMessage: { cond: `_event.data.ngMessage === ${js(OtpNgMessage.Mismatch)}` },
  },
  actions: {
    startCooldown: [['canResend', 'false']],
    allowResend: [['canResend', 'true']],
  },
  done: {
    verified: { outcome: "'verified'" },
    cancelled: { outcome: "'cancelled'" },
    locked: { outcome: "'locked'" },
    // An unexpected message (a done event) has no code; a failed call has the one it came back with.
    failed: { outcome: "'failed'", errorCode: "_event.name === 'error.execution' ? _event.data.errorCode : null" },
  },
});
