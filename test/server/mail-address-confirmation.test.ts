/**
 * Mail-address confirmation before a basket live application (ADR 0063): a code sent for that
 * purpose to the unconfirmed address (demo13) or to a new address (demo14, whose domain is not
 * accepted), then POST mail-addr-portability/contracts makes it the confirmed address, one row
 * each, and the entry judge passes. Anything else: the spec's error and nothing changed.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EntryJudgementResponseSchema } from '../../contracts/api/entry-judgement';
import { customers, mailAddressConfirmations, otpChallenges } from '../../server/db/schema';
import { consumeVerifiedOtp } from '../../server/otp/otp-store';
import { expectAuthChecks } from './support/auth-matrix';
import { call, latestCode, passCooldown, verifyContact, type Answer, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo01', 'demo02', 'demo13', 'demo14']);
const user = kit.user;
const purpose = 'mailAddressConfirmation';

const sendFor = (id: string, mailAddress: string) => call(kit.test, user(id), 'POST', '/otp/send', { payload: { mailAddress, purpose } });
const auth = (id: string, otp: string) => call(kit.test, user(id), 'POST', '/otp/auth', { payload: { otp } });
const confirm = (id: string, mailAddress: string, key = crypto.randomUUID()) =>
  call(kit.test, user(id), 'POST', '/mail-addr-portability/contracts', {
    payload: { serviceId: '231', mailAddress },
    headers: { 'x-request-key': key },
  });

async function customerOf(id: string) {
  const [row] = await kit.test.db.select().from(customers).where(eq(customers.sbSystemId, user(id).sbSystemId));
  if (!row) throw new Error(id);
  return row;
}
const confirmationsOf = (id: string) =>
  kit.test.db.select().from(mailAddressConfirmations).where(eq(mailAddressConfirmations.sbSystemId, user(id).sbSystemId));

async function proveAddress(id: string, mailAddress: string): Promise<void> {
  await passCooldown(kit.test, user(id).sbSystemId);
  expect((await sendFor(id, mailAddress)).json()).toEqual({ result: 'OK', ngMessage: null });
  expect((await auth(id, await latestCode(kit.origin, mailAddress))).json()).toEqual({ result: 'OK', ngMessage: null });
}

const judge = async (id: string) =>
  EntryJudgementResponseSchema.parse((await call(kit.test, user(id), 'GET', '/entry_judgement', { query: 'contentsServiceId=231' })).json());

describe('POST mail-addr-portability/contracts', () => {
  it('未確認のアドレス（demo13）に確認コードを送って確認すると、確認済みになり記録が1行でき、判定がOKになること', async () => {
    const { mailAddress } = await customerOf('demo13');
    expect((await judge('demo13')).ngList).toEqual([{ parameter: 'mailAddress', reason: 'MAIL_ADDRESS_UNCONFIRMED' }]);
    // Without a code nothing changes.
    const early = await confirm('demo13', mailAddress);
    expect(early.statusCode).toBe(406);
    expect(early.json<Answer>().errorCode).toBe('E9998');
    expect(await confirmationsOf('demo13')).toEqual([]);

    await proveAddress('demo13', mailAddress);
    const key = crypto.randomUUID();
    const confirmed = await confirm('demo13', mailAddress, key);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ serviceId: '231', mailAddress });
    expect(await customerOf('demo13')).toMatchObject({ mailAddress, mailAddressConfirmed: true });
    const rows = await confirmationsOf('demo13');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ serviceId: '231', mailAddress, previousMailAddress: mailAddress });
    expect(await judge('demo13')).toEqual({ result: 'OK', ngList: [] });

    // The same request key answers the first result; a new key finds nothing left to confirm.
    expect((await confirm('demo13', mailAddress, key)).json()).toEqual(confirmed.json());
    expect((await confirm('demo13', mailAddress)).statusCode).toBe(400);
    expect(await confirmationsOf('demo13')).toHaveLength(1);
  });

  it('受け付けられないドメイン（demo14）は同じアドレスには送れず、新しいアドレスを確認するとそれが登録のアドレスになること', async () => {
    const before = await customerOf('demo14');
    const refused = await sendFor('demo14', before.mailAddress);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Answer>().errorCode).toBe('A0400');

    const next = 'takuya.inoue@example.jp';
    await proveAddress('demo14', next);
    // A code proves only the address it was sent to.
    expect((await confirm('demo14', 'someone.else@example.jp')).statusCode).toBe(406);
    expect(await customerOf('demo14')).toMatchObject({ mailAddress: before.mailAddress });

    expect((await confirm('demo14', next)).statusCode).toBe(200);
    expect(await customerOf('demo14')).toMatchObject({ mailAddress: next, mailAddressConfirmed: true });
    expect(await confirmationsOf('demo14')).toEqual([
      expect.objectContaining({ mailAddress: next, previousMailAddress: before.mailAddress, serviceId: '231' }),
    ]);
    expect((await judge('demo14')).result).toBe('OK');
  });

  it('確認済みのお客さまには確認コードも確認も受け付けず、確認用のコードは申込・変更の本人確認に使えないこと', async () => {
    const sent = await sendFor('demo01', 'new.address@example.jp');
    expect(sent.statusCode).toBe(400);
    expect(await confirmationsOf('demo01')).toEqual([]);

    // demo02 checked its contact as a submit does; that code is not a confirmation code.
    await verifyContact(kit.test, kit.origin, user('demo02'));
    const [latest] = await kit.test.db.select().from(otpChallenges).where(eq(otpChallenges.sbSystemId, user('demo02').sbSystemId));
    expect(latest?.purpose).toBeNull();
  });

  it('確認用に送って認証したコードは、申込・変更の本人確認としては使えないこと（E9998）', async () => {
    // Only the confirmation code is left to use: the earlier contact check counts as used.
    await kit.test.db.update(otpChallenges).set({ consumedAt: new Date() }).where(eq(otpChallenges.sbSystemId, user('demo02').sbSystemId));
    await kit.test.db.update(customers).set({ mailAddressConfirmed: false }).where(eq(customers.sbSystemId, user('demo02').sbSystemId));
    const { mailAddress } = await customerOf('demo02');
    await proveAddress('demo02', mailAddress);
    const caller = { sbSystemId: user('demo02').sbSystemId, sessionId: user('demo02').sessionId };
    await expect(kit.test.db.transaction((tx) => consumeVerifiedOtp(tx, caller))).rejects.toMatchObject({ code: 'E9998' });
  });

  it('本文の誤り（サービス、アドレスの形式、余分な項目）は400 A0400で何も変えないこと', async () => {
    for (const payload of [
      { serviceId: '237', mailAddress: 'a@example.jp' },
      { serviceId: '231', mailAddress: 'not-an-address' },
      { serviceId: '231', mailAddress: 'a@example.jp', confirmed: true },
      { serviceId: '231' },
    ]) {
      const answer = await call(kit.test, user('demo14'), 'POST', '/mail-addr-portability/contracts', {
        payload,
        headers: { 'x-request-key': crypto.randomUUID() },
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json<Answer>().errorCode).toBe('A0400');
    }
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(kit.test, user('demo13'), user('demo02'), (id) => ({
      method: 'POST',
      url: `/api/customer/${id}/mail-addr-portability/contracts`,
      payload: { serviceId: '231', mailAddress: 'yoko.matsumoto@example.jp' },
    }));
  });
});
