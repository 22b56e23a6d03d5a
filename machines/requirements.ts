/**
 * Requirement ids that machine states cite in `meta.requirements`, each with a Japanese
 * one-line description. `SPEC-n.*` cites a section of portal-spec.md; `DEC.*` cites one of our
 * decisions (docs/flows/*.md and the ADRs named in the text).
 */
import { catalogueServices } from '../contracts/services/catalogue';
import type { ServiceDefinition } from '../contracts/services/service-definition';
import { formatYen } from '../contracts/text/yen';
import { serviceRequirements, type ServiceRequirementId } from './flow-meta';

const FlowRequirements = {
  'SPEC-4.guards.support-transition': 'サポート履歴の画面はご契約内容から進んだとき（遷移フラグ）だけ表示し、直接のアクセスは E9998 とする',
  'SPEC-2.no-back': '申込・変更・完了画面ではブラウザの戻るを抑止し W9999 を表示する',
  'SPEC-3.apply-info': '申込情報（applyInfo）に申込種別・プラン・支払方法・トークン値・同意・クーポンを保持する',
  'SPEC-3.apply-change-info': '変更情報（applyChangeInfo）に変更の申込種別・支払方法・トークン値を保持する',
  'SPEC-3.cancel-info': '解約情報（cancelInfo）に申込種別・プラン・アンケートを保持する',
  'SPEC-4.flows.apply': '申込はランディング・申込・申込完了の画面で行う',
  'SPEC-4.flows.change-payment': '支払方法の変更はご契約内容・変更・確認・完了の画面で行う',
  'SPEC-4.flows.cancel': '解約は解約について・確認・完了の画面で行う',
  'SPEC-4.flows.resume': '利用再開は確認・完了の画面で行い、利用停止を解除する',
  'SPEC-4.payment-method-codes': '支払方法コードは startup・99・01・02 を使う',
  'SPEC-4.operation-codes': '決済情報の操作コードは対応する申込種別を設定し、未知の操作は内部エラーとする',
  'SPEC-4.request-types': '申込種別コードは仕様の表の値を使う',
  'SPEC-4.mobile-bill.registration': '登録で携帯払いを選ぶとカードのトークン値を一時コピーへ移してから消去する',
  'SPEC-4.mobile-bill.change': '変更で携帯払いを選ぶとカードのトークン値を消去するだけにする',
  'SPEC-4.guards.apply-confirm': 'データボックスの確認画面は申込画面からのみ表示できる',
  'SPEC-4.guards.change-request-type': '支払方法の変更画面は変更の申込種別が設定されているときのみ表示できる',
  'SPEC-4.guards.credit-to-mobile-label': 'カードから携帯払いへの変更は支払方法ラベルが空でないときのみ確認できる',
  'SPEC-4.guards.cancel-complete': '解約完了画面は解約内容の確認画面からのみ表示できる',
  'SPEC-4.guards.e9998': 'ガードに反する画面はE9998でエラー画面へ（フローがその状態にないURLは受け付けない）',
  'SPEC-5.apply-consent': '申込には規約への同意が必要',
  'SPEC-5.card-mask': 'カード番号は下4桁のみ表示する',
  'SPEC-5.entry-judgement.mail-only-ignored': 'メールアドレスのみのNGはデータボックスでは無視する',
  'SPEC-5.entry-judgement.reason-texts': 'NG理由は既知の理由なら日本語文言、なければサーバーの理由を表示する',
  'SPEC-7.entry-judgement-retry': '利用可否判定はNGで再試行対象のパラメータがある間、250ms間隔で最大4回再試行する',
  'SPEC-7.coupon-judge': 'クーポンコードはサーバーで判定する',
  'SPEC-7.payment-methods': '支払方法の一覧をサーバーから取得する（value順）',
  'SPEC-7.payment-information': 'カード決済事業者の画面は決済情報APIで準備し redirectOrderUrl へ移動する',
  'SPEC-7.register-no-retry': 'サービス登録は再試行しない',
  'SPEC-7.update-no-retry': '契約の更新は再試行しない',
  'SPEC-3.support-store': 'サポート履歴の一覧・表示中のインデックス・遷移フラグを support ストア（フローのスナップショット）に持つ',
  'DEC.support-history-more': 'サポート履歴は新しい順に10件ずつ表示し、「もっと見る」で10件ずつ追加する',
  'SPEC-7.support-history': 'サポートのご利用履歴を GET support/history で取得し、support ストアに持つ',
  'SPEC-2.invoice-routes': '請求書の画面は /Invoice（月の選択）、/Invoice/Services（サービスの選択）、/Invoice/Downloads（サービスごとの表示・ダウンロード）に表示する',
  'SPEC-3.invoice-parameter': '請求書の選択（contents=ご利用月、cfservice=サービス）を invoiceParameter に持ち、サインオン（種別8）をまたいで引き継ぐ',
  'SPEC-7.invoice-session': '請求書を発行できる月を GET invoice/session で取得する',
  'SPEC-7.invoice-service': 'その月の請求書を GET invoice/service で取得する',
  'DEC.invoice-variants': '請求書はサービスごと（CF01〜CF03）と、2つ以上のサービスの月はまとめて（CF04）も発行する（ADR 0075）',
  'DEC.invoice-closed-months': '請求書は確定した月（今月より前）だけ発行し、3G回線は郵送のため発行しない（ADR 0073・0075）',
  'SPEC-7.otp-send': 'ワンタイムパスワードをメールまたはSMSで送信する',
  'SPEC-7.otp-auth': 'ワンタイムパスワードを認証する',
  'SPEC-8.w0007': 'カード決済事業者の画面で一定時間操作がなかった注文は W0007（タイムアウト）とする',
  'SPEC-8.w0008': 'カード利用不可は W0008 を表示する',
  'SPEC-8.w0011': 'ワンタイムパスワードのロックは W0011 とする',
  'SPEC-8.w0012': 'ワンタイムパスワードのメール送信失敗は W0012 を表示する',
  'DEC.w0013-sms': 'ワンタイムパスワードのSMS送信失敗は W0013 を表示する（仕様のW0012はメールの送信失敗。ADR 0066）',
  'SPEC-8.otp-unexpected': '想定外のワンタイムパスワードのメッセージはエラー画面へ',
  'SPEC-8.error-page': '正常に完了しなかった処理はエラー画面へ',
  'SPEC-8.support-detail-not-found': '無効なインデックスのサポート履歴の詳細は、取得できなかった旨を日本語でログに残しエラー処理へ',
  'DEC.idempotent-submit': '登録・更新はフローごとのリクエストキーで冪等にし、結果不明のときだけ同じキーで再送できる',
  'DEC.card-verify': 'カード決済事業者から戻ったら結果をサーバーで確認し、戻り先URLを信用しない（ADR 0024）',
  'DEC.card-external': 'カード決済事業者にいる間は通信中の処理を持たず、保存して離れる（ADR 0024）',
  'DEC.card-back': '事業者の画面から戻る・中止したときは支払方法の選び直しに戻る',
  'DEC.temp-credit-restore': '携帯払いからカードへ選び直すと一時コピーのカードを復元する',
  'DEC.otp-required': '申込の登録・支払方法の変更・利用再開の前にワンタイムパスワードで連絡先を確認する（ADR 0025）',
  'DEC.otp-resend-cooldown': '確認コードの再送は60秒のクールダウン後にのみできる',
  'DEC.cancel-options': '解約方法は契約状態で決める（利用中: 04か03、解約予約中: 05、利用停止中: 03）',
  'DEC.cancel-no-otp': '解約にはワンタイムパスワードを求めない（ADR 0025）',
  'DEC.resume-payment': '利用再開では支払方法を変えない・新しいカード（60/70）・携帯払い（08）を選べる',
  'DEC.contract-load': 'フローの開始時にご契約内容を読み込み、状態と現在の支払方法で選べる操作を決める',
  'SPEC-4.flows.plan-change': 'バスケットLIVEのプラン変更はプラン変更・プラン変更完了の画面で行い、申込種別 20 で送る',
  'SPEC-8.e0008': '契約・利用状態が手続きを許さないときは E0008 とし、何も変えない',
  'DEC.continued-use-benefit': '継続利用特典は契約の開始日から6か月ごとに付与（1年ごとに1,000ポイント、その間の半年は500ポイント。ADR 0072）',
  'DEC.reckoning-date': '精算日での解約予約（06）は継続利用特典の算定期間の最終日に解約し、その期間の特典を受け取れる（ADR 0072）',
  'DEC.plan-change-active-only': 'プラン変更は利用中（active）の契約だけができる（それ以外は E0008）',
  'DEC.plan-change-pending': '変更予約中は予約中のプランを選べず、現在のプランを選ぶと予約の取り消しになる',
  'DEC.plan-change-quote': '確定前に現在と変更後のプラン・月額・差額・適用日を表示する（planChangeQuote）',
  'DEC.plan-change-timing': 'アップグレードは即日・当月から新月額（日割りなし）、ダウングレードは翌月1日から（ADR 0062）',
  'DEC.plan-change-no-otp': 'プラン変更にはワンタイムパスワードを求めない（ADR 0062）',
  'SPEC-3.mail-address-check-info': 'メールアドレスの確認結果をサービスごとの真偽値（mailAddressCheckInfo）として持つ',
  'SPEC-5.entry-judgement.mail-confirmation': 'メールアドレスのみのNGはバスケットLIVEではメールアドレスの確認へ進める',
  'SPEC-7.mail-addr-portability': '確認したメールアドレスを POST mail-addr-portability/contracts で登録する',
  'DEC.mail-confirmation-address': '未確認ならご登録のアドレス、受け付けられないドメインなら別のアドレスに確認コードを送って確かめる（ADR 0063）',
  'SPEC-2.account-routes': 'アカウント管理の各画面は仕様のパス（/AccountMenu 以下22画面）に表示する',
  'SPEC-3.user-store': '変更する項目（userChangeKey）・入力内容（userChangeData）・遷移元（transitionSource）・お客さま情報の確認からの遷移（fromMemberInfoConfirmFlg）・受信設定（optins）・変更前の情報（userBeforeData）を user ストア（フローのスナップショット）に持つ',
  'SPEC-4.confirmation-status': 'メールアドレス・電話番号の確認状態は、確認済みなら CONFIRMED、値があれば UNCONFIRMED、なければ NOT_SET と表示する',
  'SPEC-4.channels': 'ログインのお知らせの送り先はチャネルコード 4（アカウントID SMS）・5（アカウントID メール）で表し、確認済みの連絡先だけを選べる',
  'SPEC-4.guards.security-or-contact-info': '連絡先メールアドレス・電話番号の変更と連絡先の変更完了は、セキュリティ設定の確認か連絡先の確認から進んだときだけ表示する',
  'SPEC-4.guards.security-info': 'セキュリティ設定の変更（とログインID・パスワードの変更）は、セキュリティ設定の確認から進んだときだけ表示する',
  'SPEC-4.guards.own-change-page': 'ログインID・パスワードの変更完了は、それぞれの変更画面から進んだときだけ表示する',
  'SPEC-5.phone-number': '携帯電話番号は11桁（ハイフンなし）で受け付け、3-4-4 で表示する。全角数字・ダッシュの異体は正規化する',
  'SPEC-5.postal-code': '郵便番号は7桁で受け付け、3-4 で表示する。全角数字・ダッシュの異体は正規化する',
  'SPEC-7.addresses': '郵便番号から GET /api/addresses で都道府県・市区町村・町域を補い、建物名・部屋番号は別の行に入力する',
  'SPEC-7.auth-history': 'ログイン履歴を GET auth/history で取得する',
  'SPEC-7.update-login-id': 'ログインIDの変更は POST update/loginId で送り、再試行しない',
  'SPEC-7.update-password': 'パスワードの変更は POST update/password で送り、再試行しない',
  'DEC.account-profile': 'アカウント管理の確認画面は、表示のたびにお客さま情報をサーバーから読み直す（docs/flows/account-menu.md）',
  'DEC.account-name-kana': 'お名前は漢字とフリガナ（全角カタカナ。半角・ひらがなは全角カタカナに変換）で受け付ける',
  'DEC.account-otp-new-contact': 'メールアドレス・電話番号の登録・変更は、新しい宛先に送った確認コードで確かめてから保存する',
  'DEC.account-audit': 'アカウント情報の変更は1回だけ送り（要求ごとのキー）、サーバーは変更ごとに監査記録（誰が・何を・変更前・変更後・いつ）を残す',
  'DEC.account-security': 'セキュリティ設定の確認では、ログインID・パスワードの最終変更日時・ログインのお知らせの送り先と、その連絡先を表示する',
  'DEC.account-login-id': 'ログインIDは英字で始まる半角英数字と . _ - の6〜30文字、大文字小文字を区別しない、ほかのお客さまと重複しない（ADR 0079）',
  'DEC.account-password': 'パスワードの変更には現在のパスワードを求め、現在・新しいパスワードともストアに置かない（ADR 0079・0080）',
  'DEC.account-login-history': 'ログイン履歴は新しい順に、日時（日本時間）・端末・ブラウザ・IPアドレス・結果を20件ずつ表示する',
  'DEC.account-receive': '受信設定はお知らせの種類ごとにメール・SMSで受け取るかを選び、受信設定のご案内で各お知らせを説明する',
} as const;

export type RequirementId = keyof typeof FlowRequirements | ServiceRequirementId;

function lineupText(service: ServiceDefinition): string {
  const plans = service.plans.map((plan) => `${plan.name} 月額${formatYen(plan.monthlyPrice)}`).join('、');
  const billing = !service.actions.includes('apply')
    ? 'お申し込みはショップで承る'
    : service.firstMonthFree
      ? '申込日から利用開始、翌月から課金'
      : '申込日から利用開始、申込月から課金';
  return `${service.name}のプランと税込月額（${plans}）、${billing}と表示する（サービスカタログ）`;
}

/** Every requirement id with its Japanese description; the services' own from the service catalogue. */
export const Requirements: Readonly<Record<RequirementId, string>> = {
  ...FlowRequirements,
  ...Object.fromEntries(
    catalogueServices.flatMap((service) => {
      const ids = serviceRequirements(service);
      return [
        [ids.routes, `${service.name}の各画面は仕様のパスに表示する`],
        [ids.lineup, lineupText(service)],
      ];
    }),
  ),
} as Record<RequirementId, string>;
