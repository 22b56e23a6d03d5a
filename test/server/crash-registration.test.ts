/**
 * A crash mid-registration strands no one (docs/decisions/0044-crash-safe-idempotency.md): the
 * real server, a child process, is killed with SIGKILL at a different moment of a registration
 * in each of 20 rounds and started again on the same database. Every round the same request key
 * then answers 200 at once (replaying the original answer when the registration had committed)
 * and the customer has exactly one contract from it. Every fourth round pays by card, whose
 * order the card sandbox must still know after the restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceContractsSchema } from '../../contracts/api/service-contracts';
import { PaymentMethodsResponseSchema, type CardToken } from '../../contracts/api/payment';
import { Browser, DemoPassword, signInUntilCallback } from './auth-harness';
import { goodCard, returnUrls, submitCard } from './support/anshin-kit';
import { scratchPostgres } from './support/build-test-app';
import { freePort, startServer, type ServerProcess } from './support/server-process';

const ROUNDS = 20;
const readKey = 'crash-test-read-key-0123456789';
const demo01 = { sbSystemId: '1000000001', mailAddress: 'taro.yamada@example.jp' };

let port: number;
let serverEnv: Record<string, string>;
let server: ServerProcess;
let cleanUp: () => Promise<void>;
let headers: Record<string, string>;

const start = async () => {
  server = await startServer(port, serverEnv);
};

beforeAll(async () => {
  port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const postgres = await scratchPostgres();
  const dataDir = postgres === undefined ? await mkdtemp(join(tmpdir(), 'portal-crash-')) : undefined;
  cleanUp = async () => {
    await postgres?.drop();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  };
  serverEnv = {
    NODE_ENV: 'test',
    PUBLIC_URL: origin,
    SEED_DEMO_DATA: 'true',
    OUTBOX_READ_KEY: readKey,
    RATE_LIMIT_PER_MINUTE: '100000',
    ...(postgres === undefined ? { DATA_DIR: dataDir ?? '' } : { DATABASE_URL: postgres.url }),
  };
  await start();
  // Signed in once, as a browser would; the session is in the database and outlives every kill.
  const browser = new Browser(origin);
  const { callback } = await signInUntilCallback(browser, '/auth/login?returnTo=/Top', { loginId: 'demo01', password: DemoPassword });
  await browser.request(callback);
  const cookie = `portal_sid=${browser.jar.get('portal_sid') ?? ''}`;
  const info = (await (await fetch(`${origin}/api/getAuthInfo`, { headers: { cookie } })).json()) as { sessionToken: string };
  headers = { cookie, 'session-token': info.sessionToken, 'content-type': 'application/json' };
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await cleanUp?.();
});

const api = (method: 'GET' | 'POST', path: string, body?: unknown, extra: Record<string, string> = {}) =>
  fetch(`${server.origin}/api/customer/${demo01.sbSystemId}${path}`, {
    method,
    headers: { ...headers, ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function verifyContact(): Promise<void> {
  expect(await (await api('POST', '/otp/send', { mailAddress: demo01.mailAddress })).json()).toEqual({ result: 'OK', ngMessage: null });
  const outbox = await fetch(`${server.origin}/sandbox/outbox/api/messages?limit=1&to=${encodeURIComponent(demo01.mailAddress)}`, { headers: { 'x-outbox-read-key': readKey } });
  const { messages } = (await outbox.json()) as { messages: { body: string }[] };
  const otp = /確認コード：([0-9]{6})/.exec(messages[0]?.body ?? '')?.[1];
  expect(await (await api('POST', '/otp/auth', { otp })).json()).toEqual({ result: 'OK', ngMessage: null });
}

async function newCard(round: number): Promise<CardToken> {
  const created = await api('POST', '/payment/information', { operationType: '10', ...returnUrls(server.origin) }, { contentsserviceid: '223', 'x-request-key': `crash-card-${round}-order` });
  expect(created.status).toBe(200);
  const { redirectOrderUrl, orderId } = (await created.json()) as { redirectOrderUrl: string; orderId: string };
  await submitCard(redirectOrderUrl, goodCard);
  const methods = PaymentMethodsResponseSchema.parse(await (await api('GET', `/payment/methods?contentsServiceId=223&orderId=${orderId}`)).json());
  if (methods.order?.status !== 'completed') throw new Error('the card order did not complete');
  return methods.order.card;
}

const registration = (card: CardToken | undefined) => ({
  serviceId: '223',
  planId: '225',
  requestType: card === undefined ? '01' : '02',
  paymentMethodValue: card === undefined ? '01' : '99',
  paymentMethodLabel: card === undefined ? '携帯電話料金とまとめて支払い' : 'クレジットカード',
  tokenPAN: card?.tokenPAN ?? null,
  tokenPanEffectiveDate: card?.tokenPanEffectiveDate ?? null,
  checkRequestValidityToken: card?.checkRequestValidityToken ?? null,
  couponCode: null,
  consented: true,
});

const dataStorageContracts = async () =>
  ServiceContractsSchema.parse(await (await api('GET', '/contracts')).json()).contracts.filter((contract) => contract.serviceId === '223');

describe('登録の途中でサーバーが落ちても', () => {
  it(`${ROUNDS}回、登録の途中でSIGKILLしても、同じキーはすぐに200で答え、契約はちょうど1つであること`, async () => {
    const outcomes: string[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const card = round % 4 === 0 ? await newCard(round) : undefined;
      await verifyContact();
      const key = `crash-round-${round}-register`;
      const body = registration(card);
      // Odd rounds: the kill lands anywhere from before the request is read to after it answered.
      // Even rounds: the kill lands the moment the answer arrives, and the customer never sees it
      // (the issue's case: the contract exists, the answer is lost).
      const answerLost = round % 2 === 0;
      let original: { status: number; body: unknown } | undefined;
      const sent = api('POST', '/service', body, { 'x-request-key': key }).then(
        async (response) => {
          if (answerLost) await server.kill();
          original = { status: response.status, body: await response.json() };
        },
        () => undefined,
      );
      if (answerLost) await sent;
      else {
        await new Promise((resolve) => setTimeout(resolve, (round * 7) % 37));
        await server.kill();
        await sent;
      }
      await start();

      const again = await api('POST', '/service', body, { 'x-request-key': key });
      expect(again.status, `round ${round}`).toBe(200);
      const answer: unknown = await again.json();
      const replayed = again.headers.get('idempotent-replayed') === 'true';
      if (original !== undefined) {
        expect(original.status, `round ${round}`).toBe(200);
        expect(answer, `round ${round}`).toEqual(original.body);
        expect(replayed, `round ${round}`).toBe(true);
      }
      outcomes.push(answerLost ? 'lost answer replayed' : original !== undefined ? 'answered, replayed' : replayed ? 'replayed' : 'ran again');

      const contracts = await dataStorageContracts();
      expect(contracts.filter((contract) => contract.status !== 'withdrawn'), `round ${round}`).toHaveLength(1);
      expect(contracts, `round ${round}`).toHaveLength(round);
      const withdrawn = await api('POST', '/update/contracts', { serviceId: '223', planId: '225', requestType: '03', resume: false, paymentMethodLabel: null, tokenPAN: null, tokenPanEffectiveDate: null, checkRequestValidityToken: null, survey: [] }, { 'x-request-key': `crash-round-${round}-withdraw` });
      expect(withdrawn.status, `round ${round}`).toBe(200);
    }
    // Which moments the kills met, for the record (docs/decisions/0044).
    console.info(`crash rounds: ${outcomes.map((outcome, index) => `${index + 1}:${outcome}`).join(' ')}`);
    // Twenty server starts: 4.4 s each alone on a 2-core machine, over 9 s beside the rest of the
    // suite (seen past 180 s on 2026-11-26). A safety net, not a speed target (those are benches).
  }, 600_000);
});
