/**
 * Two server processes, one database (docs/decisions/0046-two-processes.md): the portal runs as
 * two processes on one PostgreSQL database behind a round-robin proxy (scripts/round-robin-proxy.ts),
 * and one customer signs in and applies with a new card while the requests alternate between
 * them: sign-on provider state, the card order, the one-time password and the idempotent
 * registration each cross from one process to the other.
 *
 * Needs DATABASE_URL (PostgreSQL); .ci/run sets it. Ports: TWO_PROCESS_PORT (default E2E_PORT + 10)
 * for the proxy and the next two for the servers.
 */
import { outboxReadKey } from '../../playwright.config';
import { scratchPostgres } from '../../test/server/support/build-test-app';
import { startServer, type ServerProcess } from '../../test/server/support/server-process';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../scripts/round-robin-proxy';
import { completeOtp, consentAndContinue, dataStorageContracts, expectPage, Heading, payWithNewCard, startApply, TestCard } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

const proxyPort = Number(process.env.TWO_PROCESS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 10);
const proxyOrigin = `http://127.0.0.1:${proxyPort}`;

test.skip(process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '', 'two processes share one PostgreSQL database: set DATABASE_URL');
test.use({ baseURL: proxyOrigin });

let proxy: RoundRobinProxy | undefined;
let servers: ServerProcess[] = [];
let dropDatabase: () => Promise<void> = () => Promise.resolve();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const database = await scratchPostgres();
  if (database === undefined) throw new Error('DATABASE_URL is needed');
  dropDatabase = database.drop;
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: 'true',
    PUBLIC_URL: proxyOrigin,
    SESSION_SECRET: 'two-processes-share-this-secret-0123456789',
    OUTBOX_READ_KEY: outboxReadKey,
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  // One after the other: the first migrates and seeds the empty database.
  for (const offset of [1, 2]) servers.push(await startServer(proxyPort + offset, env));
  proxy = await startRoundRobinProxy({ port: proxyPort, targets: servers.map((server) => server.origin) });
});

test.afterAll(async () => {
  await proxy?.close();
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await dropDatabase();
});

test('2つのサーバープロセスに交互に届いても、ログインから新しいカードでの申し込みまで完了すること', async ({ page }) => {
  const servedBy = new Map<string, Set<string>>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const area = ['/api/', '/oidc/', '/auth/', '/sandbox/card/'].find((prefix) => path.startsWith(prefix));
    const server = response.headers()['x-served-by'];
    if (area === undefined || server === undefined) return;
    servedBy.set(area, (servedBy.get(area) ?? new Set()).add(server));
  });

  await signIn(page, 'demo15');
  await startApply(page);
  await consentAndContinue(page);
  await payWithNewCard(page, TestCard.visa);
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  await expect(page.getByRole('region', { name: 'お申し込み内容' }).getByText(/\*\*\*\* 4242/)).toBeVisible();
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await completeOtp(page, page.request, 'demo15', '認証して申し込む');
  await expectPage(page, '/AnshinDataBox/Apply/Completed', Heading.applyCompleted);
  await expect(page.getByText(/お支払い方法：.*\*\*\*\* 4242/)).toBeVisible();

  const active = (await dataStorageContracts(page)).filter((contract) => contract.status === 'active');
  expect(active.map((contract) => [contract.paymentMethod.value, contract.paymentMethod.cardLast4])).toEqual([['02', '4242']]);
  // Both processes took part in each part of the flow.
  for (const area of ['/api/', '/oidc/', '/sandbox/card/']) expect([...(servedBy.get(area) ?? [])].sort(), area).toEqual(['1', '2']);
  expect(proxy?.served.every((count) => count > 0)).toBe(true);
});
