/** The outbox as a page a person reads: newest first, no script, refreshed by a meta tag. */
import { html, type SafeHtml } from '../../http/html';
import type { OutboxMessage } from './outbox-store';

export const OutboxPrefix = '/sandbox/outbox';
export const OutboxStyleSheetPath = `${OutboxPrefix}/assets/outbox-page.css`;
export const RefreshSeconds = 10;

const ChannelLabel = { email: 'メール', sms: 'SMS' } as const;
const StatusLabel = { delivered: '送信済み', failed: '送信失敗' } as const;

const JapanTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function formatJapanTime(epochMs: number): string {
  return JapanTime.format(new Date(epochMs));
}

function page(title: string, main: SafeHtml, refresh: boolean): string {
  return html`<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${refresh ? html`<meta http-equiv="refresh" content="${RefreshSeconds}">` : ''}
<title>${title}｜テスト用送信ボックス</title>
<link rel="stylesheet" href="${OutboxStyleSheetPath}">
</head>
<body>
<header class="bar"><span class="product">テスト用送信ボックス</span><span class="tag">メール・SMS配信サービスのテスト環境</span></header>
<main>
${main}
</main>
</body>
</html>
`.value;
}

/** For a reader who is neither signed in nor holds the read key: the messages are someone's one-time passwords. */
export function signInNeededPage(): string {
  return page(
    'ログインが必要です',
    html`<h1>ログインが必要です</h1>
<p>送信ボックスには、ポータルにログインしているお客さま宛てのメッセージだけを表示します。</p>
<p><a href="/auth/login" class="link">ポータルにログインする</a></p>`,
    false,
  );
}

export function outboxPage(input: { messages: readonly OutboxMessage[]; to: string | undefined; capacity: number; own: boolean }): string {
  const query = input.to === undefined ? '' : `?to=${encodeURIComponent(input.to)}`;
  const rows = input.messages.map(
    (message) => html`<tr class="${message.status === 'failed' ? 'failed' : ''}">
  <td class="time"><time datetime="${new Date(message.acceptedAt).toISOString()}">${formatJapanTime(message.acceptedAt)}</time></td>
  <td class="nowrap">${ChannelLabel[message.channel]}</td>
  <td class="to">${message.to}</td>
  <td>${message.subject ?? '―'}</td>
  <td><pre class="body">${message.body}</pre></td>
  <td class="nowrap">${StatusLabel[message.status]}</td>
</tr>`,
  );

  return page(
    '送信メール・SMS一覧',
    html`<h1>送信メール・SMS一覧</h1>
<p>${input.own ? 'ログインしているお客さま宛てに' : ''}送信を受け付けたメールとSMSを新しい順に表示します（最新${input.capacity}件まで保存）。このページは${RefreshSeconds}秒ごとに自動で更新されます。</p>
<p class="notice" role="note">宛先のドメインが「fail.example.test」のメールアドレスと、末尾が「0000」の電話番号には送信できません（送信失敗として扱われます）。</p>
<form method="get" action="${OutboxPrefix}" class="filter">
  <label for="to">宛先で絞り込む</label>
  <input type="text" id="to" name="to" value="${input.to ?? ''}" autocomplete="off" class="input">
  <button type="submit" class="button">絞り込む</button>
  <a href="${OutboxPrefix}" class="link">すべて表示</a>
  <a href="${OutboxPrefix}${query}" class="link">最新の状態に更新</a>
</form>
${
  rows.length === 0
    ? html`<p class="empty">${input.to === undefined ? 'まだ送信されたメッセージはありません。' : '該当する宛先のメッセージはありません。'}</p>`
    : html`<table>
<caption class="visually-hidden">送信メール・SMS一覧（新しい順）</caption>
<thead><tr><th scope="col">日時</th><th scope="col">種別</th><th scope="col">宛先</th><th scope="col">件名</th><th scope="col">本文</th><th scope="col">状態</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}`,
    true,
  );
}
