/**
 * The in-store support service (237) on the server: its visits (GET support/history), its
 * continued-use benefit with the contract (GET contracts, computed from the contract's dates on
 * the business date, pinned here to 2026/11/25, and the clock to that day, so that a month-end
 * reservation is still ahead whatever day the suite runs on), and its cancel, the only procedure it offers:
 * including the reckoning-date reservation (request type 06), dated by the benefit period.
 * docs/flows/sumahosetup-support.md, docs/decisions/0072-in-store-support.md.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ServiceContractsSchema } from '../../contracts/api/service-contracts';
import { ContractReceiptSchema } from '../../contracts/api/service-requests';
import { SupportHistoryResponseSchema } from '../../contracts/api/support-history';
import { contractHistory, serviceContracts } from '../../server/db/schema';
import { expectAuthChecks } from './support/auth-matrix';
import { call, snapshotOf, updateRequestBase, type Answer, signedInAppForFile } from './support/anshin-kit';

// Only Date is faked: the server, the database and the sign-on keep their timers.
vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T12:00:00+09:00') });
afterAll(() => {
  vi.useRealTimers();
});

const kit = signedInAppForFile(['demo02', 'demo11', 'demo16'], { env: { BUSINESS_DATE: '2026/11/25' } });
const user = kit.user;

let keySequence = 0;
const update = (id: string, payload: unknown) =>
  call(kit.test, user(id), 'POST', '/update/contracts', { payload, headers: { 'x-request-key': `sss-${id}-${(keySequence += 1)}` } });

const inStore = (requestType: string, survey: string[] = []) => ({ ...updateRequestBase, serviceId: '237', planId: '239', requestType, survey });

async function contractOf(id: string) {
  const rows = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, user(id).sbSystemId));
  return rows.find((row) => row.serviceId === '237');
}

async function expectRefused(id: string, payload: unknown, errorCode: string) {
  const before = await snapshotOf(kit.test, user(id).sbSystemId);
  const response = await update(id, payload);
  expect(response.json<Answer>().errorCode, JSON.stringify(payload)).toBe(errorCode);
  expect(await snapshotOf(kit.test, user(id).sbSystemId)).toEqual(before);
}

describe('GET /api/customer/{sbSystemId}/support/history', () => {
  it('ご本人の来店履歴を新しい順に、並び順どおりのindexで返すこと', async () => {
    const response = await call(kit.test, user('demo11'), 'GET', '/support/history');
    expect(response.statusCode).toBe(200);
    const { supportHistoryInfo } = SupportHistoryResponseSchema.parse(response.json());
    expect(supportHistoryInfo).toHaveLength(14);
    expect(supportHistoryInfo.map((entry) => entry.index)).toEqual([...Array(14).keys()]);
    expect(supportHistoryInfo[0]).toEqual({
      index: 0,
      supportCategoryNm: 'アプリ設定',
      cfOrderNumber: 'CF2026101701114',
      supportAcceptedDt: '2026/10/17 14:35:00',
      supportAcceptedShopNm: 'ポータルショップ野々市',
      supportMenuHistoryInfo: [
        { supportMenuNm: '健康管理アプリの設定', price: 0 },
        { supportMenuNm: '通知の整理', price: 0 },
      ],
    });
    expect(supportHistoryInfo.at(-1)?.supportAcceptedDt).toBe('2025/02/01 11:30:00');
    const dates = supportHistoryInfo.map((entry) => entry.supportAcceptedDt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('来店のないお客さまには空の一覧を返し、ほかのお客さまの履歴は混ざらないこと', async () => {
    const demo02 = SupportHistoryResponseSchema.parse((await call(kit.test, user('demo02'), 'GET', '/support/history')).json());
    expect(demo02.supportHistoryInfo).toEqual([]);
    const demo16 = SupportHistoryResponseSchema.parse((await call(kit.test, user('demo16'), 'GET', '/support/history')).json());
    expect(demo16.supportHistoryInfo.map((entry) => entry.cfOrderNumber)).toEqual(['CF2026091201602', 'CF2026070101601']);
  });

  it('セッション・トークン・お客さまIDを確認し、ほかのお客さまのIDでは何も返さないこと', async () => {
    await expectAuthChecks(kit.test, user('demo11'), user('demo16'), (id) => ({ method: 'GET', url: `/api/customer/${id}/support/history` }));
  });

  it('不正な入力は400 A0400になること', async () => {
    const response = await call(kit.test, user('demo11'), 'GET', '/support/history', { query: 'index=99' });
    expect(response.statusCode).toBe(400);
    expect(response.json<Answer>().errorCode).toBe('A0400');
  });
});

describe('the continued-use benefit with the contract (GET contracts)', () => {
  it('契約の開始日と業務日付から、付与済みの特典と次の特典を返すこと（demo11: 2025/02/01から）', async () => {
    const { contracts } = ServiceContractsSchema.parse((await call(kit.test, user('demo11'), 'GET', '/contracts')).json());
    const [contract] = contracts;
    expect(contract?.continuedUseBenefit).toEqual({
      asOf: '2026/11/25',
      startedOn: '2025/02/01',
      monthsOfUse: 21,
      grants: [
        { milestoneMonths: 18, grantedOn: '2026/08/01', points: 500 },
        { milestoneMonths: 12, grantedOn: '2026/02/01', points: 1000 },
        { milestoneMonths: 6, grantedOn: '2025/08/01', points: 500 },
      ],
      totalPoints: 2000,
      next: { milestoneMonths: 24, grantedOn: '2027/02/01', points: 1000, periodEndsOn: '2027/01/31' },
    });
  });

  it('ほかのサービスの契約には特典がないこと', async () => {
    const { contracts } = ServiceContractsSchema.parse((await call(kit.test, user('demo02'), 'GET', '/contracts')).json());
    expect(contracts.map((contract) => contract.continuedUseBenefit)).toEqual([null]);
  });
});

describe('cancelling the in-store support service (POST update/contracts)', () => {
  it('精算日（06）の解約予約は特典の算定期間の最終日の終わりに解約となり、履歴とアンケートが1件残ること', async () => {
    const before = await contractOf('demo16');
    const response = await update('demo16', inStore('06', ['device-change']));
    expect(response.statusCode).toBe(200);
    expect(ContractReceiptSchema.parse(response.json())).toMatchObject({ serviceId: '237', status: 'withdrawal_reserved', effectiveDate: '2026-12-31' });
    const after = await contractOf('demo16');
    expect(after).toMatchObject({ id: before?.id, status: 'withdrawal_reserved', planId: '239' });
    expect(after?.withdrawalAt?.toISOString()).toBe('2026-12-31T14:59:59.000Z');
    const history = await kit.test.db.select().from(contractHistory).where(eq(contractHistory.contractId, before?.id ?? ''));
    expect(history.filter((row) => row.requestType === '06')).toMatchObject([
      { beforeStatus: 'active', afterStatus: 'withdrawal_reserved', cancelSurvey: ['device-change'] },
    ]);
    // Reserved on the reckoning date, the grant of the period is still due.
    const { contracts } = ServiceContractsSchema.parse((await call(kit.test, user('demo16'), 'GET', '/contracts')).json());
    expect(contracts[0]?.continuedUseBenefit?.next).toEqual({ milestoneMonths: 6, grantedOn: '2027/01/01', points: 500, periodEndsOn: '2026/12/31' });
  });

  it('解約予約中にもう一度の解約予約はE0008で、取り消し（05）で利用中に戻ること', async () => {
    await expectRefused('demo16', inStore('06'), 'E0008');
    await expectRefused('demo16', inStore('04'), 'E0008');
    const response = await update('demo16', inStore('05'));
    expect(response.statusCode).toBe(200);
    expect(await contractOf('demo16')).toMatchObject({ status: 'active', withdrawalAt: null });
  });

  it('月末の解約予約（04）は、算定期間が終わらないので次の特典がなくなること', async () => {
    expect((await update('demo16', inStore('04'))).statusCode).toBe(200);
    const { contracts } = ServiceContractsSchema.parse((await call(kit.test, user('demo16'), 'GET', '/contracts')).json());
    expect(contracts[0]?.continuedUseBenefit?.next).toBeNull();
    expect((await update('demo16', inStore('05'))).statusCode).toBe(200);
  });

  it('月末の解約予約（04）の月は、時計ではなく業務日付の月であること（ダミー日付のホストでも画面と受付が一致する）', async () => {
    vi.setSystemTime(new Date('2026-10-10T12:00:00+09:00'));
    try {
      const response = await update('demo16', inStore('04'));
      expect(response.statusCode).toBe(200);
      expect(ContractReceiptSchema.parse(response.json())).toMatchObject({ status: 'withdrawal_reserved', effectiveDate: '2026-11-30' });
      expect((await contractOf('demo16'))?.withdrawalAt?.toISOString()).toBe('2026-11-30T14:59:59.000Z');
      expect((await update('demo16', inStore('05'))).statusCode).toBe(200);
    } finally {
      vi.setSystemTime(new Date('2026-11-25T12:00:00+09:00'));
    }
  });

  it('ほかのサービスの精算日解約（06）と、この契約でない支払方法の変更・プラン変更はE0008で、何も変えないこと', async () => {
    await expectRefused('demo02', { ...updateRequestBase, requestType: '06' }, 'E0008');
    await expectRefused('demo16', { ...inStore('09') }, 'A0400');
    await expectRefused('demo16', { ...inStore('08'), paymentMethodLabel: '携帯電話料金とまとめて支払い' }, 'E0008');
    await expectRefused('demo16', { ...inStore('20'), planId: '241' }, 'E0008');
  });

  it('今すぐの解約（03）で解約済みになり、次の特典はなくなること', async () => {
    expect((await update('demo16', inStore('03', ['unused']))).statusCode).toBe(200);
    expect(await contractOf('demo16')).toMatchObject({ status: 'withdrawn' });
    const { contracts } = ServiceContractsSchema.parse((await call(kit.test, user('demo16'), 'GET', '/contracts')).json());
    expect(contracts[0]?.continuedUseBenefit).toMatchObject({ grants: [], next: null });
  });
});
