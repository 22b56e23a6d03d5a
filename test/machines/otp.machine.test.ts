import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { OtpResponse } from '../../contracts/api/otp';
import { otpMachine, type CheckOtpInput, type OtpInput, type SendOtpInput } from '../../machines/otp.machine';
import { failures } from '../../machines/model-fixtures';
import { fail, ok, scripted, type Answer } from './support/fake-actors';

const okResponse: OtpResponse = { result: 'OK', ngMessage: null };
const ng = (ngMessage: string): Answer<OtpResponse> => ok({ result: 'NG', ngMessage });
const both: OtpInput = { sbSystemId: '1000000001', mailAddress: 'taro@example.jp', phoneNumber: '09012345678' };

function start(send: Answer<OtpResponse>[], check: Answer<OtpResponse>[] = [ok(okResponse)], input: OtpInput = both) {
  const sendOtp = scripted<SendOtpInput, OtpResponse>(...send);
  const checkOtp = scripted<CheckOtpInput, OtpResponse>(...check);
  const actor = createActor(otpMachine.provide({ actors: { sendOtp: sendOtp.logic, checkOtp: checkOtp.logic } }), {
    input,
  }).start();
  return { actor, sendOtp, checkOtp };
}

describe('otp（ワンタイムパスワード）', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('メールで送信して正しいコードを入力すると確認済みで終わること', async () => {
    const { actor, sendOtp, checkOtp } = start([ok(okResponse)]);
    actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sendOtp.calls).toEqual([{ sbSystemId: '1000000001', body: { mailAddress: 'taro@example.jp' } }]);
    expect(actor.getSnapshot().value).toBe('codeEntry');
    actor.send({ type: 'otp.submit', code: '123456' });
    await vi.advanceTimersByTimeAsync(0);
    expect(checkOtp.calls).toEqual([{ sbSystemId: '1000000001', body: { otp: '123456' } }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'verified' });
  });

  it('SMSでは電話番号とtype SMSを送ること', async () => {
    const { actor, sendOtp } = start([ok(okResponse)]);
    actor.send({ type: 'otp.send', channel: 'sms' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sendOtp.calls[0]?.body).toEqual({ phoneNumber: '09012345678', type: 'SMS' });
  });

  it('登録のない送信先は選べないこと', () => {
    const { actor } = start([ok(okResponse)], [ok(okResponse)], { ...both, phoneNumber: null });
    expect(actor.getSnapshot().can({ type: 'otp.send', channel: 'sms' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'otp.send', channel: 'email' })).toBe(true);
  });

  it('メールアドレスがなければメールは選べず、SMSに代わって送ることもないこと', () => {
    const { actor } = start([ok(okResponse)], [ok(okResponse)], { ...both, mailAddress: null });
    expect(actor.getSnapshot().can({ type: 'otp.send', channel: 'email' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'otp.send', channel: 'sms' })).toBe(true);
  });

  it('送信失敗（W0012）なら送信先の選択に戻りW0012を表示すること', async () => {
    const { actor } = start([ng('W0012')]);
    actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.notice).toBe('W0012');
  });

  it('SMSの送信失敗（W0013）なら送信先の選択に戻り、メールのW0012ではなくW0013を表示すること', async () => {
    const { actor } = start([ng('W0013')]);
    actor.send({ type: 'otp.send', channel: 'sms' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.notice).toBe('W0013');
  });

  it('ロック（W0011）なら送信でも認証でもlockedで終わること', async () => {
    const onSend = start([ng('W0011')]);
    onSend.actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    expect(onSend.actor.getSnapshot().output).toEqual({ outcome: 'locked' });

    const onCheck = start([ok(okResponse)], [ng('W0011')]);
    onCheck.actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    onCheck.actor.send({ type: 'otp.submit', code: '000000' });
    await vi.advanceTimersByTimeAsync(0);
    expect(onCheck.actor.getSnapshot().value).toBe('locked');
    expect(onCheck.actor.getSnapshot().output).toEqual({ outcome: 'locked' });
  });

  it('コード不一致ならコード入力に戻って入力し直せること', async () => {
    const { actor } = start([ok(okResponse)], [ng('A0461'), ok(okResponse)]);
    actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'otp.submit', code: '000000' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('codeEntry');
    expect(actor.getSnapshot().context.notice).toBe('A0461');
    actor.send({ type: 'otp.submit', code: '123456' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'verified' });
  });

  it('想定外のメッセージや通信失敗はエラーで終わること', async () => {
    const unexpected = start([ng('SOMETHING_ELSE')]);
    unexpected.actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    expect(unexpected.actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: null });

    const congested = start([fail(failures.congestion)]);
    congested.actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    expect(congested.actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: 'W0010' });
  });

  it('再送は送信から60秒たつまでできないこと', async () => {
    const { actor, sendOtp } = start([ok(okResponse)]);
    actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(true);
    actor.send({ type: 'otp.resend' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sendOtp.calls).toHaveLength(2);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
  });

  it('確認コードはコンテキストにも保存するスナップショットにも残らないこと', async () => {
    const { actor } = start([ok(okResponse)], [ng('A0461')]);
    actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'otp.submit', code: '987654' });
    await vi.advanceTimersByTimeAsync(0);
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain('987654');
  });

  it('中止するとcancelledで終わること', () => {
    const { actor } = start([ok(okResponse)]);
    actor.send({ type: 'otp.cancel' });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
  });

  it('確認の通信に失敗したらそのエラーコード付きのエラーで終わること', async () => {
    const { actor } = start([ok(okResponse)], [fail(failures.congestion)]);
    actor.send({ type: 'otp.send', channel: 'email' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'otp.submit', code: '123456' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: 'W0010' });
  });

  // What otp/send accepts (contracts/api/otp.ts): the purpose only where the code proves an
  // address, and on SMS only for a contact change; no purpose key at all otherwise.
  it('送信の本文は目的に応じてotp/sendが受け付ける形であること', async () => {
    const bodyFor = async (channel: 'email' | 'sms', purpose?: OtpInput['purpose']) => {
      const { actor, sendOtp } = start([ok(okResponse)], [ok(okResponse)], purpose === undefined ? both : { ...both, purpose });
      actor.send({ type: 'otp.send', channel });
      await vi.advanceTimersByTimeAsync(0);
      return sendOtp.calls[0]?.body;
    };
    expect(await bodyFor('email')).toStrictEqual({ mailAddress: 'taro@example.jp' });
    expect(await bodyFor('email', 'mailAddressConfirmation')).toStrictEqual({ mailAddress: 'taro@example.jp', purpose: 'mailAddressConfirmation' });
    expect(await bodyFor('sms', 'contactChange')).toStrictEqual({ phoneNumber: '09012345678', type: 'SMS', purpose: 'contactChange' });
    expect(await bodyFor('sms', 'mailAddressConfirmation')).toStrictEqual({ phoneNumber: '09012345678', type: 'SMS' });
  });
});

