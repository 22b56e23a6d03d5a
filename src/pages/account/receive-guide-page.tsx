/**
 * /AccountMenu/Recieve/Information (ACC0018, spelled as in the spec): what each notice of the
 * receive settings is, and the notices sent whatever the settings say (they concern the contract,
 * a procedure or the security of the account). An entry page: opened by URL, it still goes back
 * to ReceiveSet/Info.
 */
import { useSelector } from '@xstate/react';
import { OptinNotice, OptinNoticeLabel, type OptinNoticeValue } from '../../../contracts/api/account-optins';
import { LeavingPage, type AccountSend } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import '../service-flow/service-flow.css';
import './account.css';

const optionalNotices: readonly { readonly notice: OptinNoticeValue; readonly what: string; readonly when: string }[] = [
  {
    notice: OptinNotice.BillingAmount,
    what: '毎月のご利用料金（ご請求金額）が確定したことをお知らせします。金額の内訳は「ご利用料金の履歴」と「請求書」の画面でご確認いただけます。',
    when: '毎月1回、ご請求金額が確定したとき',
  },
  {
    notice: OptinNotice.ServiceNews,
    what: 'ご利用中のサービス（あんしんデータボックス、バスケットLIVE、スマホ設定サポート定額など）のメンテナンスによる一時停止、機能の追加・変更をお知らせします。',
    when: 'メンテナンスや変更の予定が決まったとき',
  },
  {
    notice: OptinNotice.Campaign,
    what: '割引・特典などのキャンペーンや、新しいサービスのおすすめ情報をお届けします。広告・宣伝のお知らせのため、受け取る設定にされたお客さまにだけお送りします。',
    when: '月に数回程度',
  },
];

const requiredNotices: readonly { readonly name: string; readonly what: string }[] = [
  { name: '確認コード（ワンタイムパスワード）', what: 'お手続きや連絡先の変更のときに、ご本人さまの確認のためお送りします。' },
  { name: 'お手続きの受付・完了のお知らせ', what: 'サービスのお申し込み・解約・お支払い方法の変更など、お客さまが行ったお手続きの内容をお送りします。' },
  {
    name: 'アカウントの安全に関するお知らせ',
    what: 'パスワード・ログインIDの変更や、ログインの制限（ロック）など、アカウントに関わる操作があったときにお送りします。身に覚えのない操作に、すぐ気づけるようにするためです。',
  },
  { name: 'ご契約に関する重要なお知らせ', what: '料金や提供条件の変更、お支払いの確認が取れないときのご連絡など、ご契約上お伝えしなければならない内容をお送りします。' },
];

export function ReceiveGuidePage() {
  const actor = useFlowActor('account');
  const atGuide = useSelector(actor, (state) => state.matches('receiveGuide'));
  if (!atGuide) return <LeavingPage />;
  return <ReceiveGuideView send={(event) => actor.send(event)} />;
}

/** The page's body: the page and the server's first view (ADR 0106) both draw it. */
export function ReceiveGuideView({ send }: { readonly send: AccountSend }) {
  return (
    <>
      <p className="lead">メール・SMSでお送りするお知らせの内容です。受け取るかどうかは、お知らせごとに「受信設定」で選べます。</p>
      <section className="card" aria-labelledby="guide-optional-heading">
        <h2 id="guide-optional-heading">受信設定で選べるお知らせ</h2>
        {optionalNotices.map((item) => (
          <div key={item.notice} className="guide-item">
            <h3>{OptinNoticeLabel[item.notice]}</h3>
            <p>{item.what}</p>
            <p className="status-note">お送りする時期：{item.when}</p>
          </div>
        ))}
      </section>
      <section className="card" aria-labelledby="guide-required-heading">
        <h2 id="guide-required-heading">受信設定にかかわらずお送りするお知らせ</h2>
        <p>次のお知らせは、ご契約やお手続き、アカウントの安全のために必要なため、受信設定で止めることはできません。</p>
        {requiredNotices.map((item) => (
          <div key={item.name} className="guide-item">
            <h3>{item.name}</h3>
            <p>{item.what}</p>
          </div>
        ))}
        <p className="status-note">
          アカウントの安全に関するお知らせは、確認済みの連絡先メールアドレスにお送りします。メールアドレスが確認済みでない場合は、ご契約の携帯電話番号へSMSでお送りします。
        </p>
      </section>
      <section className="card" aria-labelledby="guide-tips-heading">
        <h2 id="guide-tips-heading">お知らせが届かないときは</h2>
        <ul className="feature-list">
          <li>連絡先のメールアドレス・電話番号が確認済みになっているか、「連絡先」の画面でご確認ください。確認済みでない連絡先には、お知らせをお送りしません。</li>
          <li>迷惑メール対策やSMSの受信拒否を設定している場合は、お知らせを受け取れるよう設定を見直してください。</li>
          <li>受信設定を変更してから反映されるまで、少し時間がかかることがあります。</li>
        </ul>
      </section>
      <div className="button-row">
        <button type="button" className="button button--block" disabled={send === undefined} onClick={() => send?.({ type: 'wizard.back' })}>
          受信設定の確認に戻る
        </button>
      </div>
    </>
  );
}

