/**
 * ReadBatch (docs/decisions/0092-batched-hot-reads.md): the reads of one turn go as one query,
 * and nothing read by one batch answers a read that arrived after that batch was sent.
 */
import { describe, expect, it } from 'vitest';
import { ReadBatch } from '../../server/db/read-batch';

/** A readMany that records each call and answers when told to, from the rows as they are then. */
function controlledReads(rows: Record<string, string>) {
  const calls: { keys: readonly string[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const readMany = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, string>>((resolve, reject) => {
      calls.push({
        keys,
        answer: () => resolve(new Map(keys.filter((key) => key in rows).map((key) => [key, rows[key] ?? '']))),
        fail: reject,
      });
    });
  return { calls, readMany };
}

/** Lets a batch that was due go out (its own setImmediate may be queued behind ours once). */
const turn = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
};

describe('ReadBatch', () => {
  it('同じターンの読み込みは1回の問い合わせにまとめ、キーは重ねず、それぞれに自分の行を返すこと', async () => {
    const { calls, readMany } = controlledReads({ a: 'row a', b: 'row b' });
    const batch = new ReadBatch(readMany);
    const reads = Promise.all([batch.load('a'), batch.load('b'), batch.load('a'), batch.load('missing')]);
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a', 'b', 'missing']]);
    calls[0]?.answer();
    expect(await reads).toEqual(['row a', 'row b', 'row a', undefined]);
  });

  it('問い合わせを送ったあとに来た読み込みには、その答えを使わず、次の問い合わせで読むこと', async () => {
    const rows: Record<string, string> = { a: 'before the write' };
    const { calls, readMany } = controlledReads(rows);
    const batch = new ReadBatch(readMany);
    const first = batch.load('a');
    await turn();
    // The first query has gone; another process writes; a new request arrives.
    const second = batch.load('a');
    calls[0]?.answer();
    rows['a'] = 'after the write';
    expect(await first).toBe('before the write');
    await turn();
    expect(calls).toHaveLength(2);
    calls[1]?.answer();
    expect(await second).toBe('after the write');
  });

  it('同時に出す問い合わせは上限までで、待つあいだの読み込みは次の1回にまとめること', async () => {
    const { calls, readMany } = controlledReads({ a: 'a', b: 'b', c: 'c', d: 'd' });
    const batch = new ReadBatch(readMany, 1);
    const a = batch.load('a');
    await turn();
    const rest = Promise.all([batch.load('b'), batch.load('c')]);
    await turn();
    const d = batch.load('d');
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a']]);
    calls[0]?.answer();
    expect(await a).toBe('a');
    await turn();
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]?.answer();
    expect([...(await rest), await d]).toEqual(['b', 'c', 'd']);
  });

  it('問い合わせの失敗はその回の読み込みすべてに伝え、次の回は普通に読むこと', async () => {
    const { calls, readMany } = controlledReads({ a: 'row a' });
    const batch = new ReadBatch(readMany, 1);
    const failed = Promise.allSettled([batch.load('a'), batch.load('b')]);
    await turn();
    calls[0]?.fail(new Error('connection lost'));
    expect((await failed).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    const again = batch.load('a');
    await turn();
    calls[1]?.answer();
    expect(await again).toBe('row a');
  });
});
