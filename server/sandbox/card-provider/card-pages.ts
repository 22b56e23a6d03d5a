/**
 * The hosted pages of the card provider sandbox: plain HTML forms with their own style sheet and
 * no script at all, so they work without JavaScript and under `script-src 'self'` or stricter.
 */
import {
  BrandLabel,
  CardFields,
  TestCards,
  type CardBrand,
  type CardField,
  type CardForm,
} from './card-input';
import type { Order, OperationType } from './card-order-store';
import { html, type SafeHtml } from '../../http/html';

export const CardSandboxPrefix = '/sandbox/card';
export const StyleSheetPath = `${CardSandboxPrefix}/assets/card-page.css`;

const OperationLabel: Record<OperationType, string> = {
  '10': 'クレジットカードの登録（新規お申し込み）',
  '20': 'お支払いに利用するクレジットカードの変更',
  '40': 'お支払い方法の変更（携帯電話料金とまとめて支払い → クレジットカード）',
  '60': 'お支払いに利用するクレジットカードの変更とサービスの再開',
  '70': 'お支払い方法の変更（携帯電話料金とまとめて支払い → クレジットカード）とサービスの再開',
};

/** The hosted pages' addresses carry the order's pay token, never its id. */
export const payPath = (payToken: string) => `${CardSandboxPrefix}/pay/${encodeURIComponent(payToken)}`;
export const authenticatePath = (payToken: string) => `${payPath(payToken)}/authenticate`;
export const cancelPath = (payToken: string) => `${payPath(payToken)}/cancel`;

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title}｜サンドボックス決済</title>
<link rel="stylesheet" href="${StyleSheetPath}">
</head>
<body>
<header class="provider">
  <div class="provider-inner">
    <span class="provider-name">Sandbox<span class="provider-accent">Pay</span></span>
    <span class="provider-tagline">カード決済サービス</span>
    <span class="provider-secure">保護された接続でお手続き中</span>
  </div>
</header>
<p class="sandbox-banner" role="note">これはテスト環境です。実在するカードの情報は入力しないでください。</p>
<main class="sheet">
${body}
</main>
<footer class="provider-footer">
  <p>このページは加盟店とは別の決済サービスが提供しています。カード番号は加盟店に渡されません。</p>
</footer>
</body>
</html>
`.value;
}

function merchantSummary(order: Order, merchantName: string): SafeHtml {
  return html`<section class="merchant" aria-labelledby="merchant-heading">
  <h2 id="merchant-heading" class="visually-hidden">お手続きの内容</h2>
  <dl>
    <div><dt>加盟店</dt><dd>${merchantName}</dd></div>
    <div><dt>お手続き</dt><dd>${OperationLabel[order.operationType]}</dd></div>
    ${order.description === null ? '' : html`<div><dt>ご利用内容</dt><dd>${order.description}</dd></div>`}
  </dl>
</section>`;
}

function cancelForm(order: Order): SafeHtml {
  return html`<form method="post" action="${cancelPath(order.payToken)}" class="cancel-form">
  <button type="submit" class="button button-secondary">キャンセルして戻る</button>
</form>`;
}

function fieldError(field: CardField, errors: Partial<Record<CardField, string>>): SafeHtml | '' {
  const message = errors[field];
  return message === undefined ? '' : html`<p class="field-error" id="${field}-error">${message}</p>`;
}

function fieldAttributes(field: CardField, errors: Partial<Record<CardField, string>>, hintId?: string): SafeHtml {
  const described = [hintId, errors[field] === undefined ? undefined : `${field}-error`].filter(
    (id): id is string => id !== undefined,
  );
  return html`id="${field}" name="${field}"${errors[field] === undefined ? '' : html` aria-invalid="true"`}${
    described.length === 0 ? '' : html` aria-describedby="${described.join(' ')}"`
  }`;
}

export type CardFormPageInput = {
  order: Order;
  merchantName: string;
  /** What the customer typed, shown again after an error; the security code never is. */
  form: CardForm;
  errors: Partial<Record<CardField, string>>;
};

export function cardFormPage({ order, merchantName, form, errors }: CardFormPageInput): string {
  const failed = CardFields.filter((field) => errors[field] !== undefined);
  const summary =
    failed.length === 0
      ? ''
      : html`<div class="error-summary" role="alert" aria-labelledby="error-summary-heading">
  <h2 id="error-summary-heading">入力内容をご確認ください（${failed.length}件）</h2>
  <ul>${failed.map((field) => html`<li><a href="#${field}">${errors[field] ?? ''}</a></li>`)}</ul>
</div>`;

  return layout(
    failed.length === 0 ? 'クレジットカード情報の入力' : '入力エラー：クレジットカード情報の入力',
    html`${merchantSummary(order, merchantName)}
<h1>クレジットカード情報の入力</h1>
${summary}
<form method="post" action="${payPath(order.payToken)}" class="card-form" novalidate>
  <div class="field">
    <label for="cardNumber">カード番号<span class="required">必須</span></label>
    <p class="hint" id="cardNumber-hint">半角・全角数字どちらでも入力できます（ハイフン・空白は不要）</p>
    <input type="text" ${fieldAttributes('cardNumber', errors, 'cardNumber-hint')} value="${form.cardNumber}" inputmode="numeric" autocomplete="cc-number" maxlength="30" class="input input-wide">
    ${fieldError('cardNumber', errors)}
  </div>
  <fieldset class="field">
    <legend>有効期限<span class="required">必須</span></legend>
    <div class="expiry">
      <label for="expiryMonth" class="inline-label">月</label>
      <input type="text" ${fieldAttributes('expiryMonth', errors)} value="${form.expiryMonth}" inputmode="numeric" autocomplete="cc-exp-month" maxlength="2" placeholder="MM" class="input input-short">
      <span aria-hidden="true" class="slash">/</span>
      <label for="expiryYear" class="inline-label">年</label>
      <input type="text" ${fieldAttributes('expiryYear', errors)} value="${form.expiryYear}" inputmode="numeric" autocomplete="cc-exp-year" maxlength="4" placeholder="YY" class="input input-short">
    </div>
    ${fieldError('expiryMonth', errors)}${fieldError('expiryYear', errors)}
  </fieldset>
  <div class="field">
    <label for="securityCode">セキュリティコード<span class="required">必須</span></label>
    <p class="hint" id="securityCode-hint">カード裏面（American Expressは表面）に記載の3桁または4桁の数字</p>
    <input type="password" ${fieldAttributes('securityCode', errors, 'securityCode-hint')} value="" inputmode="numeric" autocomplete="cc-csc" maxlength="4" class="input input-short">
    ${fieldError('securityCode', errors)}
  </div>
  <div class="field">
    <label for="cardHolder">カード名義<span class="required">必須</span></label>
    <p class="hint" id="cardHolder-hint">カードに記載のとおり、ローマ字で入力してください（例：TARO YAMADA）</p>
    <input type="text" ${fieldAttributes('cardHolder', errors, 'cardHolder-hint')} value="${form.cardHolder}" autocomplete="cc-name" autocapitalize="characters" maxlength="45" class="input input-wide">
    ${fieldError('cardHolder', errors)}
  </div>
  <button type="submit" class="button button-primary">登録する</button>
</form>
${cancelForm(order)}
${testCardNotice()}`,
  );
}

function testCardNotice(): SafeHtml {
  return html`<section class="test-cards" aria-labelledby="test-cards-heading">
  <h2 id="test-cards-heading">テスト用カード番号</h2>
  <p>テスト環境では、次のカード番号のみご利用いただけます。有効期限は未来の年月、セキュリティコードは任意の3桁（American Expressは4桁）、カード名義は任意のローマ字を入力してください。</p>
  <table>
    <thead><tr><th scope="col">カード番号</th><th scope="col">ブランド</th><th scope="col">結果</th></tr></thead>
    <tbody>${TestCards.map(
      (card) =>
        html`<tr><td class="number">${groupDigits(card.number)}</td><td>${BrandLabel[card.brand]}</td><td>${card.note}</td></tr>`,
    )}</tbody>
  </table>
</section>`;
}

/** As printed on the card: 4-6-5 (15 digits, Amex), 4-6-4 (14 digits, Diners), else groups of four. */
function groupDigits(number: string): string {
  if (number.length === 15) return number.replace(/^(\d{4})(\d{6})(\d{5})$/, '$1 $2 $3');
  if (number.length === 14) return number.replace(/^(\d{4})(\d{6})(\d{4})$/, '$1 $2 $3');
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function cardLabel(brand: CardBrand, last4: string): string {
  return `${BrandLabel[brand]}（末尾 ${last4}）`;
}

export function challengePage(order: Order, merchantName: string): string {
  const card = order.challenge;
  return layout(
    '本人認証（3-Dセキュア）',
    html`${merchantSummary(order, merchantName)}
<h1>本人認証（3-Dセキュア）</h1>
<p>カード発行会社による本人認証です。${card === null ? '' : cardLabel(card.brand, card.last4)}のカードでお手続きを続けるには、認証してください。</p>
<p class="sandbox-note" role="note">テスト環境のため、パスワードの入力は不要です。「認証する」を押すと認証に成功し、「認証しない」を押すと認証に失敗した結果になります。</p>
<form method="post" action="${authenticatePath(order.payToken)}" class="challenge-form">
  <button type="submit" name="decision" value="approve" class="button button-primary">認証する</button>
  <button type="submit" name="decision" value="deny" class="button button-secondary">認証しない</button>
</form>
${cancelForm(order)}`,
  );
}

export type FinishedLink = { href: string; label: string };

export function finishedPage(order: Order, merchantName: string, link: FinishedLink): string {
  const message: Record<Order['status'], string> = {
    pending: 'お手続き中です。',
    completed: 'カード情報の登録は完了しています。',
    cancelled: 'このお手続きはキャンセルされました。',
    rejected: 'このカードはご利用いただけませんでした。',
    expired: 'お手続きの有効時間（30分）を過ぎたため、このページはご利用いただけません。',
  };
  return layout(
    'お手続きの状況',
    html`${merchantSummary(order, merchantName)}
<h1>お手続きの状況</h1>
<p>${message[order.status]}</p>
<p><a class="button button-primary" href="${link.href}">${link.label}</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout(
    'お手続きが見つかりません',
    html`<h1>お手続きが見つかりません</h1>
<p>URLに誤りがあるか、お手続きの有効期間が過ぎています。お手数ですが、加盟店のページからもう一度お手続きください。</p>`,
  );
}

export function errorPage(): string {
  return layout(
    'お手続きを続けられませんでした',
    html`<h1>お手続きを続けられませんでした</h1>
<p>送信された内容を読み取れませんでした。お手数ですが、ブラウザの「戻る」で前の画面に戻るか、加盟店のページからもう一度お手続きください。</p>`,
  );
}
