/**
 * The pages of the Lighthouse table (./lighthouse.ts): every live page of machines/page-table.ts
 * is measured, reached as a customer reaches it, or listed in NOT_MEASURED with the reason.
 * Apart from the measuring so that a test can hold the table to the page table without loading
 * Lighthouse.
 */
import type { Page } from 'puppeteer-core';
import { pageTable } from '../../machines/page-table';

export type Customer = 'demo01' | 'demo02' | 'demo04' | 'demo08' | 'demo11' | 'demo16' | 'demo17' | 'demo18' | 'demo19' | 'demo21';

export type Target = {
  /** A label: the path, or the path and who is signed in. */
  name: string;
  /** What Lighthouse loads. */
  url: string;
  /** Signed in as this demo customer; none: a fresh, signed-out browser context. */
  customer?: Customer;
  /** Brings the tab's flow to this page before each run (a wizard step lives in sessionStorage). */
  prepare?: (page: Page) => Promise<void>;
  /** The page answers with an error status on purpose (the 404 page). */
  errorStatus?: boolean;
};

/**
 * Opens a page of the portal in the tab, then clicks each text in turn; the locator waits until
 * its element is there and enabled (a first view's buttons are disabled until the app takes over).
 */
async function walk(page: Page, base: string, from: string, texts: readonly string[], to: string): Promise<void> {
  await page.goto(`${base}${from}`, { waitUntil: 'networkidle0' });
  for (const text of texts) await page.locator(`::-p-text(${text})`).click();
  await page.waitForFunction((path) => location.pathname === path, { timeout: 30_000 }, to);
}

/** A step reached from `from` by clicking `texts`, measured as a reload of the step. */
const step = (base: string, customer: Customer, path: string, from: string, texts: readonly string[]): Target => ({
  name: `${path} (${customer})`,
  url: `${base}${path}`,
  customer,
  prepare: (page) => walk(page, base, from, texts, path),
});

export const publicTargets = (base: string): Target[] => [
  { name: '/', url: `${base}/` },
  { name: '/Top (signed out)', url: `${base}/Top` },
  { name: '/OptionServices (signed out)', url: `${base}/OptionServices` },
  { name: '/Error?code=E9999', url: `${base}/Error?code=E9999` },
  { name: '404 (/no/such/page)', url: `${base}/no/such/page`, errorStatus: true },
];

export const signedInTargets = (base: string): Target[] => [
  { name: '/Top (demo02)', url: `${base}/Top`, customer: 'demo02' },
  { name: '/OptionServices (demo02)', url: `${base}/OptionServices`, customer: 'demo02' },
  { name: '/AnshinDataBox (demo02)', url: `${base}/AnshinDataBox`, customer: 'demo02' },
  { name: '/AnshinDataBox/Service/Detail (demo02)', url: `${base}/AnshinDataBox/Service/Detail`, customer: 'demo02' },
  step(base, 'demo02', '/AnshinDataBox/Update/Payment', '/AnshinDataBox/Service/Detail', ['お支払い方法の変更']),
  { name: '/AnshinDataBox/Cancel/Inform (demo02)', url: `${base}/AnshinDataBox/Cancel/Inform`, customer: 'demo02' },
  { name: '/AnshinDataBox (demo01)', url: `${base}/AnshinDataBox`, customer: 'demo01' },
  step(base, 'demo01', '/AnshinDataBox/Apply', '/AnshinDataBox', ['申し込む']),
  { name: '/AnshinDataBox/Resume/Confirm (demo04)', url: `${base}/AnshinDataBox/Resume/Confirm`, customer: 'demo04' },
  { name: '/OptionServices/BillingHistory (demo17)', url: `${base}/OptionServices/BillingHistory`, customer: 'demo17' },
  { name: '/BasketLive (demo01)', url: `${base}/BasketLive`, customer: 'demo01' },
  { name: '/BasketLive/Service/Detail (demo17)', url: `${base}/BasketLive/Service/Detail`, customer: 'demo17' },
  { name: '/BasketLive/Cancel/Inform (demo17)', url: `${base}/BasketLive/Cancel/Inform`, customer: 'demo17' },
  { name: '/Sumahosetup-support/Service/Detail (demo11)', url: `${base}/Sumahosetup-support/Service/Detail`, customer: 'demo11' },
  { name: '/Sumahosetup-support/Cancel/Inform (demo16)', url: `${base}/Sumahosetup-support/Cancel/Inform`, customer: 'demo16' },
  { name: '/Invoice (demo17)', url: `${base}/Invoice`, customer: 'demo17' },
  { name: '/AccountMenu (demo18)', url: `${base}/AccountMenu`, customer: 'demo18' },
  { name: '/AccountMenu/Confirm/UserInfo (demo18)', url: `${base}/AccountMenu/Confirm/UserInfo`, customer: 'demo18' },
  { name: '/AccountMenu/LoginHistory (demo18)', url: `${base}/AccountMenu/LoginHistory`, customer: 'demo18' },
  step(base, 'demo19', '/AccountMenu/Update/Phone', '/AccountMenu/Confirm/UserInfo', ['電話番号を変更する']),
  step(base, 'demo19', '/AccountMenu/Update/Email', '/AccountMenu/Confirm/UserInfo', ['メールアドレスを変更する']),
  step(base, 'demo19', '/AccountMenu/Update/Address', '/AccountMenu/Confirm/UserInfo', ['ご住所を変更する']),
  { name: '/AccountMenu/Security/Info (demo02)', url: `${base}/AccountMenu/Security/Info`, customer: 'demo02' },
  step(base, 'demo02', '/AccountMenu/Security/Change', '/AccountMenu/Security/Info', ['受け取り方を変更する']),
  step(base, 'demo02', '/AccountMenu/SbidSet/Change', '/AccountMenu/Security/Info', ['ログインIDを変更する']),
  step(base, 'demo02', '/AccountMenu/PasswordSet/Change', '/AccountMenu/Security/Info', ['パスワードを変更する']),
];

/**
 * The live pages reached by clicking through (each step measured as a reload of it, as a
 * customer who reloads it sees it), and the pages the customer opens on their own that the
 * first table did not hold.
 */
export const morePages = (base: string): Target[] => [
  ...(['/AccountMenu/Contact/Info', '/AccountMenu/ReceiveSet/Info', '/AccountMenu/Recieve/Information'] as const).map(
    (path): Target => ({ name: `${path} (demo21)`, url: `${base}${path}`, customer: 'demo21' }),
  ),
  step(base, 'demo19', '/AccountMenu/Update/UserName', '/AccountMenu/Confirm/UserInfo', ['お名前を変更する']),
  step(base, 'demo21', '/AccountMenu/Contact/Email', '/AccountMenu/Contact/Info', ['メールアドレスを変更する']),
  step(base, 'demo21', '/AccountMenu/Contact/Phone', '/AccountMenu/Contact/Info', ['電話番号を変更する']),
  step(base, 'demo21', '/AccountMenu/ReceiveSet/Change', '/AccountMenu/ReceiveSet/Info', ['受信設定を変更する']),
  step(base, 'demo04', '/BasketLive/Apply', '/BasketLive', ['申し込む']),
  step(base, 'demo17', '/BasketLive/Update/Payment', '/BasketLive/Service/Detail', ['お支払い方法の変更']),
  // An entry page (the top page's service card links to it) with a first view since 2026-11-27:
  // measured as opened, as the contract pages and Cancel/Inform are.
  { name: '/BasketLive/Plan/Change (demo08)', url: `${base}/BasketLive/Plan/Change`, customer: 'demo08' },
  step(base, 'demo02', '/AnshinDataBox/Cancel/Confirm', '/AnshinDataBox/Cancel/Inform', ['解約のお手続きへ進む']),
  step(base, 'demo17', '/BasketLive/Cancel/Confirm', '/BasketLive/Cancel/Inform', ['解約のお手続きへ進む']),
  step(base, 'demo16', '/Sumahosetup-support/Cancel/Confirm', '/Sumahosetup-support/Cancel/Inform', ['解約のお手続きへ進む']),
  step(base, 'demo11', '/Sumahosetup-support/SupportHistory', '/Sumahosetup-support/Service/Detail', ['サポートのご利用履歴を見る']),
  step(base, 'demo11', '/Sumahosetup-support/SupportHistory/Detail', '/Sumahosetup-support/Service/Detail', ['サポートのご利用履歴を見る', '2026年5月9日']),
  step(base, 'demo11', '/Sumahosetup-support/BenefitHistory', '/Sumahosetup-support/Service/Detail', ['継続利用特典の履歴を見る']),
  step(base, 'demo17', '/Invoice/Services', '/Invoice', ['2026年2月ご利用分']),
  step(base, 'demo17', '/Invoice/Downloads', '/Invoice', ['2026年2月ご利用分', 'バスケットLIVE']),
];

/** Live pages that need a side effect or an outside system to be reached; not measured. */
export const NOT_MEASURED: Record<string, string> = {
  '/Redirect': 'forwards at once to an allow-listed outside host (no page of ours to paint)',
  '/doClear': 'clears the stores and leaves at once for the landing page',
  '/Payment/Redirect': 'the return from the card provider: needs a provider order in flight',
  '/Payment/Cancel/Redirect': 'the cancel return from the card provider: needs a provider order in flight',
  '/AnshinDataBox/Apply/Completed': 'after a completed application (card or mobile payment, OTP): a side effect per run',
  '/AnshinDataBox/Update/Confirm': 'holds card tokens or an OTP step: never stored, a reload answers E9998 and offers the start of the flow (ADR 0121)',
  '/AnshinDataBox/Update/Completed': 'after a completed payment change (OTP): a side effect per run',
  '/AnshinDataBox/Cancel/Completed': 'after a completed cancellation: a side effect per run',
  '/AnshinDataBox/Resume/Completed': 'after a completed resumption: a side effect per run',
  '/BasketLive/Apply/Completed': 'after a completed application: a side effect per run',
  '/BasketLive/Update/Confirm': 'holds card tokens or an OTP step: never stored, a reload answers E9998 and offers the start of the flow (ADR 0121)',
  '/BasketLive/Update/Completed': 'after a completed payment change (OTP): a side effect per run',
  '/BasketLive/Cancel/Completed': 'after a completed cancellation: a side effect per run',
  '/BasketLive/Plan/Completed': 'after a completed plan change: a side effect per run',
  '/Sumahosetup-support/Cancel/Completed': 'after a completed cancellation: a side effect per run',
  '/AccountMenu/Contact/Completed': 'after a changed contact (OTP): a side effect per run',
  '/AccountMenu/ReceiveSet/Completed': 'after saved receive settings: a side effect per run',
  '/AccountMenu/Security/Completed': 'after a saved sign-in notice setting: a side effect per run',
  '/AccountMenu/SbidSet/Completed': 'after a changed login ID: the next sign-in of the tab would need the new ID',
  '/AccountMenu/PasswordSet/Completed': 'after a changed password: the next sign-in of the tab would need the new password',
};

/** Live pages of the page table that the whole table does not measure and NOT_MEASURED does not explain. */
export function untargetedLivePages(): string[] {
  const base = 'http://portal.invalid';
  const targeted = new Set([...publicTargets(base), ...signedInTargets(base), ...morePages(base)].map((target) => new URL(target.url).pathname));
  return pageTable.filter((entry) => entry.live && !targeted.has(entry.path) && NOT_MEASURED[entry.path] === undefined).map((entry) => entry.path);
}

