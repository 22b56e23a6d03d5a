import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveServicesSchema, ServiceContractsSchema, ServiceUsageStatusSchema } from '../../contracts/api/service-contracts';
import { LineContractSchema } from '../../contracts/api/line-contract';
import { apiHeaders, buildTestApp, signInAs, type SignedIn, type TestApp, errorOf } from './support/build-test-app';
import { expectAuthChecks } from './support/auth-matrix';

let test: TestApp;
const users: Record<string, SignedIn> = {};

beforeAll(async () => {
  test = await buildTestApp();
  for (const id of ['demo01', 'demo02', 'demo03', 'demo04', 'demo05', 'demo06', 'demo07', 'demo11', 'demo12', 'demo13', 'demo15']) {
    users[id] = await signInAs(test, id);
  }
});
afterAll(async () => {
  await test.close();
});

const user = (id: string): SignedIn => {
  const found = users[id];
  if (!found) throw new Error(id);
  return found;
};

const get = (id: string, path: string) =>
  test.app.inject({ method: 'GET', url: `/api/customer/${user(id).sbSystemId}${path}`, headers: apiHeaders(user(id)) });

describe('GET /api/customer/{sbSystemId}/contracts', () => {
  it('カード払いの契約は末尾4桁だけを返し、トークンは返さないこと', async () => {
    const response = await get('demo03', '/contracts');
    expect(response.statusCode).toBe(200);
    const body = ServiceContractsSchema.parse(response.json());
    expect(body.contracts).toHaveLength(1);
    expect(body.contracts[0]).toMatchObject({
      serviceId: '223',
      planId: '225',
      status: 'active',
      paymentMethod: { value: '02', label: 'クレジットカード', cardLast4: '4242' },
    });
    expect(response.body).not.toContain('tok_demo');
  });

  it('携帯電話料金まとめ払いの契約にはカード情報がないこと', async () => {
    const body = ServiceContractsSchema.parse((await get('demo02', '/contracts')).json());
    expect(body.contracts[0]?.paymentMethod).toEqual({ value: '01', label: '携帯電話料金とまとめて支払い', cardLast4: null, tokenPanEffectiveDate: null });
  });

  it('契約がないお客さまには空の一覧を返すこと', async () => {
    expect(ServiceContractsSchema.parse((await get('demo01', '/contracts')).json()).contracts).toEqual([]);
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(test, user('demo02'), user('demo03'), (id) => ({ method: 'GET', url: `/api/customer/${id}/contracts` }));
  });

  it('不正な入力は400 A0400になること', async () => {
    const bad = await test.app.inject({ method: 'GET', url: `/api/customer/${user('demo02').sbSystemId}/contracts?extra=1`, headers: apiHeaders(user('demo02')) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'A0400', message: '入力内容に誤りがあります。' });
    expect(errorOf(bad).issues?.[0]?.path).toBe('query');
  });
});

describe('GET /api/customer/{sbSystemId}/bySbSystemId/contracts', () => {
  it('回線の電話番号・状態・利用中の契約IDを返すこと', async () => {
    const body = LineContractSchema.parse((await get('demo05', '/bySbSystemId/contracts')).json());
    expect(body).toEqual({
      sbSystemId: '1000000005',
      phoneNumber: '09012340005',
      mailAddress: 'kenta.tanaka@example.jp',
      unconfirmedMailAddress: null,
      lineStatus: 'active',
      userType: 'individual',
      serviceContractIds: ['SC000000000501'],
    });
  });

  it('未確認のメールアドレスは確認コードの送り先（mailAddress）にせず、確認を待つアドレスとして別に返すこと', async () => {
    const body = LineContractSchema.parse((await get('demo13', '/bySbSystemId/contracts')).json());
    expect(body.mailAddress).toBeNull();
    expect(body.unconfirmedMailAddress).toBe('yoko.matsumoto@example.jp');
  });

  it('解約済みの契約IDは含めず、制限中の回線はrestrictedになること', async () => {
    expect(LineContractSchema.parse((await get('demo15', '/bySbSystemId/contracts')).json()).serviceContractIds).toEqual([]);
    expect(LineContractSchema.parse((await get('demo12', '/bySbSystemId/contracts')).json()).lineStatus).toBe('restricted');
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(test, user('demo05'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/bySbSystemId/contracts` }));
  });

  it('形式の正しくないお客さまIDは他人のIDと同じく403になること', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/customer/abc/bySbSystemId/contracts', headers: apiHeaders(user('demo05')) });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/customer/{sbSystemId}/service/usage/status', () => {
  const stateOf = async (id: string) => {
    const body = ServiceUsageStatusSchema.parse((await get(id, '/service/usage/status')).json());
    return { body, byId: Object.fromEntries(body.services.map((service) => [service.serviceId, service])) };
  };

  it('3つのサービスをカタログ順に、状態と可能な手続きつきで返すこと', async () => {
    const { body, byId } = await stateOf('demo01');
    expect(body.restricted).toBe(false);
    expect(body.services.map((service) => service.serviceId)).toEqual(['223', '231', '237']);
    expect(body.services.map((service) => service.allowedActions)).toEqual([['apply'], ['apply'], []]);
    for (const service of body.services) expect(service).toMatchObject({ state: 'none', contractId: null });
    expect(byId['223']?.serviceName).toBe('あんしんデータボックス');
  });

  it('契約の状態ごとにライフサイクルの手続きを返すこと', async () => {
    expect((await stateOf('demo02')).byId['223']).toMatchObject({ state: 'active', allowedActions: ['changePayment', 'cancel'] });
    expect((await stateOf('demo06')).byId['231']).toMatchObject({ state: 'active', allowedActions: ['changePayment', 'cancel', 'changePlan'] });
    expect((await stateOf('demo04')).byId['223']).toMatchObject({ state: 'suspended', allowedActions: ['resume', 'cancel'] });
    const reserved = (await stateOf('demo05')).byId['223'];
    expect(reserved).toMatchObject({ state: 'withdrawal_reserved', allowedActions: ['cancelReservation', 'changePayment'] });
    expect(reserved?.withdrawalAt).not.toBeNull();
    expect((await stateOf('demo15')).byId['223']).toMatchObject({ state: 'withdrawn', allowedActions: ['apply'] });
    expect((await stateOf('demo07')).byId['231']).toMatchObject({ state: 'active', planId: '232-1', paymentMethod: { cardLast4: '1111' } });
    expect((await stateOf('demo11')).byId['237']).toMatchObject({ state: 'active', planId: '238', allowedActions: ['cancel'] });
  });

  it('回線が制限中ならrestrictedで、どのサービスにも手続きがないこと', async () => {
    const { body } = await stateOf('demo12');
    expect(body.restricted).toBe(true);
    for (const service of body.services) expect(service.allowedActions).toEqual([]);
    expect(body.services[0]?.state).toBe('active');
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(test, user('demo04'), user('demo05'), (id) => ({ method: 'GET', url: `/api/customer/${id}/service/usage/status` }));
  });

  it('不正な入力は400 A0400になること', async () => {
    const bad = await test.app.inject({ method: 'GET', url: `/api/customer/${user('demo04').sbSystemId}/service/usage/status?serviceId=223`, headers: apiHeaders(user('demo04')) });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errorCode).toBe('A0400');
  });
});

describe('GET /api/customer/{sbSystemId}/services/active', () => {
  it('解約済みを除いた利用中のサービスを返すこと', async () => {
    expect(ActiveServicesSchema.parse((await get('demo04', '/services/active')).json()).services).toEqual([
      { contractId: 'SC000000000401', serviceId: '223', serviceName: 'あんしんデータボックス', planId: '225', status: 'suspended' },
    ]);
    expect(ActiveServicesSchema.parse((await get('demo15', '/services/active')).json()).services).toEqual([]);
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(test, user('demo04'), user('demo11'), (id) => ({ method: 'GET', url: `/api/customer/${id}/services/active` }));
  });

  it('不正な入力は400 A0400になること', async () => {
    const bad = await test.app.inject({ method: 'GET', url: `/api/customer/${user('demo04').sbSystemId}/services/active?all=true`, headers: apiHeaders(user('demo04')) });
    expect(bad.statusCode).toBe(400);
  });
});
