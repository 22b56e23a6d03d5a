import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CustomerParams, NoQuery, defineEndpoint } from '../../contracts/endpoint';
import { ErrorCode } from '../../contracts/error-catalogue';
import { registerEndpoint } from '../../server/api/register-endpoint';
import { idempotencyKeys, regulations } from '../../server/db/schema';
import { AppError } from '../../server/http/app-error';
import { canonicalJson, claimKey, pruneKeys } from '../../server/idempotency/idempotency-store';
import type { ProcessLock } from '../../server/idempotency/process-lock';
import { apiHeaders, buildTestApp, signInAs, type SignedIn, type TestApp, errorOf } from './support/build-test-app';

/**
 * A test-only endpoint on the real mechanism: each accepted call inserts one row (a regulation
 * window, a table nothing else in this file touches), so duplicates are countable.
 */
const recordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/test/record',
  retry: false,
  idempotent: true,
  summary: 'test only',
  params: CustomerParams,
  query: NoQuery,
  body: z.object({ label: z.string().min(1), fail: z.enum(['no', 'business', 'crash']).default('no'), delayMs: z.number().int().min(0).max(500).default(0) }).strict(),
  response: z.object({ id: z.number(), label: z.string() }),
});

/** Writes its row through the effect transaction, then dies before answering (a crash after the commit). */
const dyingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/test/record-then-die',
  retry: false,
  idempotent: true,
  summary: 'test only',
  params: CustomerParams,
  query: NoQuery,
  body: z.object({ label: z.string().min(1) }).strict(),
  response: z.object({ id: z.number(), label: z.string() }),
});
let dyingRuns = 0;

let test: TestApp;
let user: SignedIn;
let other: SignedIn;
let handlerRuns = 0;

function extend(app: FastifyInstance) {
  registerEndpoint(app, dyingEndpoint, async ({ effect, body }) => {
    dyingRuns += 1;
    const answer = await effect(async (tx) => {
      const [row] = await tx
        .insert(regulations)
        .values({ pageId: 'TDIE', startsAt: new Date('2000-01-01T00:00:00Z'), endsAt: new Date('2000-01-02T00:00:00Z'), reason: body.label })
        .returning({ id: regulations.id });
      return { id: row?.id ?? -1, label: body.label };
    });
    if (dyingRuns === 1) throw new Error('the process died after the commit');
    return answer;
  });
  registerEndpoint(app, recordEndpoint, async ({ db, body }) => {
    handlerRuns += 1;
    if (body.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, body.delayMs));
    if (body.fail === 'business') throw new AppError(ErrorCode.StatusForbidsProcedure);
    if (body.fail === 'crash') throw new Error('database exploded at 10.0.0.7');
    const [row] = await db
      .insert(regulations)
      .values({ pageId: `T${body.label}`.slice(0, 20), startsAt: new Date('2000-01-01T00:00:00Z'), endsAt: new Date('2000-01-02T00:00:00Z'), reason: body.label })
      .returning({ id: regulations.id });
    return { id: row?.id ?? -1, label: body.label };
  });
}

beforeAll(async () => {
  test = await buildTestApp({ extend });
  user = await signInAs(test, 'demo01');
  other = await signInAs(test, 'demo02');
});
afterAll(async () => {
  await test.close();
});

const post = (key: string | undefined, body: Record<string, unknown>, as: SignedIn = user) =>
  test.app.inject({
    method: 'POST',
    url: `/api/customer/${as.sbSystemId}/test/record`,
    headers: apiHeaders(as, key === undefined ? {} : { 'x-request-key': key }),
    payload: body,
  });

const rowsLabelled = async (label: string) => (await test.db.select().from(regulations).where(eq(regulations.reason, label))).length;

describe('リクエストキーによる冪等性', () => {
  it('同じキー・同じ内容の再送は最初の答えを再生し、処理は一度だけであること', async () => {
    const first = await post('key-replay-0001', { label: 'replay' });
    expect(first.statusCode).toBe(200);
    const again = await post('key-replay-0001', { label: 'replay' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rowsLabelled('replay')).toBe(1);
  });

  it('キーの順序だけが違う同じ内容は同じ内容として扱うこと', async () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
    const first = await post('key-order-0001', { label: 'order', delayMs: 0 });
    const again = await post('key-order-0001', { delayMs: 0, label: 'order' });
    expect(again.json()).toEqual(first.json());
  });

  it('同じキーで別の内容なら422 A0422で、何も変えないこと', async () => {
    await post('key-mismatch-01', { label: 'mismatch-a' });
    const other = await post('key-mismatch-01', { label: 'mismatch-b' });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).errorCode).toBe('A0422');
    expect(await rowsLabelled('mismatch-b')).toBe(0);
  });

  it('処理中の同じキーは409 A0409になること', async () => {
    const slow = post('key-inprogress-1', { label: 'slow', delayMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const duplicate = await post('key-inprogress-1', { label: 'slow', delayMs: 300 });
    expect(duplicate.statusCode).toBe(409);
    expect(errorOf(duplicate).errorCode).toBe('A0409');
    expect((await slow).statusCode).toBe(200);
    expect(await rowsLabelled('slow')).toBe(1);
  });

  it('同じキーの50件の同時送信で、処理は一度だけ、答えは最初の答えか409であること', async () => {
    const runsBefore = handlerRuns;
    const responses = await Promise.all(Array.from({ length: 50 }, () => post('key-concurrent-1', { label: 'concurrent', delayMs: 20 })));
    expect(handlerRuns - runsBefore).toBe(1);
    expect(await rowsLabelled('concurrent')).toBe(1);
    const successes = responses.filter((response) => response.statusCode === 200);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(successes.map((response) => recordEndpoint.response.parse(response.json()).id));
    expect(ids.size).toBe(1);
    for (const response of responses) {
      expect([200, 409]).toContain(response.statusCode);
      if (response.statusCode === 409) expect(errorOf(response).errorCode).toBe('A0409');
    }
    const replay = await post('key-concurrent-1', { label: 'concurrent', delayMs: 20 });
    expect(recordEndpoint.response.parse(replay.json()).id).toBe([...ids][0]);
  });

  it('失敗した処理のキーは解放され、同じキーでやり直せること', async () => {
    const business = await post('key-failure-001', { label: 'fails', fail: 'business' });
    expect(business.statusCode).toBe(409);
    expect(errorOf(business).errorCode).toBe('E0008');
    const crash = await post('key-failure-002', { label: 'crash', fail: 'crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ message: '正常に処理が完了しなかったため、お手続きを中断しました。', detail: 'お手数ですが、もう一度お試しください。' });
    expect(crash.body).not.toContain('10.0.0.7');
    const rows = await test.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'key-failure-002'));
    expect(rows).toEqual([]);
  });

  it('答えは処理と同じトランザクションで保存されるので、コミットの後に落ちても同じキーは最初の答えを再生し、処理は1回だけであること', async () => {
    const request = () =>
      test.app.inject({ method: 'POST', url: `/api/customer/${user.sbSystemId}/test/record-then-die`, headers: apiHeaders(user, { 'x-request-key': 'key-died-after-commit' }), payload: { label: 'died' } });
    expect((await request()).statusCode).toBe(500);
    const again = await request();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ label: 'died' });
    expect(dyingRuns).toBe(1);
    expect(await rowsLabelled('died')).toBe(1);
  });

  it('キーはお客さまごとで、別のお客さまが同じキーを使っても混ざらないこと', async () => {
    const mine = await post('key-shared-0001', { label: 'mine' });
    const theirs = await post('key-shared-0001', { label: 'theirs' }, other);
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(recordEndpoint.response.parse(theirs.json()).label).toBe('theirs');
  });

  it('キーがない・形式が違うと400 A0400で、何も変えないこと', async () => {
    for (const key of [undefined, 'short', 'has space in it', 'x'.repeat(129)]) {
      const response = await post(key, { label: 'nokey' });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errorCode).toBe('A0400');
    }
    expect(await rowsLabelled('nokey')).toBe(0);
  });

  it('不正な本文は400で、キーを消費しないこと', async () => {
    const bad = await post('key-badbody-001', { label: '' });
    expect(bad.statusCode).toBe(400);
    const good = await post('key-badbody-001', { label: 'after-bad' });
    expect(good.statusCode).toBe(200);
  });

  it('処理中のキーは持ち主のプロセスが生きている間だけ有効で、落ちたプロセスのキーはすぐに引き継げること、古いキーは掃除されること', async () => {
    const request = { key: 'key-dead-owner-1', sbSystemId: user.sbSystemId, endpoint: 'POST x', bodyHash: 'h' };
    const lock = test.app.portal.processLock;
    const dead: ProcessLock = { owner: lock.owner + 1, isAlive: (owner) => lock.isAlive(owner), release: () => Promise.resolve() };
    // A process that died mid-request left its claim behind, however recent.
    expect(await claimKey(test.db, dead, request)).toEqual({ kind: 'proceed' });
    expect(await claimKey(test.db, lock, request)).toEqual({ kind: 'proceed' });
    expect(await claimKey(test.db, lock, request)).toEqual({ kind: 'inProgress' });
    const removed = await pruneKeys(test.db, new Date(Date.now() + 25 * 60 * 60_000));
    expect(removed).toBeGreaterThan(0);
    expect(await test.db.select().from(idempotencyKeys)).toEqual([]);
  });
});
