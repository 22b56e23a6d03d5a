/**
 * The account flow's save port (src/flows/account-actors.ts): a change the server refuses field by
 * field (A0400 with issues) is an answer the change page shows beside its fields; any other
 * failure fails the flow (its error page). A success is walked in e2e/account.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { configureApiClient, resetApiClient } from '../../../src/api/api-client';
import { createAccountActors } from '../../../src/flows/account-actors';

const sbSystemId = '1000000002';
const nameChange = {
  key: 'name',
  name: { lastNameKanji: '佐藤', firstNameKanji: '花子', lastNameKana: 'サトウ', firstNameKana: '' },
} as const;

function answering(status: number, body: unknown) {
  configureApiClient({
    baseUrl: 'http://portal.test',
    getSession: () => ({ sbSystemId, sessionToken: 'token', pageId: 'ACC0003' }),
    retryDelayMs: 0,
    fetch: () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  });
}

const save = () =>
  toPromise(createActor(createAccountActors().saveChange, { input: { sbSystemId, requestKey: 'key-0001', change: nameChange } }).start());

afterEach(() => resetApiClient());

describe('saving an account change', () => {
  it('answers the server’s field messages when it refuses the change with A0400', async () => {
    const issues = [{ path: 'body.firstNameKana', message: 'フリガナを入力してください。' }];
    answering(400, { errorCode: 'A0400', message: '入力内容に誤りがあります。', issues });
    await expect(save()).resolves.toEqual({ outcome: 'rejected', issues });
  });

  it('fails the flow when a refusal names no field, or for any other error', async () => {
    answering(400, { errorCode: 'A0400', message: '入力内容に誤りがあります。' });
    await expect(save()).rejects.toThrow(/A0400/);
    // Field-shaped issues on another error are still a failure, not a refusal the page shows.
    answering(403, { errorCode: 'A0403', message: '他のお客さまの情報です。', issues: [{ path: 'body.x', message: 'x' }] });
    await expect(save()).rejects.toThrow(/A0403/);
  });
});
