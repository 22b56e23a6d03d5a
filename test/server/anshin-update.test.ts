/**
 * POST /api/customer/{id}/update/contracts for the data storage service: cancel (03, 04, 05),
 * payment change to the mobile bill (08), resume, only lawful transitions (anything else E0008
 * with the database unchanged), the OTP the charge-affecting ones need, and the per-request key.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ContractReceiptSchema } from '../../contracts/api/service-requests';
import { serviceContracts, storageUsage } from '../../server/db/schema';
import { endOfJstMonth } from '../../server/time/jst';
import { expectAuthChecks } from './support/auth-matrix';
import { call, snapshotOf, updateRequestBase, verifyContact, type Answer, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo01', 'demo02', 'demo03', 'demo04', 'demo05', 'demo12', 'demo15']);
const user = kit.user;

const base = updateRequestBase;

let keySequence = 0;
const update = (id: string, payload: unknown, key = `update-${id}-${(keySequence += 1)}`) =>
  call(kit.test, user(id), 'POST', '/update/contracts', { payload, headers: { 'x-request-key': key } });

async function expectRefused(id: string, payload: unknown, errorCode = 'E0008') {
  const before = await snapshotOf(kit.test, user(id).sbSystemId);
  const response = await update(id, payload);
  expect(response.json<Answer>().errorCode, JSON.stringify(payload)).toBe(errorCode);
  expect(await snapshotOf(kit.test, user(id).sbSystemId)).toEqual(before);
  return response;
}

describe('POST /api/customer/{sbSystemId}/update/contracts', () => {
  it('月末解約予約 → 予約の取消 → 即時解約と、許された遷移だけが進み、1件ずつ履歴を残すこと（OTP不要）', async () => {
    const sbSystemId = user('demo02').sbSystemId;
    const [live] = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, sbSystemId));
    // The flow names the contract it started from: another one (here demo05's) is refused.
    const [other] = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, user('demo05').sbSystemId));
    await expectRefused('demo02', { ...base, requestType: '04', serviceContractId: other?.id });
    const reserved = await update('demo02', { ...base, requestType: '04', survey: ['price', 'unused'], serviceContractId: live?.id });
    expect(reserved.statusCode).toBe(200);
    expect((await snapshotOf(kit.test, sbSystemId)).history.at(-1)).toMatchObject({ requestType: '04', cancelSurvey: ['price', 'unused'] });
    const receipt = ContractReceiptSchema.parse(reserved.json());
    expect(receipt.status).toBe('withdrawal_reserved');
    let [contract] = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, sbSystemId));
    expect(contract).toMatchObject({ status: 'withdrawal_reserved' });
    expect(contract?.withdrawalAt?.getTime()).toBe(endOfJstMonth(new Date()).getTime());

    // Not lawful from a reservation: immediate withdrawal, another reservation, a resume.
    await expectRefused('demo02', { ...base, requestType: '03' });
    await expectRefused('demo02', { ...base, requestType: '04' });
    await expectRefused('demo02', { ...base, resume: true });

    const cancelled = await update('demo02', { ...base, requestType: '05' });
    expect(cancelled.json<Answer>().status).toBe('active');
    [contract] = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, sbSystemId));
    expect(contract).toMatchObject({ status: 'active', withdrawalAt: null });

    await expectRefused('demo02', { ...base, requestType: '06' });
    await expectRefused('demo02', { ...base, requestType: '08', paymentMethodLabel: '携帯電話料金とまとめて支払い' });

    const withdrawn = await update('demo02', { ...base, requestType: '03' });
    expect(withdrawn.json<Answer>().status).toBe('withdrawn');
    [contract] = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, sbSystemId));
    expect(contract?.status).toBe('withdrawn');
    expect(await kit.test.db.select().from(storageUsage).where(eq(storageUsage.contractId, contract?.id ?? ''))).toEqual([]);

    const { history } = await snapshotOf(kit.test, sbSystemId);
    expect(history.slice(1).map((row) => [row.requestType, row.beforeStatus, row.afterStatus])).toEqual([
      ['04', 'active', 'withdrawal_reserved'],
      ['05', 'withdrawal_reserved', 'active'],
      ['03', 'active', 'withdrawn'],
    ]);
    await expectRefused('demo02', { ...base, requestType: '05' });
    await expectRefused('demo02', { ...base, requestType: '03' });
  });

  it('利用停止中は即時解約だけ・解約予約中は取消だけで、契約のないお客さまは何もできないこと', async () => {
    await expectRefused('demo04', { ...base, requestType: '04' });
    await expectRefused('demo04', { ...base, requestType: '05' });
    await expectRefused('demo05', { ...base, requestType: '03' });
    await expectRefused('demo01', { ...base, requestType: '04' });
    await expectRefused('demo15', { ...base, requestType: '03' });
    await expectRefused('demo01', { ...base, resume: true });
  });

  it('回線が制限中なら E0008 で、何も変えないこと', async () => {
    await expectRefused('demo12', { ...base, requestType: '04' });
    await expectRefused('demo12', { ...base, requestType: '03' });
  });

  it('カード払いから携帯払いへの変更（08）は確認コードが必要で、カードのトークンを消すこと', async () => {
    const change = { ...base, requestType: '08', paymentMethodLabel: '携帯電話料金とまとめて支払い' };
    await expectRefused('demo03', change, 'E9998');
    await verifyContact(kit.test, kit.origin, user('demo03'));
    const response = await update('demo03', change, 'update-demo03-change');
    expect(response.statusCode).toBe(200);
    expect(response.json<Answer>().status).toBe('active');
    const { contracts, history } = await snapshotOf(kit.test, user('demo03').sbSystemId);
    expect(contracts[0]).toMatchObject({ status: 'active', paymentMethod: '01', cardToken: null, cardLast4: null, cardTokenEffectiveDate: null });
    expect(history.at(-1)).toMatchObject({ requestType: '08', beforePaymentMethod: '02', afterPaymentMethod: '01', requestKey: 'update-demo03-change' });

    const replay = await update('demo03', change, 'update-demo03-change');
    expect(replay.json()).toEqual(response.json());
    const other = await update('demo03', { ...change, paymentMethodLabel: 'ほかの支払方法' }, 'update-demo03-change');
    expect(other.statusCode).toBe(422);
    expect(other.json<Answer>().errorCode).toBe('A0422');
    expect((await snapshotOf(kit.test, user('demo03').sbSystemId)).history).toHaveLength(history.length);
  });

  it('支払方法を変えない利用再開は確認コードのあとで停止を解き、履歴に resume を残すこと', async () => {
    await expectRefused('demo04', { ...base, resume: true }, 'E9998');
    await verifyContact(kit.test, kit.origin, user('demo04'));
    // The verified code is not used up by a refused request.
    await expectRefused('demo04', { ...base, resume: true, requestType: '04' });
    const response = await update('demo04', { ...base, resume: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<Answer>().status).toBe('active');
    const { contracts, history } = await snapshotOf(kit.test, user('demo04').sbSystemId);
    expect(contracts[0]).toMatchObject({ status: 'active', suspendedAt: null, paymentMethod: '02', cardLast4: '0005' });
    expect(history.at(-1)).toMatchObject({ requestType: 'resume', beforeStatus: 'suspended', afterStatus: 'active' });
    await verifyContact(kit.test, kit.origin, user('demo04'));
    await expectRefused('demo04', { ...base, resume: true });
  });

  it('不正な入力は400 A0400で、何も変えないこと', async () => {
    const before = await snapshotOf(kit.test, user('demo05').sbSystemId);
    for (const body of [
      base,
      { ...base, requestType: '09' },
      { ...base, requestType: '07', tokenPAN: 'tok_x' },
      { ...base, requestType: '08' },
      { ...base, requestType: '05', tokenPAN: 'tok_x', tokenPanEffectiveDate: '203012', checkRequestValidityToken: 'c' },
      { ...base, requestType: '01' },
      { ...base, requestType: '05', serviceId: '231' },
      { ...base, requestType: '05', unknown: true },
      { ...base, requestType: '05', survey: 'none' },
      // The survey: known codes only, each once, and only with a withdrawal or a reservation.
      { ...base, requestType: '05', survey: ['price'] },
      { ...base, requestType: '03', survey: ['料金が高い'] },
      { ...base, requestType: '03', survey: ['price', 'price'] },
      { ...base, requestType: '05', serviceContractId: '' },
    ]) {
      const response = await update('demo05', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<Answer>().errorCode).toBe('A0400');
    }
    expect(await snapshotOf(kit.test, user('demo05').sbSystemId)).toEqual(before);
  });

  it('同じキーの50件の同時送信で、履歴は1件だけ増え、答えは同じか409であること', async () => {
    const before = await snapshotOf(kit.test, user('demo05').sbSystemId);
    const responses = await Promise.all(Array.from({ length: 50 }, () => update('demo05', { ...base, requestType: '05' }, 'update-concurrent-05')));
    const after = await snapshotOf(kit.test, user('demo05').sbSystemId);
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.contracts[0]?.status).toBe('active');
    const first = responses.find((response) => response.statusCode === 200);
    for (const response of responses) {
      expect([200, 409]).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.json()).toEqual(first?.json());
      else expect(response.json<Answer>().errorCode).toBe('A0409');
    }
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(kit.test, user('demo05'), user('demo02'), (id) => ({
      method: 'POST',
      url: `/api/customer/${id}/update/contracts`,
      payload: { ...base, requestType: '05' },
    }));
  });
});
