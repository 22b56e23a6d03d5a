import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../../src/api/api-client';
import { ApplyFlow } from '../../../src/pages/service-flow/apply-page';
import { ApplyCompletedView } from '../../../src/pages/service-flow/apply-completed-page';
import { customer, fakeApi, isChecked, isDisabled, receipt, renderPage, startFlow, textOf, until } from './support';

const today = new Date('2026-11-21T12:00:00+09:00');

function api(overrides: Record<string, () => unknown> = {}) {
  return fakeApi({
    [`GET ${customer}/entry_judgement`]: () => ({ result: 'OK', ngList: [] }),
    [`GET ${customer}/payment/methods`]: () => ({
      paymentMethodList: [
        { value: '01', label: '携帯電話料金とまとめて支払い', details: [] },
        { value: '02', label: 'クレジットカード', details: ['**** **** **** 4242'] },
        { value: '99', label: '新しいクレジットカード', details: [] },
      ],
    }),
    'GET /api/coupon/WELCOME550/judge': () => ({ result: 'OK', couponCd: 'WELCOME550', couponName: '初月無料クーポン' }),
    'GET /api/coupon/EXPIRED1/judge': () => ({ result: 'NG', couponCd: 'EXPIRED1', ngReason: 'このクーポンは有効期限が切れています。' }),
    [`POST ${customer}/otp/send`]: () => ({ result: 'OK', ngMessage: null }),
    [`POST ${customer}/otp/auth`]: () => ({ result: 'OK', ngMessage: null }),
    [`POST ${customer}/service`]: () => receipt,
    ...overrides,
  });
}

async function atApplyForm() {
  const fake = api();
  const { actor } = startFlow('anshinApply');
  actor.send({ type: 'wizard.next' });
  await until<'anshinApply'>(actor, (s) => s.matches('applyForm'));
  await renderPage(<ApplyFlow actor={actor} today={today} />);
  return { actor, fake };
}

async function atConfirm() {
  const context = await atApplyForm();
  fireEvent.click(screen.getByRole('checkbox', { name: /ご利用規約と重要事項の説明を読み、内容に同意します/ }));
  fireEvent.click(screen.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }));
  await screen.findByRole('group', { name: /お支払い方法/ });
  fireEvent.click(screen.getByRole('radio', { name: /登録済みのクレジットカード（\*\*\*\* 4242）/ }));
  fireEvent.click(screen.getByRole('button', { name: 'お申し込み内容の確認へ進む' }));
  await screen.findByRole('heading', { name: 'お申し込み内容' });
  return context;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  resetApiClient();
});

describe('/AnshinDataBox/Apply', () => {
  it('同意チェックは最初は外れていて、同意しないと先へ進めないこと', async () => {
    const { actor } = await atApplyForm();
    const consent = screen.getByRole('checkbox', { name: /ご利用規約と重要事項の説明を読み、内容に同意します/ });
    expect(isChecked(consent)).toBe(false);
    expect(textOf(screen.getByRole('region', { name: 'あんしんデータボックス ご利用規約' }))).toContain('月額料金は550円(税込)');

    fireEvent.click(screen.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }));
    expect(actor.getSnapshot().value).toBe('applyForm');
    const error = screen.getByText('お申し込みには、ご利用規約への同意が必要です。');
    expect(consent.getAttribute('aria-describedby')?.split(' ')[0]).toBe(error.id);
    expect(consent.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(consent);
    expect(isChecked(consent)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }));
    await screen.findByRole('group', { name: /お支払い方法/ });
  });

  it('クーポンの判定結果（適用できる・できない）をサーバーの答えのとおりに表示すること', async () => {
    const { fake } = await atApplyForm();
    const input = screen.getByRole('textbox', { name: /クーポンコード/ });
    expect(input.getAttribute('placeholder')).toBeNull();
    fireEvent.change(input, { target: { value: 'ｅｘｐｉｒｅｄ１' } });
    fireEvent.click(screen.getByRole('button', { name: 'クーポンを適用する' }));
    expect(await screen.findByText('このクーポンは有効期限が切れています。')).toBeTruthy();
    expect(fake.calls('GET /api/coupon/EXPIRED1/judge')).toHaveLength(1);

    fireEvent.change(input, { target: { value: 'welcome550' } });
    fireEvent.click(screen.getByRole('button', { name: 'クーポンを適用する' }));
    expect(await screen.findByText('クーポン「初月無料クーポン」を適用します。')).toBeTruthy();
    expect(screen.queryByText('このクーポンは有効期限が切れています。')).toBeNull();
  });

  it('形式に合わないクーポンコードはサーバーに問い合わせずにエラーを出すこと', async () => {
    const { fake } = await atApplyForm();
    fireEvent.change(screen.getByRole('textbox', { name: /クーポンコード/ }), { target: { value: 'A!' } });
    fireEvent.click(screen.getByRole('button', { name: 'クーポンを適用する' }));
    expect(screen.getByText('クーポンコードは、半角英数字4〜20文字で入力してください。')).toBeTruthy();
    expect(fake.requests.filter((request) => request.path.startsWith('/api/coupon'))).toHaveLength(0);
  });

  it('支払方法を fieldset/legend のラジオで示し、登録済みカードは下4桁だけを表示すること', async () => {
    await atApplyForm();
    fireEvent.click(screen.getByRole('checkbox', { name: /同意します/ }));
    fireEvent.click(screen.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }));
    const group = await screen.findByRole('group', { name: /お支払い方法/ });
    expect(group.tagName).toBe('FIELDSET');
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('.choice')?.querySelector('.choice__label')?.textContent)).toEqual([
      '携帯電話料金とまとめて支払い',
      '登録済みのクレジットカード（**** 4242）',
      '新しいクレジットカード',
    ]);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'お申し込み内容の確認へ進む' }));
    expect(screen.getByText('お支払い方法を選択してください。')).toBeTruthy();
  });

  it('日付は端末の時計ではなく業務日付（getCurrentDate、ダミー日付を含む）から数えること', async () => {
    const fake = api({ 'GET /api/getCurrentDate': () => ({ currentDate: '2030/01/31 10:00:00', businessDate: '2030/01/31', dummyDate: true }) });
    const { actor } = startFlow('anshinApply');
    actor.send({ type: 'wizard.next' });
    await until<'anshinApply'>(actor, (s) => s.matches('applyForm'));
    await renderPage(<ApplyFlow actor={actor} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: /ご利用規約と重要事項の説明を読み、内容に同意します/ }));
    fireEvent.click(screen.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }));
    await screen.findByRole('group', { name: /お支払い方法/ });
    fireEvent.click(screen.getByRole('radio', { name: /登録済みのクレジットカード（\*\*\*\* 4242）/ }));
    fireEvent.click(screen.getByRole('button', { name: 'お申し込み内容の確認へ進む' }));
    const text = textOf((await screen.findByRole('heading', { name: 'お申し込み内容' })).closest('section'));
    expect(text).toContain('本日 2030年1月31日');
    expect(text).toContain('2030年2月分から月額550円(税込)');
    expect(fake.requests.some((request) => request.path === '/api/getCurrentDate')).toBe(true);
  });

  it('最終確認画面に料金・開始時期・支払時期・支払方法（下4桁）・解約方法を表示すること', async () => {
    await atConfirm();
    const summary = screen.getByRole('heading', { name: 'お申し込み内容' }).closest('section');
    expect(summary).not.toBeNull();
    const text = summary?.textContent ?? '';
    expect(text).toContain('あんしんデータボックス');
    expect(text).toContain('月額550円(税込)');
    expect(text).toContain('本日 2026年11月21日');
    expect(text).toContain('2026年12月分から月額550円(税込)');
    expect(text).toContain('クレジットカード（**** 4242）');
    expect(text).not.toMatch(/\d{5,}/);
    expect(textOf(screen.getByRole('heading', { name: '解約について' }).closest('section'))).toContain('いつでも解約のお手続きができます');
    expect(isDisabled(screen.getByRole('button', { name: '申し込む' }))).toBe(false);
  });

  it('申し込むの二度押しでも登録は1回だけで、送信中はボタンが押せないこと', async () => {
    let release: () => void = () => undefined;
    const { actor, fake } = await atConfirm();
    fake.requests.length = 0;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = api({
      [`POST ${customer}/service`]: async () => {
        await gate;
        return receipt;
      },
    });

    const submit = screen.getByRole('button', { name: '申し込む' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await screen.findByRole('heading', { name: 'ご本人さまの確認' });

    fireEvent.click(screen.getByRole('radio', { name: /SMSで受け取る/ }));
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
    const code = await screen.findByRole('textbox', { name: /確認コード/ });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(isDisabled(screen.getByRole('button', { name: '確認コードを再送信する' }))).toBe(true);
    expect(screen.getByText(/再送信は\d+秒後からできます。/)).toBeTruthy();

    fireEvent.change(code, { target: { value: '１２３４５６' } });
    fireEvent.click(screen.getByRole('button', { name: '認証して申し込む' }));
    const busy = await screen.findByRole('button', { name: 'お申し込みを送信しています…' });
    expect(isDisabled(busy)).toBe(true);
    fireEvent.click(busy);
    expect(slow.calls(`POST ${customer}/otp/auth`)[0]?.body).toEqual({ otp: '123456' });
    expect(slow.calls(`POST ${customer}/otp/send`)[0]?.body).toEqual({ phoneNumber: '09012345678', type: 'SMS' });

    await act(async () => {
      release();
      await until<'anshinApply'>(actor, (s) => s.matches('completed'));
    });
    const registrations = slow.calls(`POST ${customer}/service`);
    expect(registrations).toHaveLength(1);
    expect(registrations[0]?.headers.get('x-request-key')).toBe(actor.getSnapshot().context.requestKey);
    expect(registrations[0]?.body).toMatchObject({ requestType: '02', paymentMethodValue: '02', consented: true, planId: '225' });
  });

  it('確認コードが6桁の数字でなければ送らずにエラーを出すこと', async () => {
    const { fake } = await atConfirm();
    fireEvent.click(screen.getByRole('button', { name: '申し込む' }));
    fireEvent.click(await screen.findByRole('radio', { name: /メールで受け取る/ }));
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
    const code = await screen.findByRole('textbox', { name: /確認コード/ });
    fireEvent.change(code, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: '認証して申し込む' }));
    const error = screen.getByText('確認コードは数字で入力してください。');
    expect(code.getAttribute('aria-describedby')?.split(' ')[0]).toBe(error.id);
    expect(fake.calls(`POST ${customer}/otp/auth`)).toHaveLength(0);
    expect(fake.calls(`POST ${customer}/otp/send`)[0]?.body).toEqual({ mailAddress: 'taro@example.jp' });
  });

  it('送信失敗（W0012）と確認コードの誤り（A0461）の文言を表示すること', async () => {
    await atConfirm();
    const failingSend = api({
      [`POST ${customer}/otp/send`]: () => ({ result: 'NG', ngMessage: 'W0012' }),
    });
    fireEvent.click(screen.getByRole('button', { name: '申し込む' }));
    fireEvent.click(await screen.findByRole('radio', { name: /メールで受け取る/ }));
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
    expect(await screen.findByText('確認コードをメールで送信できませんでした。')).toBeTruthy();
    expect(failingSend.calls(`POST ${customer}/otp/send`)).toHaveLength(1);

    api({ [`POST ${customer}/otp/auth`]: () => ({ result: 'NG', ngMessage: 'A0461', remainingAttempts: 2 }) });
    fireEvent.click(screen.getByRole('radio', { name: /SMSで受け取る/ }));
    fireEvent.click(screen.getByRole('button', { name: '確認コードを送信する' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /確認コード/ }), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '認証して申し込む' }));
    expect(await screen.findByText('確認コードが正しくありません。')).toBeTruthy();
    expect(textOf(screen.getByText(/入力誤りが続くと、確認コードによる認証がロックされ/))).toContain('W0011');
  });
});

describe('/AnshinDataBox/Apply/Completed', () => {
  it('受け付けたことと、これからの流れ（利用開始・課金月・支払方法）を表示すること', async () => {
    await renderPage(<ApplyCompletedView receipt={receipt} payment="クレジットカード（**** 4242）" planId="225" />);
    expect(textOf(screen.getByRole('status'))).toContain('あんしんデータボックスのお申し込みを受け付けました。');
    const next = screen.getByRole('heading', { name: 'これからの流れ' }).closest('section');
    expect(textOf(next)).toContain('2026年11月21日からご利用いただけます');
    expect(textOf(next)).toContain('2026年12月分から月額550円(税込)がかかります（お支払い方法：クレジットカード（**** 4242））');
    expect(screen.getByRole('link', { name: 'ご契約内容を見る' }).getAttribute('href')).toBe('/AnshinDataBox/Service/Detail');
  });

  it('受付の控えがなければ、端末の日付から月を決めずに「翌月分から」と伝えること（ADR 0067）', async () => {
    vi.useFakeTimers({ now: new Date('2031-05-20T12:00:00+09:00'), toFake: ['Date'] });
    try {
      await renderPage(<ApplyCompletedView receipt={null} payment="携帯電話料金とまとめて支払い" planId="225" />);
      const next = textOf(screen.getByRole('heading', { name: 'これからの流れ' }).closest('section'));
      expect(next).toContain('本日からご利用いただけます');
      expect(next).toContain('翌月分から月額550円(税込)がかかります');
      expect(next).not.toContain('2031年');
    } finally {
      vi.useRealTimers();
    }
  });
});
