import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { MailAddrPortabilityContractsResponse } from '../../contracts/api/mail-address-confirmation';
import type { OtpResponse } from '../../contracts/api/otp';
import {
  mailConfirmationMachine,
  type ConfirmMailAddressInput,
  type MailConfirmationInput,
} from '../../machines/basket-live/mail-confirmation.machine';
import { failures } from '../../machines/model-fixtures';
import { otpMachine, type CheckOtpInput, type SendOtpInput } from '../../machines/otp.machine';
import { isConfirmableAddress } from '../../machines/basket-live/confirmable-address';
import { fail, ok, scripted, type Answer } from './support/fake-actors';

const okOtp: OtpResponse = { result: 'OK', ngMessage: null };
const unconfirmed: MailConfirmationInput = {
  sbSystemId: '1000000013',
  serviceId: '231',
  currentMailAddress: 'yoko.matsumoto@example.jp',
  problem: 'unconfirmed',
};
const undeliverable: MailConfirmationInput = {
  sbSystemId: '1000000014',
  serviceId: '231',
  currentMailAddress: 'takuya.inoue@blocked.example.invalid',
  problem: 'undeliverable',
};

function start(input: MailConfirmationInput, confirm: Answer<MailAddrPortabilityContractsResponse>[] = [], check: Answer<OtpResponse>[] = [ok(okOtp)]) {
  const sendOtp = scripted<SendOtpInput, OtpResponse>(ok(okOtp));
  const checkOtp = scripted<CheckOtpInput, OtpResponse>(...check);
  const confirmMailAddress = scripted<ConfirmMailAddressInput, MailAddrPortabilityContractsResponse>(
    ...(confirm.length > 0 ? confirm : [ok<MailAddrPortabilityContractsResponse>({ serviceId: '231', mailAddress: 'x@example.jp', confirmedAt: '2026-11-24T01:00:00.000Z' })]),
  );
  const actor = createActor(
    mailConfirmationMachine.provide({
      actors: {
        verifyAddress: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, checkOtp: checkOtp.logic } }),
        confirmMailAddress: confirmMailAddress.logic,
      },
    }),
    { input },
  ).start();
  return { actor, sendOtp, checkOtp, confirmMailAddress };
}

async function passOtp(h: ReturnType<typeof start>) {
  const otp = h.actor.getSnapshot().children.verifyAddress;
  if (!otp) throw new Error('no one-time password running');
  h.actor.send({ type: 'otp.send', channel: 'email' });
  await waitFor(otp, (s) => s.value === 'codeEntry');
  h.actor.send({ type: 'otp.submit', code: '123456' });
}

describe('mailConfirmation（メールアドレスの確認）', () => {
  it('未確認のアドレスはそのまま確認でき、確認用の確認コードをそのアドレスに送ってから登録し、確認済みで終わること', async () => {
    const h = start(unconfirmed, [ok<MailAddrPortabilityContractsResponse>({ serviceId: '231', mailAddress: 'yoko.matsumoto@example.jp', confirmedAt: '2026-11-24T01:00:00.000Z' })]);
    expect(h.actor.getSnapshot().context.mailAddress).toBe('yoko.matsumoto@example.jp');
    h.actor.send({ type: 'mail.confirm' });
    expect(h.actor.getSnapshot().value).toBe('otp');
    await passOtp(h);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.sendOtp.calls[0]?.body).toEqual({ mailAddress: 'yoko.matsumoto@example.jp', purpose: 'mailAddressConfirmation' });
    expect(h.confirmMailAddress.calls).toHaveLength(1);
    expect(h.confirmMailAddress.calls[0]).toMatchObject({
      sbSystemId: '1000000013',
      body: { serviceId: '231', mailAddress: 'yoko.matsumoto@example.jp' },
    });
    expect(h.confirmMailAddress.calls[0]?.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.actor.getSnapshot().value).toBe('confirmed');
    expect(h.actor.getSnapshot().output).toEqual({ outcome: 'confirmed', mailAddress: 'yoko.matsumoto@example.jp' });
  });

  it('受け付けられないドメインは空欄から始まり、同じアドレスや形式の誤りでは進めず、別のアドレスなら進めること', () => {
    const { actor } = start(undeliverable);
    expect(actor.getSnapshot().context.mailAddress).toBe('');
    expect(actor.getSnapshot().can({ type: 'mail.confirm' })).toBe(false);
    actor.send({ type: 'mail.enter', mailAddress: 'Takuya.Inoue@blocked.example.invalid' });
    expect(actor.getSnapshot().can({ type: 'mail.confirm' })).toBe(false);
    actor.send({ type: 'mail.enter', mailAddress: 'takuya.inoue@' });
    expect(actor.getSnapshot().can({ type: 'mail.confirm' })).toBe(false);
    actor.send({ type: 'mail.enter', mailAddress: '  takuya.inoue@example.jp ' });
    actor.send({ type: 'mail.confirm' });
    expect(actor.getSnapshot().value).toBe('otp');
    expect(actor.getSnapshot().context.mailAddress).toBe('takuya.inoue@example.jp');
  });

  it('確認コードの入力を中止するとアドレスの入力に戻り、アドレスの入力を中止すると中止で終わること', async () => {
    const h = start(unconfirmed);
    h.actor.send({ type: 'mail.confirm' });
    h.actor.send({ type: 'otp.cancel' });
    await waitFor(h.actor, (s) => s.matches('address'));
    h.actor.send({ type: 'mail.cancel' });
    expect(h.actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
    expect(h.confirmMailAddress.calls).toHaveLength(0);
  });

  it('確認コードのロックは W0011、登録の失敗はそのコードで失敗に終わり、登録しないこと', async () => {
    const locked = start(unconfirmed, [], [ok({ result: 'NG', ngMessage: 'W0011' })]);
    locked.actor.send({ type: 'mail.confirm' });
    await passOtp(locked);
    await waitFor(locked.actor, (s) => s.status === 'done');
    expect(locked.actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: 'W0011' });
    expect(locked.confirmMailAddress.calls).toHaveLength(0);

    const refused = start(unconfirmed, [fail(failures.statusForbids)]);
    refused.actor.send({ type: 'mail.confirm' });
    await passOtp(refused);
    await waitFor(refused.actor, (s) => s.status === 'done');
    expect(refused.actor.getSnapshot().value).toBe('failed');
    expect(refused.actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: 'E0008' });
  });

  it('確認コードの照合の通信がコード付きで失敗したら、そのコードで失敗に終わること', async () => {
    const h = start(unconfirmed, [], [fail(failures.congestion)]);
    h.actor.send({ type: 'mail.confirm' });
    await passOtp(h);
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: 'W0010' });
    expect(h.confirmMailAddress.calls).toHaveLength(0);
  });

  it('未確認でもご登録のアドレスが分からなければ、空欄から始まること', () => {
    const h = start({ ...unconfirmed, currentMailAddress: null });
    expect(h.actor.getSnapshot().context.mailAddress).toBe('');
  });
});

describe('isConfirmableAddress', () => {
  it('受け付けられないドメインでも、断られたアドレスが分からなければ、形式の正しいアドレスは確認できること', () => {
    expect(isConfirmableAddress({ mailAddress: 'taro@example.jp', currentMailAddress: null, problem: 'undeliverable' })).toBe(true);
    expect(isConfirmableAddress({ mailAddress: 'Taro@Example.jp', currentMailAddress: 'taro@example.jp', problem: 'undeliverable' })).toBe(false);
  });
});
