import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceUsageStatus } from '../../../contracts/api/service-contracts';
import { resetApiClient } from '../../../src/api/api-client';
import { LandingFlow } from '../../../src/pages/service-flow/landing-page';
import { customer, fakeApi, renderPage, startFlow, textOf, until } from './support';

function usage(state: ServiceUsageStatus['services'][number]['state'], allowed: ServiceUsageStatus['services'][number]['allowedActions']): ServiceUsageStatus {
  return {
    restricted: false,
    services: [
      {
        serviceId: '223',
        serviceName: 'あんしんデータボックス',
        state,
        contractId: state === 'none' ? null : 'c-1',
        planId: state === 'none' ? null : '225',
        paymentMethod: null,
        withdrawalAt: null,
        suspendedAt: null,
        allowedActions: allowed,
      },
    ],
  };
}

afterEach(() => {
  cleanup();
  resetApiClient();
});

describe('/AnshinDataBox', () => {
  it('サービス内容と税込の月額料金を示し、申し込めるお客さまには「申し込む」を出すこと', async () => {
    fakeApi({});
    const { actor } = startFlow('anshinApply');
    await renderPage(<LandingFlow actor={actor} usage={usage('none', ['apply'])} usageFailed={false} />);
    expect(textOf(document.querySelector('.price'))).toContain('月額550円(税込)');
    expect(screen.getByRole('heading', { name: 'サービスの内容' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '申し込む' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ご契約内容を見る' })).toBeNull();
  });

  it('契約中で申し込めないお客さまには「申し込む」でなくご契約内容へのリンクを出すこと', async () => {
    fakeApi({});
    const { actor } = startFlow('anshinApply');
    await renderPage(<LandingFlow actor={actor} usage={usage('active', ['changePayment', 'cancel'])} usageFailed={false} />);
    expect(screen.queryByRole('button', { name: '申し込む' })).toBeNull();
    expect(textOf(screen.getByRole('heading', { name: 'ご契約の状況' }).closest('section'))).toContain('「ご利用中」');
    expect(screen.getByRole('link', { name: 'ご契約内容を見る' }).getAttribute('href')).toBe('/AnshinDataBox/Service/Detail');
  });

  it('利用可否判定がNGなら理由を日本語で示し、知らない理由はサーバーの文言のまま出すこと', async () => {
    const fake = fakeApi({
      [`GET ${customer}/entry_judgement`]: () => ({
        result: 'NG',
        ngList: [
          { parameter: 'age', reason: 'UNDER_AGE' },
          { parameter: 'other', reason: 'ただいまお申し込みを受け付けていません（試験）' },
        ],
      }),
    });
    const { actor } = startFlow('anshinApply');
    await renderPage(<LandingFlow actor={actor} usage={usage('none', ['apply'])} usageFailed={false} />);
    fireEvent.click(screen.getByRole('button', { name: '申し込む' }));
    await until<'anshinApply'>(actor, (s) => s.matches('ineligible'));
    const alert = await screen.findByRole('alert');
    expect(textOf(alert)).toContain('現在、お申し込みいただけません。');
    expect(textOf(alert)).toContain('ご契約者さまの年齢により、お申し込みいただけません。');
    expect(textOf(alert)).toContain('ただいまお申し込みを受け付けていません（試験）');
    expect(fake.calls(`GET ${customer}/entry_judgement`)[0]?.query.get('contentsServiceId')).toBe('223');
    fireEvent.click(screen.getByRole('button', { name: 'サービスのご案内に戻る' }));
    expect(actor.getSnapshot().value).toBe('landing');
  });
});

describe('/AnshinDataBox（回線の利用制限中）', () => {
  it('回線が制限中なら「申し込む」を出さず E0008 の文言を示すこと', async () => {
    fakeApi({});
    const { actor } = startFlow('anshinApply');
    await renderPage(<LandingFlow actor={actor} usage={{ ...usage('none', []), restricted: true }} usageFailed={false} />);
    expect(screen.queryByRole('button', { name: '申し込む' })).toBeNull();
    expect(textOf(screen.getByRole('alert'))).toContain('ご契約またはご利用の状況により、このお手続きはご利用いただけません。');
  });
});
