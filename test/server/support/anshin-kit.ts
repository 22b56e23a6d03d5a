/**
 * Helpers for the data storage flow's server tests: signed-in calls, the one-time password read
 * from the outbox sandbox over HTTP, and the card provider's hosted page posted like a browser form.
 */
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { contractHistory, customers, otpChallenges, serviceContracts } from '../../../server/db/schema';
import { ReadKeyHeader } from '../../../server/sandbox/outbox/outbox-plugin';
import { apiHeaders, buildTestApp, signInAs, testEnvDefaults, type SignedIn, type TestApp, type TestAppOptions } from './build-test-app';

export type SignedInApp = {
  readonly test: TestApp;
  /** The listening origin: the gateway clients reach the sandboxes there. */
  readonly origin: string;
  readonly user: (loginId: string) => SignedIn;
};

/**
 * One file's test app: built, listening and with these demo customers signed in before the
 * file's tests, closed after them.
 */
export function signedInAppForFile(loginIds: readonly string[], options: TestAppOptions = {}): SignedInApp {
  let built: { test: TestApp; origin: string } | undefined;
  const users = new Map<string, SignedIn>();
  const ready = () => {
    if (built === undefined) throw new Error('the test app is built in beforeAll');
    return built;
  };
  beforeAll(async () => {
    const test = await buildTestApp(options);
    built = { test, origin: await listen(test) };
    for (const loginId of loginIds) users.set(loginId, await signInAs(test, loginId));
  });
  afterAll(async () => {
    await built?.test.close();
  });
  return {
    get test() {
      return ready().test;
    },
    get origin() {
      return ready().origin;
    },
    user: (loginId) => {
      const found = users.get(loginId);
      if (found === undefined) throw new Error(`${loginId} is not signed in for this file`);
      return found;
    },
  };
}

/** Listens on a free loopback port: the gateway clients reach the sandboxes over real HTTP. */
export async function listen(test: TestApp): Promise<string> {
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  return test.app.listeningOrigin;
}

export type CallOptions = { payload?: unknown; headers?: Record<string, string>; query?: string };

export function call(test: TestApp, user: SignedIn, method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return test.app.inject({
    method,
    url: `/api/customer/${user.sbSystemId}${path}${options.query === undefined ? '' : `?${options.query}`}`,
    headers: apiHeaders(user, options.headers),
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
}

type OutboxList = { messages: { to: string; channel: string; body: string; status: string }[] };

/** The newest code the outbox holds for a recipient, read with the sandbox's read key (testEnvDefaults). */
export async function latestCode(origin: string, to: string): Promise<string> {
  const response = await fetch(`${origin}/sandbox/outbox/api/messages?to=${encodeURIComponent(to)}&limit=1`, {
    headers: { [ReadKeyHeader]: testEnvDefaults['OUTBOX_READ_KEY'] ?? '' },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as OutboxList;
  const match = /確認コード：([0-9]{6})/.exec(body.messages[0]?.body ?? '');
  if (!match?.[1]) throw new Error(`no code in the outbox for ${to}`);
  return match[1];
}

/** Moves the customer's one-time passwords a minute into the past, as if the cool-down had passed. */
export async function passCooldown(test: TestApp, sbSystemId: string): Promise<void> {
  await test.db
    .update(otpChallenges)
    .set({ createdAt: sql`${otpChallenges.createdAt} - interval '61 seconds'` })
    .where(eq(otpChallenges.sbSystemId, sbSystemId));
}

/**
 * Sends a code to the customer's mail address (by SMS when the address is unconfirmed, as the
 * app offers), reads it from the outbox and checks it.
 */
export async function verifyContact(test: TestApp, origin: string, user: SignedIn): Promise<void> {
  await passCooldown(test, user.sbSystemId);
  const [customer] = await test.db.select().from(customers).where(eq(customers.sbSystemId, user.sbSystemId));
  if (!customer) throw new Error('no customer');
  const byMail = customer.mailAddressConfirmed;
  const to = byMail ? customer.mailAddress : customer.phoneNumber;
  const payload = byMail ? { mailAddress: to } : { phoneNumber: to, type: 'SMS' };
  const sent = await call(test, user, 'POST', '/otp/send', { payload });
  expect(sent.json()).toEqual({ result: 'OK', ngMessage: null });
  const otp = await latestCode(origin, to);
  const checked = await call(test, user, 'POST', '/otp/auth', { payload: { otp } });
  expect(checked.json()).toEqual({ result: 'OK', ngMessage: null });
}

/** The customer's contracts and history rows, to show that a refused request changed nothing. */
export async function snapshotOf(test: TestApp, sbSystemId: string) {
  const contracts = await test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, sbSystemId)).orderBy(serviceContracts.id);
  const history = await test.db.select().from(contractHistory).where(eq(contractHistory.sbSystemId, sbSystemId)).orderBy(contractHistory.id);
  return { contracts, history };
}

/** A POST service body: data storage by the mobile bill (tests spread it to change the service or plan). */
export const registerByMobileRequest = {
  serviceId: '223',
  planId: '225',
  requestType: '01',
  paymentMethodValue: '01',
  paymentMethodLabel: '携帯電話料金とまとめて支払い',
  tokenPAN: null,
  tokenPanEffectiveDate: null,
  checkRequestValidityToken: null,
  couponCode: null,
  consented: true,
};

/** An update/contracts body that asks for nothing yet: tests spread it and set what they need. */
export const updateRequestBase = {
  serviceId: '223',
  planId: '225',
  requestType: null,
  resume: false,
  paymentMethodLabel: null,
  tokenPAN: null,
  tokenPanEffectiveDate: null,
  checkRequestValidityToken: null,
  survey: [],
};

export const goodCard = {
  cardNumber: '4242424242424242',
  expiryMonth: '12',
  expiryYear: '2030',
  securityCode: '123',
  cardHolder: 'TARO YAMADA',
};
export const unusableCard = { ...goodCard, cardNumber: '4000000000000002' };

/** The hosted page's form POST, as a browser sends it; answers the provider's redirect target. */
export async function submitCard(redirectOrderUrl: string, card: Record<string, string> = goodCard): Promise<string> {
  const page = await fetch(redirectOrderUrl);
  expect(page.status).toBe(200);
  const submitted = await fetch(redirectOrderUrl, { method: 'POST', body: new URLSearchParams(card), redirect: 'manual' });
  expect(submitted.status).toBe(303);
  return submitted.headers.get('location') ?? '';
}

export async function cancelAtProvider(redirectOrderUrl: string): Promise<string> {
  const submitted = await fetch(`${redirectOrderUrl}/cancel`, { method: 'POST', body: new URLSearchParams({}), redirect: 'manual' });
  expect(submitted.status).toBe(303);
  return submitted.headers.get('location') ?? '';
}

/** The portal's return pages on its configured origin (PUBLIC_URL, or where the test app listens). */
export const returnUrls = (origin: string) => ({
  orderDoneUrl: `${origin}/Payment/Redirect?flowId=flow-1`,
  cancelUrl: `${origin}/Payment/Cancel/Redirect?flowId=flow-1`,
});

/** The fields the tests read from an answer: an error body or one of the flow's answers. */
export type Answer = {
  errorCode?: string;
  result?: string;
  status?: string;
  orderId?: string;
  redirectOrderUrl?: string;
  coupons?: unknown[];
  order?: { orderId: string; status: string };
};
