import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceContract } from '../../../contracts/api/service-contracts';
import { resetApiClient } from '../../../src/api/api-client';
import { ServiceDetailFlow } from '../../../src/pages/service-flow/service-detail-page';
import { UpdatePaymentFlow } from '../../../src/pages/service-flow/update-payment-page';
import { UpdateConfirmFlow } from '../../../src/pages/service-flow/update-confirm-page';
import { UpdateCompletedView } from '../../../src/pages/service-flow/update-completed-page';
import { activeCardContract, customer, fakeApi, receipt, renderPage, startFlow, textOf, until } from './support';

function withContract(contract: ServiceContract, coupons: () => unknown = () => ({ coupons: activeCoupons })) {
  return fakeApi({
    [`GET ${customer}/contracts`]: () => ({ contracts: [contract] }),
    [`POST ${customer}/payment/information`]: () => ({ redirectOrderUrl: 'https://card.example.jp/order/o-9', orderId: 'o-9' }),
    [`POST ${customer}/otp/send`]: () => ({ result: 'OK', ngMessage: null }),
    [`POST ${customer}/otp/auth`]: () => ({ result: 'OK', ngMessage: null }),
    [`POST ${customer}/update/contracts`]: () => receipt,
    [`GET ${customer}/storage/usage`]: () => usage,
    [`GET ${customer}/coupon/active`]: coupons,
  });
}

/** A benefit of this service and one of another: the page shows only its own (ADR 0091). */
const activeCoupons = [
  { couponCd: 'ANSHIN2026', couponName: 'あんしんデータボックス初月無料クーポン', serviceId: '223', appliedAt: '2026-11-05T01:00:00.000Z', contractId: 'c-1', benefitEndsAt: '2026-11-30T14:59:59.000Z' },
  { couponCd: 'BASKET3M', couponName: 'バスケットLIVE 3か月半額クーポン', serviceId: '231', appliedAt: '2026-11-05T01:00:00.000Z', contractId: 'c-2', benefitEndsAt: '2027-01-31T14:59:59.000Z' },
];

const usage = { usedBytes: 12.5 * 1024 ** 3, capacityBytes: 50 * 1024 ** 3, measuredAt: '2026-11-21T09:00:00+09:00' };

async function detailOf(contract: ServiceContract, coupons?: () => unknown) {
  const fake = withContract(contract, coupons);
  const { actor } = startFlow('anshinChangePayment');
  await until<'anshinChangePayment'>(actor, (s) => s.matches('detail'));
  await renderPage(<ServiceDetailFlow actor={actor} />);
  return { actor, fake };
}

afterEach(() => {
  cleanup();
  resetApiClient();
});

describe('/AnshinDataBox/Service/Detail', () => {
  it('このサービスの特典期間中のクーポン（インセンティブ）を最終日とともに、ご契約内容のあとに示すこと', async () => {
    await detailOf(activeCardContract);
    const incentive = textOf((await screen.findByRole('heading', { name: '適用中の特典' })).closest('section'));
    expect(incentive).toBe('適用中の特典あんしんデータボックス初月無料クーポン（2026年11月30日まで）');
  });

  it('特典がなければ、または取得に失敗すれば、特典の欄を出さないこと', async () => {
    for (const coupons of [() => ({ coupons: activeCoupons.slice(1) }), () => ({ status: 403, body: { errorCode: 'A0403' } })]) {
      const { fake } = await detailOf(activeCardContract, coupons);
      await waitFor(() => expect(fake.calls(`GET ${customer}/coupon/active`).length).toBeGreaterThan(0));
      expect(await screen.findByText('12.5GB / 50GB 使用中（25%）')).toBeTruthy();
      expect(screen.queryByRole('heading', { name: '適用中の特典' })).toBeNull();
      cleanup();
    }
  });

  it('プラン・状態（日本語）・開始日・支払方法（下4桁）・保存容量を表示すること', async () => {
    await detailOf(activeCardContract);
    const contract = textOf(screen.getByRole('heading', { name: 'ご契約内容' }).closest('section'));
    expect(contract).toContain('あんしんデータボックス（標準プラン）');
    expect(contract).toContain('ご利用中');
    expect(contract).toContain('2026年4月1日');
    expect(contract).toContain('クレジットカード（**** 4242）');
    // The storage section reads GET storage/usage itself, after the contract.
    expect(await screen.findByText('12.5GB / 50GB 使用中（25%）')).toBeTruthy();
    expect(textOf(screen.getByRole('heading', { name: '保存容量' }).closest('section'))).toContain('12.5GB / 50GB 使用中（25%）');
  });

  it('利用中の契約には支払方法の変更と解約だけを出し、変更は同じフローの次の画面へ進むこと', async () => {
    const { actor } = await detailOf(activeCardContract);
    expect(screen.getByRole('link', { name: '解約' }).getAttribute('href')).toBe('/AnshinDataBox/Cancel/Inform');
    expect(screen.queryByRole('link', { name: '利用再開' })).toBeNull();
    expect(screen.queryByRole('link', { name: '解約予約の取り消し' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'お支払い方法の変更' }));
    expect(actor.getSnapshot().value).toBe('paymentSelect');
  });

  it('利用停止中なら利用再開と解約、解約予約中なら解約予約の取り消しと支払方法の変更を出すこと', async () => {
    await detailOf({ ...activeCardContract, status: 'suspended', suspendedAt: '2026-10-01T00:00:00+09:00' });
    expect(screen.getByRole('link', { name: '利用再開' }).getAttribute('href')).toBe('/AnshinDataBox/Resume/Confirm');
    expect(screen.getByRole('link', { name: '解約' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'お支払い方法の変更' })).toBeNull();
    cleanup();
    await detailOf({ ...activeCardContract, status: 'withdrawal_reserved', withdrawalAt: '2026-11-30T15:00:00+09:00' });
    expect(screen.getByRole('link', { name: '解約予約の取り消し' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'お支払い方法の変更' })).toBeTruthy();
    expect(textOf(screen.getByRole('heading', { name: 'ご契約内容' }).closest('section'))).toContain('2026年11月30日に解約予定');
  });
});

describe('/AnshinDataBox/Update/Payment, /Update/Confirm, /Update/Completed', () => {
  it('カード払いの契約は携帯払いへ変更でき、確認画面に現在と新しい支払方法と適用時期を示すこと', async () => {
    const { actor, fake } = await detailOf(activeCardContract);
    fireEvent.click(screen.getByRole('button', { name: 'お支払い方法の変更' }));
    cleanup();
    await renderPage(<UpdatePaymentFlow actor={actor} />);
    expect(textOf(screen.getByRole('heading', { name: '現在のお支払い方法' }).closest('section'))).toContain('クレジットカード（**** 4242）');
    fireEvent.click(screen.getByRole('button', { name: '変更内容の確認へ進む' }));
    expect(screen.getByText('新しいお支払い方法を選択してください。')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }));
    fireEvent.click(screen.getByRole('button', { name: '変更内容の確認へ進む' }));
    expect(actor.getSnapshot().value).toBe('confirm');
    cleanup();

    await renderPage(<UpdateConfirmFlow actor={actor} today={new Date('2026-11-21T12:00:00+09:00')} />);
    const change = textOf(screen.getByRole('heading', { name: '変更内容' }).closest('section'));
    expect(change).toContain('クレジットカード（**** 4242）');
    expect(change).toContain('携帯電話料金とまとめて支払い');
    expect(change).toContain('2026年12月ご請求分から');
    fireEvent.click(screen.getByRole('button', { name: '変更する' }));
    fireEvent.click(await screen.findByRole('button', { name: '確認コードを送信する' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /確認コード/ }), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '認証して変更する' }));
    await until<'anshinChangePayment'>(actor, (s) => s.matches('completed'));
    const updates = fake.calls(`POST ${customer}/update/contracts`);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.body).toMatchObject({ requestType: '08', resume: false, paymentMethodLabel: '携帯電話料金とまとめて支払い' });
    expect(updates[0]?.headers.get('x-request-key')).toBe(actor.getSnapshot().context.requestKey);
  });

  it('携帯払いの契約には携帯払いを出さず、新しいカードを選ぶとカード決済サービスへの準備をすること', async () => {
    const mobile = { ...activeCardContract, paymentMethod: { value: '01' as const, label: '携帯電話料金とまとめて支払い', cardLast4: null, tokenPanEffectiveDate: null } };
    const { actor, fake } = await detailOf(mobile);
    fireEvent.click(screen.getByRole('button', { name: 'お支払い方法の変更' }));
    cleanup();
    await renderPage(<UpdatePaymentFlow actor={actor} />);
    expect(screen.queryByRole('radio', { name: /携帯電話料金とまとめて支払い/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /新しいクレジットカード/ }));
    fireEvent.click(screen.getByRole('button', { name: 'カード情報の入力へ進む' }));
    await until<'anshinChangePayment'>(actor, (s) => s.hasTag('external'));
    const session = fake.calls(`POST ${customer}/payment/information`)[0];
    expect(session?.body).toMatchObject({ operationType: '40' });
    expect(session?.headers.get('contentsserviceid')).toBe('223');
    const back = await screen.findByRole('button', { name: 'お支払い方法の選択に戻る' });
    expect(screen.getByRole('link', { name: 'カード情報の入力画面へ進む' }).getAttribute('href')).toBe('https://card.example.jp/order/o-9');
    fireEvent.click(back);
    expect(actor.getSnapshot().value).toBe('paymentSelect');
  });

  it('変更完了画面で新しい支払方法と適用時期を示すこと', async () => {
    await renderPage(<UpdateCompletedView payment="携帯電話料金とまとめて支払い" effectiveDate="2026-11-21" />);
    expect(textOf(screen.getByRole('status'))).toContain('お支払い方法の変更を受け付けました。');
    expect(textOf(screen.getByRole('heading', { name: 'これからの流れ' }).closest('section'))).toContain('2026年12月ご請求分から');
  });

  it('適用日の控えがなければ、端末の日付から月を決めずに「翌月ご請求分から」と伝えること（ADR 0067）', async () => {
    vi.useFakeTimers({ now: new Date('2031-05-20T12:00:00+09:00'), toFake: ['Date'] });
    try {
      await renderPage(<UpdateCompletedView payment="携帯電話料金とまとめて支払い" effectiveDate={null} />);
      const next = textOf(screen.getByRole('heading', { name: 'これからの流れ' }).closest('section'));
      expect(next).toContain('翌月ご請求分から');
      expect(next).not.toContain('2031年');
    } finally {
      vi.useRealTimers();
    }
  });
});
