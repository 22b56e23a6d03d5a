/**
 * One-time password over the real message gateway client and the outbox sandbox (ADR 0035):
 * send -> code read from the outbox -> check; wrong codes, the lock, a failing address, the
 * resend cool-down, and the checks every signed-in call has.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, otpChallenges } from '../../server/db/schema';
import { OtpRules } from '../../server/otp/otp-rules';
import { expectAuthChecks } from './support/auth-matrix';
import { call, latestCode, passCooldown, type Answer, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo01', 'demo02', 'demo03', 'demo06', 'demo07', 'demo08', 'demo13']);
const user = kit.user;

async function mailOf(id: string): Promise<string> {
  const [row] = await kit.test.db.select().from(customers).where(eq(customers.sbSystemId, user(id).sbSystemId));
  if (!row) throw new Error(id);
  return row.mailAddress;
}

const send = (id: string, payload: unknown) => call(kit.test, user(id), 'POST', '/otp/send', { payload });
const auth = (id: string, otp: string) => call(kit.test, user(id), 'POST', '/otp/auth', { payload: { otp } });
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST otp/send と otp/auth', () => {
  it('メールで送った確認コードがアウトボックスに届き、そのコードで認証できること', async () => {
    const mail = await mailOf('demo01');
    const sent = await send('demo01', { mailAddress: mail });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ result: 'OK', ngMessage: null });
    const code = await latestCode(kit.origin, mail);
    expect(code).toMatch(/^[0-9]{6}$/);
    const [row] = await kit.test.db.select().from(otpChallenges).where(eq(otpChallenges.sbSystemId, user('demo01').sbSystemId));
    expect(row).toMatchObject({ channel: 'email', status: 'sent', failedAttempts: 0, verifiedAt: null });
    expect(row?.codeHash).not.toContain(code);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(OtpRules.codeTtlMs);
    const checked = await auth('demo01', code);
    expect(checked.json()).toEqual({ result: 'OK', ngMessage: null });
    // A code is good once.
    expect((await auth('demo01', code)).json()).toMatchObject({ result: 'NG', ngMessage: 'A0461' });
  });

  it('SMSでも送れて、電話番号はハイフンの有無を問わないこと', async () => {
    const sent = await send('demo02', { phoneNumber: '09012340002', type: 'SMS' });
    expect(sent.json()).toEqual({ result: 'OK', ngMessage: null });
    const code = await latestCode(kit.origin, '09012340002');
    expect((await auth('demo02', code)).json()).toEqual({ result: 'OK', ngMessage: null });
  });

  it('間違ったコードはA0461と残り回数、5回目でW0011のロック、ロック中は正しいコードも送信もW0011であること', async () => {
    const mail = await mailOf('demo03');
    expect((await send('demo03', { mailAddress: mail })).json<Answer>().result).toBe('OK');
    const code = await latestCode(kit.origin, mail);
    const wrong = wrongOf(code);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const answer = await auth('demo03', wrong);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ result: 'NG', ngMessage: 'A0461', remainingAttempts: 5 - attempt });
    }
    expect((await auth('demo03', wrong)).json()).toEqual({ result: 'NG', ngMessage: 'W0011' });
    expect((await auth('demo03', code)).json()).toEqual({ result: 'NG', ngMessage: 'W0011' });
    await passCooldown(kit.test, user('demo03').sbSystemId);
    expect((await send('demo03', { mailAddress: mail })).json()).toEqual({ result: 'NG', ngMessage: 'W0011' });

    // After the lock has run out a new code can be sent and checked.
    await kit.test.db
      .update(otpChallenges)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.sbSystemId, user('demo03').sbSystemId));
    expect((await send('demo03', { mailAddress: mail })).json()).toEqual({ result: 'OK', ngMessage: null });
    expect((await auth('demo03', await latestCode(kit.origin, mail))).json()).toEqual({ result: 'OK', ngMessage: null });
  });

  it('再送しても間違いの回数は引き継がれること', async () => {
    const mail = await mailOf('demo06');
    await send('demo06', { mailAddress: mail });
    const first = await latestCode(kit.origin, mail);
    for (let attempt = 0; attempt < 3; attempt += 1) await auth('demo06', wrongOf(first));
    await passCooldown(kit.test, user('demo06').sbSystemId);
    await send('demo06', { mailAddress: mail });
    const second = await latestCode(kit.origin, mail);
    expect((await auth('demo06', wrongOf(second))).json()).toEqual({ result: 'NG', ngMessage: 'A0461', remainingAttempts: 1 });
    expect((await auth('demo06', wrongOf(second))).json()).toEqual({ result: 'NG', ngMessage: 'W0011' });
  });

  it('届かない宛先ならW0012で、別の送信先ならすぐに送り直せること', async () => {
    await kit.test.db.update(customers).set({ mailAddress: 'daisuke@fail.example.test' }).where(eq(customers.sbSystemId, user('demo07').sbSystemId));
    const failed = await send('demo07', { mailAddress: 'daisuke@fail.example.test' });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ result: 'NG', ngMessage: 'W0012' });
    const rows = await kit.test.db.select().from(otpChallenges).where(eq(otpChallenges.sbSystemId, user('demo07').sbSystemId));
    expect(rows.map((row) => row.status)).toEqual(['failed']);
    // The failed send did not start the cool-down: SMS goes out at once.
    expect((await send('demo07', { phoneNumber: '08012340007', type: 'SMS' })).json()).toEqual({ result: 'OK', ngMessage: null });
  });

  it('SMSが届かない番号ならW0013（メールのW0012とは別）で答えること', async () => {
    await kit.test.db.update(customers).set({ phoneNumber: '08012340000' }).where(eq(customers.sbSystemId, user('demo07').sbSystemId));
    await passCooldown(kit.test, user('demo07').sbSystemId);
    const failed = await send('demo07', { phoneNumber: '08012340000', type: 'SMS' });
    expect(failed.json()).toEqual({ result: 'NG', ngMessage: 'W0013' });
  });

  it('60秒以内の再送はW0010で断り、60秒後には送れること', async () => {
    const mail = await mailOf('demo08');
    expect((await send('demo08', { mailAddress: mail })).json<Answer>().result).toBe('OK');
    const again = await send('demo08', { mailAddress: mail });
    expect(again.statusCode).toBe(429);
    expect(again.json<Answer>().errorCode).toBe('W0010');
    await passCooldown(kit.test, user('demo08').sbSystemId);
    expect((await send('demo08', { mailAddress: mail })).json<Answer>().result).toBe('OK');
    const rows = await kit.test.db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.sbSystemId, user('demo08').sbSystemId), eq(otpChallenges.status, 'sent')));
    expect(rows).toHaveLength(2);
  });

  it('登録されていない宛先や不正な入力は400 A0400で、何も送らないこと', async () => {
    const before = await kit.test.db.select().from(otpChallenges);
    for (const payload of [
      { mailAddress: 'someone.else@example.jp' },
      { phoneNumber: '09099999999', type: 'SMS' },
      { mailAddress: 'not-a-mail' },
      { phoneNumber: '09012340001' },
      {},
    ]) {
      const answer = await send('demo01', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json<Answer>().errorCode).toBe('A0400');
    }
    for (const otp of ['12345', '1234567', 'abcdef']) {
      const answer = await auth('demo01', otp);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<Answer>().errorCode).toBe('A0400');
    }
    expect(await kit.test.db.select().from(otpChallenges)).toEqual(before);
  });

  it('未確認のメールアドレスには、ご本人のものでも確認コードを送らないこと', async () => {
    const before = await kit.test.db.select().from(otpChallenges);
    const answer = await send('demo13', { mailAddress: await mailOf('demo13') });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<Answer>().errorCode).toBe('A0400');
    expect(await kit.test.db.select().from(otpChallenges)).toEqual(before);
    expect((await send('demo13', { phoneNumber: '08012340013', type: 'SMS' })).json<Answer>().result).toBe('OK');
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({
      method: 'POST',
      url: `/api/customer/${id}/otp/send`,
      payload: { mailAddress: 'taro.yamada@example.jp' },
    }));
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({
      method: 'POST',
      url: `/api/customer/${id}/otp/auth`,
      payload: { otp: '123456' },
    }));
  });
});
