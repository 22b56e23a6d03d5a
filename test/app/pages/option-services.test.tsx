import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceUsage, ServiceUsageStatus } from '../../../contracts/api/service-contracts';
import { OptionServicesView } from '../../../src/pages/option-services/option-services-view';
import { serviceCatalogue } from '../../../src/pages/service-catalogue';
import { renderPage } from '../anshin-data-box/support';

afterEach(cleanup);

const usage = (serviceId: ServiceUsage['serviceId'], state: ServiceUsage['state'], contractId: string | null): ServiceUsage => ({
  serviceId,
  serviceName: '',
  state,
  contractId,
  planId: null,
  paymentMethod: null,
  withdrawalAt: null,
  suspendedAt: null,
  allowedActions: [],
});

const status: ServiceUsageStatus = {
  restricted: false,
  services: [usage('223', 'none', null), usage('231', 'withdrawn', 'SC-2'), usage('237', 'active', 'SC-3')],
};

const card = (name: string) => screen.getByRole('region', { name });

describe('オプションサービスの一覧', () => {
  it('お客さまの契約の状態をサービスごとに示し、契約があるサービスだけご契約内容へ案内すること', async () => {
    await renderPage(<OptionServicesView entries={serviceCatalogue} usage={status} />);
    const inStore = card('スマホ設定サポート定額');
    expect(within(inStore).getByText('ご利用中')).toBeDefined();
    expect(within(inStore).getByRole('link', { name: 'ご契約内容を見る' }).getAttribute('href')).toBe('/Sumahosetup-support/Service/Detail');
    expect(within(inStore).getByText('月額 550円(税込)〜')).toBeDefined();
    expect(within(card('あんしんデータボックス')).getByText('未加入')).toBeDefined();
    expect(within(card('あんしんデータボックス')).queryByRole('link', { name: 'ご契約内容を見る' })).toBeNull();
    expect(within(card('バスケットLIVE')).getByText('解約済み')).toBeDefined();
    expect(within(card('バスケットLIVE')).queryByRole('link', { name: 'ご契約内容を見る' })).toBeNull();
  });

  it('契約の状態が届く前も、料金の一覧は表示すること', async () => {
    await renderPage(<OptionServicesView entries={serviceCatalogue} />);
    expect(within(card('バスケットLIVE')).getByText('月額 330円(税込)〜')).toBeDefined();
    expect(screen.queryByText('ご利用中')).toBeNull();
  });
});
