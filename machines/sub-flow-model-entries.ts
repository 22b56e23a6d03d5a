/** Registry entries of the sub-flows the data storage flows invoke: one-time password, card provider. */
import type { SnapshotFrom } from 'xstate';
import type { MachineEntry } from './registry';
import { cardProviderMachine } from './card-provider.machine';
import { unless } from './mbt/invariant-helpers';
import { failures, modelEvents, sampleCard, sampleInput } from './model-fixtures';
import { otpMachine } from './otp.machine';

type OtpSnapshot = SnapshotFrom<typeof otpMachine>;

const ok = { result: 'OK', ngMessage: null };
const ng = (ngMessage: string) => ({ result: 'NG', ngMessage });

export const otpEntry: MachineEntry = {
  id: 'otp',
  title: 'ワンタイムパスワード',
  machine: otpMachine,
  input: { sbSystemId: sampleInput.sbSystemId, mailAddress: 'taro@example.jp', phoneNumber: '09012345678' },
  events: modelEvents(
    { type: 'otp.send', channel: 'email' },
    { type: 'otp.send', channel: 'sms' },
    { type: 'otp.submit', code: '123456' },
    { type: 'otp.resend' },
    { type: 'otp.cancel' },
    { type: 'xstate.after.resendCooldown.otp.codeEntry' },
    { type: 'xstate.done.actor.sendOtp', output: ok },
    { type: 'xstate.done.actor.sendOtp', output: ng('W0012') },
    { type: 'xstate.done.actor.sendOtp', output: ng('W0013') },
    { type: 'xstate.done.actor.sendOtp', output: ng('W0011') },
    { type: 'xstate.done.actor.sendOtp', output: ng('X9999') },
    { type: 'xstate.error.actor.sendOtp', error: failures.unknown },
    { type: 'xstate.done.actor.checkOtp', output: ok },
    { type: 'xstate.done.actor.checkOtp', output: ng('A0461') },
    { type: 'xstate.done.actor.checkOtp', output: ng('W0011') },
    { type: 'xstate.done.actor.checkOtp', output: ng('X9999') },
    { type: 'xstate.error.actor.checkOtp', error: failures.unknown },
  ),
  serializeState: (raw) => {
    const snapshot = raw as OtpSnapshot;
    const { context } = snapshot;
    return JSON.stringify({ value: snapshot.value, canResend: context.canResend, notice: context.notice });
  },
  variants: [
    {
      // 'otp.send' by SMS is refused: the one outcome (canSendBySms false) the main input cannot show.
      title: 'メールアドレスのみ',
      input: { sbSystemId: sampleInput.sbSystemId, mailAddress: 'taro@example.jp', phoneNumber: null },
    },
  ],
  invariants: [
    {
      id: 'otp.sent-before-code',
      description: 'コード入力中・照合中は、送信先（メールまたはSMS）が決まっていること',
      check: (raw) => {
        const snapshot = raw as OtpSnapshot;
        const entering = snapshot.matches('codeEntry') || snapshot.matches('verifying');
        return unless(!entering || snapshot.context.channel !== null, 'no channel while entering or checking a code');
      },
    },
    {
      id: 'otp.choosing-notice',
      description: '送信先の選択画面に出すお知らせは、なし か 届かなかった送信先の送信失敗（メールは W0012、SMS は W0013）だけであること',
      check: (raw) => {
        const snapshot = raw as OtpSnapshot;
        const { notice, channel } = snapshot.context;
        const expected = channel === 'sms' ? 'W0013' : 'W0012';
        return unless(!snapshot.matches('choosing') || notice === null || notice === expected, `notice ${String(notice)} after sending by ${String(channel)}`);
      },
    },
  ],
};

export const cardProviderEntry: MachineEntry = {
  id: 'cardProvider',
  title: 'カード決済事業者との往復',
  machine: cardProviderMachine,
  input: {
    sbSystemId: sampleInput.sbSystemId,
    contentsServiceId: '223',
    operationType: '10',
    returnUrls: sampleInput.returnUrls,
  },
  events: modelEvents(
    {
      type: 'xstate.done.actor.createPaymentSession',
      output: { redirectOrderUrl: 'https://card.example.jp/order/o-1', orderId: 'o-1' },
    },
    { type: 'xstate.error.actor.createPaymentSession', error: failures.congestion },
    { type: 'provider.returned', outcome: 'completed' },
    { type: 'provider.returned', outcome: 'cancelled' },
    { type: 'wizard.back' },
    { type: 'xstate.done.actor.verifyPaymentResult', output: { orderId: 'o-1', status: 'completed', card: sampleCard } },
    { type: 'xstate.done.actor.verifyPaymentResult', output: { orderId: 'o-1', status: 'rejected' } },
    { type: 'xstate.done.actor.verifyPaymentResult', output: { orderId: 'o-1', status: 'cancelled' } },
    { type: 'xstate.done.actor.verifyPaymentResult', output: { orderId: 'o-1', status: 'pending' } },
    { type: 'xstate.done.actor.verifyPaymentResult', output: { orderId: 'o-1', status: 'expired' } },
    { type: 'xstate.error.actor.verifyPaymentResult', error: failures.unknown },
  ),
};
