/**
 * The checks every signed-in endpoint must pass: no session -> 401 A0401, a wrong or missing
 * session-token -> 401 A0401, another customer's sbSystemId -> 403 A0403.
 */
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { errorOf, type SignedIn, type TestApp } from './build-test-app';

export type CallFor = (sbSystemId: string) => { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> };

export async function expectAuthChecks(test: TestApp, user: SignedIn, other: SignedIn, callFor: CallFor): Promise<void> {
  const own = callFor(user.sbSystemId);
  const send = (call: ReturnType<CallFor>, headers: Record<string, string>) =>
    test.app.inject({ method: call.method, url: call.url, headers, ...(call.payload ? { payload: call.payload } : {}) } as InjectOptions);

  const noSession = await send(own, { 'session-token': user.sessionToken });
  expect(noSession.statusCode).toBe(401);
  expect(errorOf(noSession).errorCode).toBe('A0401');

  const unknownSession = await send(own, { cookie: 'portal_sid=unknown', 'session-token': user.sessionToken });
  expect(unknownSession.statusCode).toBe(401);

  const wrongToken = await send(own, { cookie: user.cookie, 'session-token': other.sessionToken });
  expect(wrongToken.statusCode).toBe(401);
  expect(errorOf(wrongToken).errorCode).toBe('A0401');

  const noToken = await send(own, { cookie: user.cookie });
  expect(noToken.statusCode).toBe(401);

  if (own.url.includes(user.sbSystemId)) {
    const foreign = await send(callFor(other.sbSystemId), { cookie: user.cookie, 'session-token': user.sessionToken });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).errorCode).toBe('A0403');
  }
}
