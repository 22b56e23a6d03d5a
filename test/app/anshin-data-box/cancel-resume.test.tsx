import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceContract } from '../../../contracts/api/service-contracts';
import { resetApiClient } from '../../../src/api/api-client';
import { CancelCompletedView } from '../../../src/pages/service-flow/cancel-completed-page';
import { CancelConfirmFlow } from '../../../src/pages/service-flow/cancel-confirm-page';
import { CancelInformFlow } from '../../../src/pages/service-flow/cancel-inform-page';
import { ResumeCompletedView } from '../../../src/pages/service-flow/resume-completed-page';
import { ResumeConfirmFlow } from '../../../src/pages/service-flow/resume-confirm-page';
import AnshinView from '../../../src/pages/anshin-data-box/anshin-view';
import { activeCardContract, customer, fakeApi, isChecked, isDisabled, receipt, renderPage, startFlow, textOf, until } from './support';

function withContract(contract: ServiceContract, update: () => unknown = () => receipt) {
  return fakeApi({
    [`GET ${customer}/contracts`]: () => ({ contracts: [contract] }),
    [`POST ${customer}/otp/send`]: () => ({ result: 'OK', ngMessage: null }),
    [`POST ${customer}/otp/auth`]: () => ({ result: 'OK', ngMessage: null }),
    [`POST ${customer}/update/contracts`]: update,
  });
}

afterEach(() => {
  cleanup();
  resetApiClient();
});

describe('/AnshinDataBox/Cancel/Inform, /Cancel/Confirm', () => {
  it('解約の注意事項を示し、確認画面では契約が許す解約方法だけを選べること（利用中: 月末予約が既定・即時）', async () => {
    const fake = withContract(activeCardContract);
    const { actor } = startFlow('anshinCancel');
    await until<'anshinCancel'>(actor, (s) => s.matches('inform'));
    await renderPage(<CancelInformFlow actor={actor} />);
    expect(textOf(screen.getByRole('heading', { name: '解約の前にご確認ください' }).closest('section'))).toContain('保存した写真・動画・連絡先などのデータはすべて削除され');
    fireEvent.click(screen.getByRole('button', { name: '解約のお手続きへ進む' }));
    expect(actor.getSnapshot().value).toBe('confirm');
    cleanup();

    await renderPage(<CancelConfirmFlow actor={actor} />);
    const method = screen.getByRole('group', { name: /解約の方法/ });
    const radios = within(method).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(isChecked(within(method).getByRole('radio', { name: /月末に解約する（解約予約）/ }))).toBe(true);
    fireEvent.click(within(method).getByRole('radio', { name: /今すぐ解約する/ }));
    expect(actor.getSnapshot().context.cancelInfo.requestType).toBe('03');

    const survey = screen.getByRole('group', { name: /解約の理由（アンケート）/ });
    expect(textOf(survey)).toContain('任意');
    expect(within(survey).getAllByRole('checkbox').every((box) => !isChecked(box))).toBe(true);
    fireEvent.click(within(survey).getByRole('checkbox', { name: /あまり使っていない/ }));
    fireEvent.click(screen.getByRole('button', { name: '解約する' }));
    await until<'anshinCancel'>(actor, (s) => s.matches('completed'));
    const sent = fake.calls(`POST ${customer}/update/contracts`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ requestType: '03', survey: ['unused'], resume: false });
    expect(fake.calls(`POST ${customer}/otp/send`)).toHaveLength(0);
  });

  it('解約予約中の契約は「解約予約の取り消し」だけを選べ、送信中はボタンが押せないこと', async () => {
    let release: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => {
      release = resolve;
    });
    const fake = withContract({ ...activeCardContract, status: 'withdrawal_reserved', withdrawalAt: '2026-11-30T15:00:00+09:00' }, () => pending);
    const { actor } = startFlow('anshinCancel');
    await until<'anshinCancel'>(actor, (s) => s.matches('inform'));
    actor.send({ type: 'wizard.next' });
    await renderPage(<CancelConfirmFlow actor={actor} />);
    const kind = screen.getByRole('group', { name: /お手続きの内容/ });
    expect(within(kind).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['05']);
    expect(screen.queryByRole('group', { name: /アンケート/ })).toBeNull();
    const submit = screen.getByRole('button', { name: '解約予約を取り消す' });
    fireEvent.click(submit);
    const busy = await screen.findByRole('button', { name: '送信しています…' });
    expect(isDisabled(busy)).toBe(true);
    fireEvent.click(busy);
    release(receipt);
    await until<'anshinCancel'>(actor, (s) => s.matches('completed'));
    expect(fake.calls(`POST ${customer}/update/contracts`)).toHaveLength(1);
  });

  it('解約完了画面は申込種別ごとに今後の扱いを示すこと', async () => {
    await renderPage(<CancelCompletedView requestType="04" effectiveDate="2026-11-30" />);
    expect(textOf(screen.getByRole('status'))).toContain('解約予約を受け付けました');
    expect(textOf(screen.getByRole('heading', { name: '今後について' }).closest('section'))).toContain('2026年11月30日まで、これまでどおりご利用いただけます。');
    cleanup();
    await renderPage(<CancelCompletedView requestType="03" effectiveDate="2026-11-21" />);
    expect(textOf(screen.getByRole('status'))).toContain('解約しました');
    expect(textOf(document.body)).toContain('保存したデータは削除されます');
    cleanup();
    await renderPage(<CancelCompletedView requestType="05" effectiveDate="2026-11-21" />);
    expect(textOf(screen.getByRole('status'))).toContain('解約予約を取り消しました。');
  });
});

describe('/AnshinDataBox/Resume/Confirm, /Resume/Completed', () => {
  it('利用停止中の契約を今の支払方法のまま再開でき、OTPのあとに resume だけを送ること', async () => {
    const fake = withContract({ ...activeCardContract, status: 'suspended', suspendedAt: '2026-10-01T00:00:00+09:00' });
    const { actor } = startFlow('anshinResume');
    await until<'anshinResume'>(actor, (s) => s.matches('confirm'));
    await renderPage(<ResumeConfirmFlow actor={actor} />);
    expect(textOf(screen.getByRole('heading', { name: '現在のご契約' }).closest('section'))).toContain('利用停止中');
    expect(textOf(screen.getByRole('heading', { name: '利用再開について' }).closest('section'))).toContain('月額550円(税込)');
    const group = screen.getByRole('group', { name: /再開後のお支払い方法/ });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('.choice')?.textContent)).toEqual([
      '現在のお支払い方法のまま（クレジットカード（**** 4242））',
      '携帯電話料金とまとめて支払い',
      '新しいクレジットカードカード決済サービスの画面でカード情報を入力します。入力後、この画面に戻ります。',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '利用を再開する' }));
    expect(screen.getByText('お支払い方法を選択してください。')).toBeTruthy();
    fireEvent.click(within(group).getByRole('radio', { name: /現在のお支払い方法のまま/ }));
    fireEvent.click(screen.getByRole('button', { name: '利用を再開する' }));
    fireEvent.click(await screen.findByRole('button', { name: '確認コードを送信する' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /確認コード/ }), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: '認証して利用を再開する' }));
    await until<'anshinResume'>(actor, (s) => s.matches('completed'));
    expect(fake.calls(`POST ${customer}/update/contracts`)[0]?.body).toMatchObject({ requestType: null, resume: true });
  });

  it('利用停止中でない契約では再開を受け付けず E0008 の文言を出すこと', async () => {
    withContract(activeCardContract);
    const { actor } = startFlow('anshinResume');
    await until<'anshinResume'>(actor, (s) => s.matches('confirm'));
    await renderPage(<ResumeConfirmFlow actor={actor} />);
    expect(textOf(screen.getByRole('alert'))).toContain('ご契約またはご利用の状況により、このお手続きはご利用いただけません。');
    expect(screen.queryByRole('button', { name: '利用を再開する' })).toBeNull();
  });

  it('利用再開完了画面で再開日と料金を示すこと', async () => {
    await renderPage(<ResumeCompletedView effectiveDate="2026-11-21" planId="225" />);
    expect(textOf(screen.getByRole('status'))).toContain('ご利用を再開しました');
    const next = textOf(screen.getByRole('heading', { name: '今後について' }).closest('section'));
    expect(next).toContain('2026年11月21日から');
    expect(next).toContain('月額550円(税込)');
  });

  it('再開して使えるものを言わないサービスでは、サービス名をふたたび使えると示すこと', async () => {
    const { whatResumes: _, ...withoutWords } = AnshinView;
    await renderPage(<ResumeCompletedView effectiveDate="2026-11-21" planId="225" />, undefined, withoutWords);
    expect(textOf(screen.getByRole('heading', { name: '今後について' }).closest('section'))).toContain('から、あんしんデータボックスをふたたびご利用いただけます。');
  });
});
