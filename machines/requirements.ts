/**
 * Requirement ids that machine states cite in `meta.requirements`, each with a Japanese
 * one-line description. `SPEC-n.*` cites a section of portal-spec.md; `DEC.*` cites one of our
 * decisions (docs/flows/*.md and the ADRs named in the text).
 */
export const Requirements = {
  'SPEC-2.anshin-routes': 'あんしんデータボックスの各画面は仕様のパスに表示する',
  'SPEC-2.basket-live-routes': 'バスケットLIVEの各画面は仕様のパスに表示する',
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
  'SPEC-7.otp-send': 'ワンタイムパスワードをメールまたはSMSで送信する',
  'SPEC-7.otp-auth': 'ワンタイムパスワードを認証する',
  'SPEC-8.w0007': 'カード決済事業者の画面で一定時間操作がなかった注文は W0007（タイムアウト）とする',
  'SPEC-8.w0008': 'カード利用不可は W0008 を表示する',
  'SPEC-8.w0011': 'ワンタイムパスワードのロックは W0011 とする',
  'SPEC-8.w0012': 'ワンタイムパスワードのメール送信失敗は W0012 を表示する',
  'DEC.w0013-sms': 'ワンタイムパスワードのSMS送信失敗は W0013 を表示する（仕様のW0012はメールの送信失敗。ADR 0066）',
  'SPEC-8.otp-unexpected': '想定外のワンタイムパスワードのメッセージはエラー画面へ',
  'SPEC-8.error-page': '正常に完了しなかった処理はエラー画面へ',
  'DEC.price': '月額550円(税込)、申込日から利用開始、翌月から課金と表示する（docs/flows/anshin-data-box.md）',
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
  'DEC.plan-lineup': 'バスケットLIVEのプランと税込月額はサービス定義の5プラン（docs/flows/basket-live.md）',
  'DEC.plan-change-active-only': 'プラン変更は利用中（active）の契約だけができる（それ以外は E0008）',
  'DEC.plan-change-pending': '変更予約中は予約中のプランを選べず、現在のプランを選ぶと予約の取り消しになる',
  'DEC.plan-change-quote': '確定前に現在と変更後のプラン・月額・差額・適用日を表示する（planChangeQuote）',
  'DEC.plan-change-timing': 'アップグレードは即日・当月から新月額（日割りなし）、ダウングレードは翌月1日から（ADR 0062）',
  'DEC.plan-change-no-otp': 'プラン変更にはワンタイムパスワードを求めない（ADR 0062）',
  'SPEC-3.mail-address-check-info': 'メールアドレスの確認結果をサービスごとの真偽値（mailAddressCheckInfo）として持つ',
  'SPEC-5.entry-judgement.mail-confirmation': 'メールアドレスのみのNGはバスケットLIVEではメールアドレスの確認へ進める',
  'SPEC-7.mail-addr-portability': '確認したメールアドレスを POST mail-addr-portability/contracts で登録する',
  'DEC.mail-confirmation-address': '未確認ならご登録のアドレス、受け付けられないドメインなら別のアドレスに確認コードを送って確かめる（ADR 0063）',
} as const;

export type RequirementId = keyof typeof Requirements;

/** A requirement id a service definition names (contracts/ cannot import this list); throws at load time for an unknown one. */
export function requirementId(id: string): RequirementId {
  if (!Object.hasOwn(Requirements, id)) throw new Error(`unknown requirement id: ${id}`);
  return id as RequirementId;
}
