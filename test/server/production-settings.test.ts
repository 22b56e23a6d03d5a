/**
 * Production fails closed (docs/decisions/0042-production-settings.md): an incomplete
 * configuration does not start, and the demo features (sandboxes, demo customers, the local
 * sign-on provider) exist in production only for a review/QA host that asks for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../server/db/client';
import { demoCustomersPresent, seedDemoData } from '../../server/db/seed';
import { parseEnv } from '../../server/env';
import { productionProblems } from '../../server/security/production-settings';
import { buildTestApp, productionEnv, type TestApp } from './support/build-test-app';
import { freePort, runUntilExit } from './support/server-process';

const problemsOf = (env: Record<string, string>) => productionProblems(parseEnv(env));

const without = (...names: string[]) => Object.fromEntries(Object.entries(productionEnv).filter(([name]) => !names.includes(name)));

/** A review host: production mode, demo mode asked for, the sandboxes and the local sign-on instead of external systems. */
const reviewHost = {
  ...without('OIDC_ISSUER', 'OIDC_CLIENT_SECRET', 'CARD_PROVIDER_URL', 'CARD_PROVIDER_MERCHANT_KEY', 'CARD_PROVIDER_SECRET', 'MESSAGE_GATEWAY_URL', 'MESSAGE_GATEWAY_KEY'),
  PUBLIC_URL: 'https://review.portal.example.test',
  DEMO_MODE: 'true',
  SANDBOX: 'true',
};

describe('本番の設定', () => {
  it('SESSION_SECRETだけの本番は起動せず、足りない設定をすべて挙げて終了すること', async () => {
    const port = await freePort();
    const exit = await runUntilExit({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), PORT: String(port), DATA_DIR: 'memory://' });
    expect(exit.code).toBe(1);
    for (const setting of ['PUBLIC_URL', 'DATABASE_URL', 'OIDC_ISSUER', 'CARD_PROVIDER_URL', 'MESSAGE_GATEWAY_URL']) {
      expect(exit.output).toContain(setting);
    }
    // Nothing ever listened.
    await expect(fetch(`http://127.0.0.1:${port}/sandbox/outbox`)).rejects.toThrow();
  });

  it('揃った本番の設定には問題がなく、1つ欠けるごとにその設定の名前を挙げること', () => {
    expect(problemsOf(productionEnv)).toEqual([]);
    const cases: [string[], string][] = [
      [['PUBLIC_URL'], 'PUBLIC_URL is required'],
      [['SESSION_SECRET'], 'SESSION_SECRET is required'],
      [['DATABASE_URL'], 'DATABASE_URL is required'],
      [['OIDC_ISSUER'], 'OIDC_ISSUER is required'],
      [['OIDC_CLIENT_SECRET'], 'OIDC_CLIENT_SECRET is required'],
      [['CARD_PROVIDER_URL'], 'CARD_PROVIDER_URL is required'],
      [['CARD_PROVIDER_SECRET'], 'CARD_PROVIDER_SECRET is required'],
      [['MESSAGE_GATEWAY_KEY'], 'MESSAGE_GATEWAY_KEY is required'],
    ];
    for (const [missing, problem] of cases) expect(problemsOf(without(...missing)), missing.join()).toContainEqual(expect.stringContaining(problem));
    expect(problemsOf({ ...productionEnv, PUBLIC_URL: 'http://portal.example.jp' })).toEqual(['PUBLIC_URL must be https']);
    expect(problemsOf({ ...productionEnv, OIDC_ISSUER: 'http://sso.example.jp' })).toEqual(['OIDC_ISSUER must be https']);
    expect(problemsOf({ ...productionEnv, BUSINESS_DATE: '2026/11/24' })).toEqual([expect.stringContaining('BUSINESS_DATE')]);
    // Outside production nothing is required: `npm start` runs with no settings at all.
    expect(problemsOf({})).toEqual([]);
  });

  it('デモ機能（サンドボックス・デモのお客さま）は本番ではオフで、レビュー・QAのホストでだけ明示してオンにできること', () => {
    const production = parseEnv(productionEnv);
    expect([production.DEMO_MODE, production.SANDBOX, production.SEED_DEMO_DATA]).toEqual([false, false, false]);
    expect(problemsOf({ ...productionEnv, SANDBOX: 'true' })).toContainEqual(expect.stringContaining('SANDBOX needs DEMO_MODE'));
    expect(problemsOf({ ...productionEnv, SEED_DEMO_DATA: 'true' })).toContainEqual(expect.stringContaining('SEED_DEMO_DATA needs DEMO_MODE'));
    expect(problemsOf({ ...productionEnv, DEMO_MODE: 'true' })).toContainEqual(expect.stringContaining('review/QA host'));
    expect(problemsOf({ ...reviewHost, PRODUCTION_HOSTS: 'review.portal.example.test' })).toContainEqual(expect.stringContaining('review/QA host'));
    // A review host may run the demo without the external systems and sign-on provider; a production host may not.
    expect(problemsOf(reviewHost)).toEqual([]);
    expect(problemsOf({ ...reviewHost, DEMO_MODE: 'false' })).toEqual(
      expect.arrayContaining([expect.stringContaining('OIDC_ISSUER is required'), expect.stringContaining('SANDBOX needs DEMO_MODE')]),
    );
    // Outside production the demo is on by default, as `npm start` needs.
    const local = parseEnv({});
    expect([local.DEMO_MODE, local.SANDBOX, local.SEED_DEMO_DATA]).toEqual([true, true, true]);
  });

  it('デモのお客さまがいるかどうかを確かめられること（デモモードでない本番は、いれば起動しない）', async () => {
    const database = openMemoryDatabase();
    try {
      await database.migrate();
      expect(await demoCustomersPresent(database.db)).toBe(false);
      await seedDemoData(database.db);
      expect(await demoCustomersPresent(database.db)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

describe('本番のサーバー', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await buildTestApp({ env: productionEnv });
  });
  afterAll(async () => {
    await production.close();
  });

  it('サンドボックスもローカルのサインオンもなく、Hostを本番のホストにしても同じであること', async () => {
    for (const host of [undefined, 'portal.example.jp']) {
      for (const url of ['/sandbox/outbox', '/sandbox/outbox/api/messages?limit=500', '/sandbox/card/assets/card-page.css', '/sandbox/order', '/oidc/.well-known/openid-configuration']) {
        const response = await production.app.inject({ method: 'GET', url, ...(host === undefined ? {} : { headers: { host } }) });
        expect(response.statusCode, `${host ?? ''} ${url}`).toBe(404);
      }
    }
  });

  it('デモ機能を求める本番の設定では組み立てられないこと', async () => {
    await expect(buildTestApp({ env: { ...productionEnv, SANDBOX: 'true' } })).rejects.toThrow('SANDBOX needs DEMO_MODE');
    await expect(buildTestApp({ env: without('OIDC_ISSUER') })).rejects.toThrow('OIDC_ISSUER is required');
  });

  it('レビュー・QAのホストでデモモードを明示すれば、サンドボックスとローカルのサインオンがあること', async () => {
    const review = await buildTestApp({ env: reviewHost });
    try {
      expect((await review.app.inject({ method: 'GET', url: '/sandbox/card/assets/card-page.css' })).statusCode).toBe(200);
      expect((await review.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode).toBe(200);
    } finally {
      await review.close();
    }
  });
});
