import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanId, PlansByService, ServiceId } from '../../contracts/codes';
import { demoCustomerRecords, demoCustomers, DEMO_PASSWORD } from '../../server/db/demo-customers';
import { hashPassword, verifyPassword } from '../../server/db/passwords';
import { contractHistory, customers, serviceContracts, storageUsage, supportHistory } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed';
import { endOfJstMonth, formatJstDateTime } from '../../server/time/jst';
import { buildTestApp, type TestApp } from './support/build-test-app';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('パスワード', () => {
  it('scrypt$<salt>$<hash>の形で保存し、正しいパスワードだけを受け付けること', async () => {
    const hash = await hashPassword('Demo1234!');
    expect(hash).toMatch(/^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hashPassword('Demo1234!')).not.toBe(hash);
    expect(await verifyPassword('Demo1234!', hash)).toBe(true);
    expect(await verifyPassword('demo1234!', hash)).toBe(false);
    expect(await verifyPassword('Demo1234!', 'plain')).toBe(false);
    expect(await verifyPassword('Demo1234!', 'scrypt$$')).toBe(false);
  });
});

describe('デモデータ', () => {
  it('もう一度シードしても何も増えないこと', async () => {
    const before = (await test.db.select({ n: count() }).from(contractHistory))[0]?.n;
    expect(await seedDemoData(test.db)).toEqual({ customersCreated: 0 });
    expect((await test.db.select({ n: count() }).from(contractHistory))[0]?.n).toBe(before);
    expect((await test.db.select({ n: count() }).from(customers))[0]?.n).toBe(demoCustomerRecords.length);
  });

  it('デモのお客さまは共通パスワードでサインインでき、IDの形式が正しいこと', async () => {
    const rows = await test.db.select().from(customers);
    for (const row of rows) {
      expect(row.sbSystemId).toMatch(/^[0-9]{10}$/);
      expect(row.loginId).toMatch(/^[A-Za-z0-9]+$/);
      expect(row.phoneNumber).toMatch(/^0[0-9]{10}$/);
      expect(row.postalCode).toMatch(/^[0-9]{7}$/);
      expect(row.lastNameKana).toMatch(/^[ァ-ヶー]+$/);
    }
    const first = rows[0];
    expect(first && (await verifyPassword(DEMO_PASSWORD, first.passwordHash))).toBe(true);
    expect(demoCustomers.map((customer) => customer.loginId)).toEqual(demoCustomerRecords.map((customer) => customer.loginId));
  });

  it('フローが始まりうるすべての状態のお客さまがいること', async () => {
    const contracts = await test.db.select().from(serviceContracts);
    const has = (serviceId: string, status: string, extra: (row: (typeof contracts)[number]) => boolean = () => true) =>
      contracts.some((row) => row.serviceId === serviceId && row.status === status && extra(row));
    expect(has(ServiceId.DataStorage, 'active', (row) => row.paymentMethod === '01')).toBe(true);
    expect(has(ServiceId.DataStorage, 'active', (row) => row.paymentMethod === '02' && row.cardLast4 === '4242')).toBe(true);
    expect(has(ServiceId.DataStorage, 'suspended')).toBe(true);
    expect(has(ServiceId.DataStorage, 'withdrawal_reserved')).toBe(true);
    expect(has(ServiceId.DataStorage, 'withdrawn')).toBe(true);
    for (const planId of PlansByService[ServiceId.BasketLive]) expect(has(ServiceId.BasketLive, 'active', (row) => row.planId === planId)).toBe(true);
    expect(has(ServiceId.InStoreSupport, 'active', (row) => row.planId === PlanId.InStoreSupport238)).toBe(true);
    const people = await test.db.select().from(customers);
    expect(people.some((row) => row.lineStatus === 'restricted')).toBe(true);
    expect(people.some((row) => !row.mailAddressConfirmed)).toBe(true);
    expect(people.some((row) => !contracts.some((contract) => contract.sbSystemId === row.sbSystemId))).toBe(true);
    // More visits than one page of the history list shows (10), in more than one shop.
    const visits = await test.db.select().from(supportHistory);
    expect(visits.length).toBeGreaterThan(10);
    expect(new Set(visits.map((visit) => visit.supportAcceptedShopName)).size).toBeGreaterThan(1);
  });

  it('月末解約予約は、シードした月の月末（日本時間）に解約となること', async () => {
    const [reserved] = await test.db.select().from(serviceContracts).where(eq(serviceContracts.status, 'withdrawal_reserved'));
    expect(reserved?.withdrawalAt?.getTime()).toBe(endOfJstMonth(new Date()).getTime());
    expect(formatJstDateTime(endOfJstMonth(new Date('2026-02-10T00:00:00Z')))).toBe('2026/02/28 23:59:59');
    expect(formatJstDateTime(endOfJstMonth(new Date('2026-12-31T16:00:00Z')))).toBe('2027/01/31 23:59:59');
  });

  it('契約ごとに履歴があり、カード番号そのものは保存できないこと', async () => {
    const contracts = await test.db.select().from(serviceContracts);
    const history = await test.db.select().from(contractHistory);
    for (const contract of contracts) expect(history.some((row) => row.contractId === contract.id)).toBe(true);
    const base = { sbSystemId: '1000000001', serviceId: ServiceId.BasketLive, planId: PlanId.BasketLive, status: 'active' as const };
    await expect(test.db.insert(serviceContracts).values({ ...base, paymentMethod: '02', cardToken: 'tok', cardLast4: '4242424242424242' })).rejects.toThrow();
    await expect(test.db.insert(serviceContracts).values({ ...base, paymentMethod: '02', cardToken: null, cardLast4: '4242' })).rejects.toThrow();
    await expect(test.db.insert(serviceContracts).values({ ...base, paymentMethod: '01', cardToken: 'tok', cardLast4: '4242' })).rejects.toThrow();
  });

  it('あんしんデータボックスの終わっていない契約には、どれも保存容量があること（ご契約内容に容量を出せる）', async () => {
    const contracts = await test.db.select().from(serviceContracts).where(eq(serviceContracts.serviceId, ServiceId.DataStorage));
    const usage = await test.db.select().from(storageUsage);
    const live = contracts.filter((contract) => contract.status !== 'withdrawn');
    expect(live.length).toBeGreaterThan(0);
    expect(live.filter((contract) => !usage.some((row) => row.contractId === contract.id)).map((contract) => contract.id)).toEqual([]);
  });

  it('1つのサービスに生きている契約は1つまでであること', async () => {
    const base = { sbSystemId: '1000000002', serviceId: ServiceId.DataStorage, planId: PlanId.DataStorage, paymentMethod: '01' as const };
    await expect(test.db.insert(serviceContracts).values({ ...base, status: 'active' })).rejects.toThrow();
    const [withdrawn] = await test.db.insert(serviceContracts).values({ ...base, status: 'withdrawn' }).returning();
    expect(withdrawn?.id).toMatch(/^[0-9a-f-]{36}$/);
    await test.db.delete(serviceContracts).where(eq(serviceContracts.id, withdrawn?.id ?? ''));
  });
});
