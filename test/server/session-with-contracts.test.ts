/**
 * The contract reads take the session and the session customer's contracts from one statement
 * (docs/decisions/0109-session-and-contracts-in-one-read.md). The session's rules are those of
 * findActiveSession; the contracts are the session's own customer's, as listContracts reads them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContracts } from '../../server/contracts/contract-repository';
import { serviceContracts, sessions } from '../../server/db/schema';
import { createSession, revokeSession } from '../../server/session/session-store';
import { findActiveSessionWithContracts } from '../../server/session/session-with-contracts';
import { apiHeaders, buildTestApp, signInAs, type TestApp } from './support/build-test-app';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

const sessionOf = (sbSystemId: string, authTime = new Date()) => ({ sbSystemId, acr: '2', authTime, idToken: 'id-token', claims: { sub: sbSystemId } });
const dbRow = async (id: string) => (await test.db.select().from(sessions).where(eq(sessions.id, id)))[0];

describe('セッションと契約の一括読み込み', () => {
  it('同じ瞬間の読み込みでも、それぞれ自分のお客さまの契約だけを、一覧と同じ順に受け取ること', async () => {
    // demo17: three contracts of three services; demo02: one; demo01: none.
    const owners = ['1000000017', '1000000002', '1000000001'];
    const created = await Promise.all(owners.map((owner) => createSession(test.db, sessionOf(owner), 60)));
    const revoked = await createSession(test.db, sessionOf('1000000017'), 60);
    await revokeSession(test.db, revoked.id);

    const [many, one, none, gone, unknown, empty] = await Promise.all([
      ...created.map((session) => findActiveSessionWithContracts(test.db, session.id)),
      findActiveSessionWithContracts(test.db, revoked.id),
      findActiveSessionWithContracts(test.db, 'unknown'),
      findActiveSessionWithContracts(test.db, ''),
    ]);
    for (const [index, read] of [many, one, none].entries()) {
      const owner = owners[index] ?? '';
      expect(read?.session.id).toBe(created[index]?.id);
      expect(read?.session.sessionToken).toBe(created[index]?.sessionToken);
      expect(read?.own.customer.sbSystemId).toBe(owner);
      expect(read?.own.contracts.map((contract) => contract.id)).toEqual((await listContracts(test.db, owner)).map((contract) => contract.id));
    }
    expect(many?.own.contracts).toHaveLength(3);
    expect(none?.own.contracts).toEqual([]);
    expect(many?.own.customer).toMatchObject({ phoneNumber: '09012340017', mailAddress: 'ryoko.saito@example.jp' });
    expect([gone, unknown, empty]).toEqual([undefined, undefined, undefined]);
  });

  it('期限切れのセッションは契約ごと見つからず、1分に1回は有効期限を延ばしてデータベースに書くこと', async () => {
    const start = new Date(Date.now() - 1_000);
    const created = await createSession(test.db, sessionOf('1000000002', start), 30, start);
    expect((await findActiveSessionWithContracts(test.db, created.id, new Date(start.getTime() + 1_000)))?.own.contracts).toHaveLength(1);
    expect((await dbRow(created.id))?.lastSeenAt.getTime()).toBe(start.getTime());

    const later = new Date(start.getTime() + 2 * 60_000);
    const slid = await findActiveSessionWithContracts(test.db, created.id, later);
    expect(slid?.session.expiresAt.getTime()).toBe(later.getTime() + 30 * 60_000);
    expect(slid?.own.contracts).toHaveLength(1);
    expect((await dbRow(created.id))?.lastSeenAt.getTime()).toBe(later.getTime());

    expect(await findActiveSessionWithContracts(test.db, created.id, new Date(later.getTime() + 30 * 60_000))).toBeUndefined();
  });

  it('ほかのプロセスが書いた契約の変更は、次の呼び出しの答えに出ること', async () => {
    const user = await signInAs(test, 'demo06');
    const read = async () => test.app.inject({ method: 'GET', url: `/api/customer/${user.sbSystemId}/contracts`, headers: apiHeaders(user) });
    const before = (await read()).json<{ contracts: { contractId: string; status: string }[] }>();
    expect(before.contracts).toEqual([expect.objectContaining({ contractId: 'SC000000000601', status: 'active' })]);

    // Another process suspends it: only the database changes.
    await test.db.update(serviceContracts).set({ status: 'suspended', suspendedAt: new Date() }).where(eq(serviceContracts.id, 'SC000000000601'));
    const after = (await read()).json<{ contracts: { contractId: string; status: string }[] }>();
    expect(after.contracts).toEqual([expect.objectContaining({ contractId: 'SC000000000601', status: 'suspended' })]);
  });
});
