import { afterEach, describe, expect, it } from 'vitest';
import { resetApiClient } from '../../../src/api/api-client';
import { authStore } from '../../../src/stores/auth-store';
import { commonStore } from '../../../src/stores/common-store';
import { forgetServiceContractId } from '../../../src/stores/service-contract-id';
import { activeCardContract, customer, fakeApi, receipt, startFlow, until } from '../anshin-data-box/support';

const contract = { ...activeCardContract, contractId: 'SC000000009901' };
const withdrawnBefore = { ...activeCardContract, contractId: 'SC000000009900', status: 'withdrawn' as const, startedAt: '2025-01-01T10:00:00+09:00' };

function serve() {
  return fakeApi({
    [`GET ${customer}/contracts`]: () => ({ contracts: [withdrawnBefore, contract] }),
    [`POST ${customer}/update/contracts`]: () => receipt,
  });
}

/** A reload: memory gone, the stores read back from sessionStorage. */
function reload(): void {
  forgetServiceContractId();
  authStore.rehydrate();
  commonStore.rehydrate();
}

afterEach(() => {
  resetApiClient();
  sessionStorage.clear();
});

describe('the contract a flow works on (serviceContractId, ADR 0089)', () => {
  it('解約の送信に、流れの始めに読んだ利用中の契約IDを載せ、保存域には暗号化した値だけを置くこと', async () => {
    const fake = serve();
    const { actor } = startFlow('anshinCancel');
    await until<'anshinCancel'>(actor, (s) => s.matches('inform'));
    const stored = JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage });
    expect(stored).not.toContain('SC000000009901');
    expect(commonStore.get().serviceContractIdSealed).toMatch(/^v1\./);
    reload();
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'confirm.submit' });
    await until<'anshinCancel'>(actor, (s) => s.matches('completed'));
    expect(fake.calls(`POST ${customer}/update/contracts`)[0]?.body).toMatchObject({ serviceContractId: 'SC000000009901' });
  });

  it('別のセッション・トークンで封をされた契約IDは使わず、何も送らずに E9998 で終えること', async () => {
    const fake = serve();
    const { actor } = startFlow('anshinCancel');
    await until<'anshinCancel'>(actor, (s) => s.matches('inform'));
    authStore.set({ sessionToken: 'token-of-another-session' });
    reload();
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'confirm.submit' });
    await until<'anshinCancel'>(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.errorCode).toBe('E9998');
    expect(fake.calls(`POST ${customer}/update/contracts`)).toHaveLength(0);
    expect(commonStore.get().serviceContractIdSealed).toBeNull();
  });

  it('改ざんされた契約IDは使わず、何も送らずに E9998 で終えること', async () => {
    const fake = serve();
    const { actor } = startFlow('anshinCancel');
    await until<'anshinCancel'>(actor, (s) => s.matches('inform'));
    const sealed = commonStore.get().serviceContractIdSealed ?? '';
    commonStore.set({ serviceContractIdSealed: `${sealed.slice(0, -4)}AAAA` });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'confirm.submit' });
    await until<'anshinCancel'>(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.errorCode).toBe('E9998');
    expect(fake.calls(`POST ${customer}/update/contracts`)).toHaveLength(0);
  });
});
