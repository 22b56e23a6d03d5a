/**
 * The Japanese pages of sign-on: the local provider's sign-in and consent pages, the logout
 * confirmation and the provider's error page. No inline script or style (CSP script-src 'self'):
 * the look comes from auth.css and the one script is a file too.
 */
import { escapeHtml } from '../http/html';

export const AssetPath = {
  stylesheet: '/oidc/assets/auth.css',
  logoutScript: '/oidc/assets/logout.js',
} as const;

function layout(title: string, body: string, scripts: readonly string[] = []): string {
  const scriptTags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | お客さまポータル</title>
<link rel="stylesheet" href="${AssetPath.stylesheet}">
${scriptTags}
</head>
<body>
<main class="card">
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export const SignInText = {
  title: 'ログイン',
  loginId: 'ログインID',
  password: 'パスワード',
  submit: 'ログイン',
  invalidCredentials: 'ログインIDまたはパスワードが正しくありません。',
  missingInput: 'ログインIDとパスワードを入力してください。',
  wait: (seconds: number) => `ログインに続けて失敗しました。${seconds}秒ほど待ってから、もう一度お試しください。`,
  locked: (until: string) =>
    `ログインIDまたはパスワードを続けて間違えたため、このログインIDでのログインを一時的に停止しています。${until}以降にもう一度お試しください。`,
  demoHeading: 'デモ用のログインID',
} as const;

export type SignInPageInput = {
  action: string;
  loginId: string;
  error?: string;
  /** Local mode only: the demo customers one may sign in as. */
  demo?: { accounts: readonly { loginId: string; description: string }[]; password: string };
  stepUp: boolean;
};

export function signInPage(input: SignInPageInput): string {
  const errorId = 'sign-in-error';
  const describedBy = input.error === undefined ? '' : ` aria-describedby="${errorId}" aria-invalid="true"`;
  const error =
    input.error === undefined ? '' : `<p id="${errorId}" class="error" role="alert">${escapeHtml(input.error)}</p>`;
  const lead = input.stepUp
    ? '<p>このお手続きには、もう一度ログインしていただく必要があります。</p>'
    : '<p>ログインIDとパスワードを入力してください。</p>';
  const demo =
    input.demo === undefined
      ? ''
      : `<section class="demo" aria-labelledby="demo-heading"><h2 id="demo-heading">${SignInText.demoHeading}</h2>
<p>パスワードはすべて <code>${escapeHtml(input.demo.password)}</code> です。</p>
<dl>${input.demo.accounts
          .map((account) => `<dt><code>${escapeHtml(account.loginId)}</code></dt><dd>${escapeHtml(account.description)}</dd>`)
          .join('')}</dl></section>`;
  return layout(
    SignInText.title,
    `${lead}${error}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<div class="field"><label for="loginId">${SignInText.loginId}</label>
<input id="loginId" name="loginId" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(input.loginId)}"${describedBy}></div>
<div class="field"><label for="password">${SignInText.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}></div>
<button type="submit" class="primary">${SignInText.submit}</button>
</form>${demo}`,
  );
}

export const ConsentText = {
  title: '情報提供の同意',
  allow: '同意する',
  deny: '同意しない',
} as const;

export function consentPage(input: { action: string; abortAction: string; clientName: string }): string {
  return layout(
    ConsentText.title,
    `<p>${escapeHtml(input.clientName)}が、お客さまの次の情報を利用します。よろしければ「${ConsentText.allow}」を押してください。</p>
<ul><li>お客さまを識別する番号</li><li>ログインした日時と認証の方法</li></ul>
<form method="post" action="${escapeHtml(input.action)}"><button type="submit" class="primary">${ConsentText.allow}</button></form>
<form method="post" action="${escapeHtml(input.abortAction)}"><button type="submit" class="secondary">${ConsentText.deny}</button></form>`,
  );
}

const LogoutText = {
  title: 'ログアウト',
  confirm: 'ログアウトしますか。',
  submit: 'ログアウトする',
  cancel: 'トップへ戻る',
  inProgress: 'ログアウトしています。画面が切り替わらない場合は、「ログアウトする」を押してください。',
} as const;

/** The portal's confirmation (GET /auth/logout); the form carries the session-token. */
export function logoutConfirmPage(input: { action: string; sessionToken: string }): string {
  return layout(
    LogoutText.title,
    `<p>${LogoutText.confirm}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="session-token" value="${escapeHtml(input.sessionToken)}">
<button type="submit" class="primary">${LogoutText.submit}</button>
</form>
<p><a href="/Top">${LogoutText.cancel}</a></p>`,
  );
}

/**
 * The local provider's end-session step. The customer already confirmed on the portal, so
 * logout.js submits the provider's form at once; the button is there without script.
 */
export function providerLogoutPage(form: string): string {
  return layout(
    LogoutText.title,
    `<p>${LogoutText.inProgress}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" class="primary" id="provider-logout">${LogoutText.submit}</button>`,
    [AssetPath.logoutScript],
  );
}

export function providerMessagePage(title: string, message: string, link?: { href: string; label: string }): string {
  const anchor = link === undefined ? '' : `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  return layout(title, `<p>${escapeHtml(message)}</p>${anchor}`);
}

export const authStylesheet = `*{box-sizing:border-box}
body{margin:0;font-family:"Noto Sans JP",system-ui,sans-serif;line-height:1.7;color:#1a1a1c;background:#f2f2f2}
.card{max-width:30rem;margin:1.5rem auto;padding:1.5rem;background:#fff;border-radius:8px}
@media (max-width:32rem){.card{margin:0;border-radius:0}}
h1{font-size:1.5rem;margin:0 0 1rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.field{margin-bottom:1rem}
label{display:block;font-weight:700;margin-bottom:.25rem}
input{width:100%;font-size:1rem;padding:.75rem;border:1px solid #767676;border-radius:8px}
input:focus,button:focus,a:focus{outline:3px solid #0877d7;outline-offset:2px}
button{width:100%;min-height:3rem;font-size:1rem;font-weight:700;border-radius:8px;cursor:pointer;margin:.5rem 0}
.primary{background:#0031d8;color:#fff;border:0}
.secondary{background:#fff;color:#0031d8;border:1px solid #0031d8}
.error{color:#ce0000;font-weight:700}
a{color:#0031d8}
code{font-size:1rem}
dt{font-weight:700}
dd{margin:0 0 .5rem}
`;

export const logoutScript = `document.addEventListener('DOMContentLoaded', function () {
  var button = document.getElementById('provider-logout');
  if (button) button.click();
});
`;
