/**
 * The server's first view (docs/decisions/0106-first-view-from-the-server.md): the account menu, the
 * top page, the option services, the billing history, the account info pages (user info, contacts,
 * security, receive settings and their guide, login history), the invoice months, the service
 * landings, the services' contract pages, their Cancel/Inform, the data storage's Resume/Confirm
 * and basket live's plan change, and for a visitor the landing, the error page opened with its
 * code and the not-found page (ADR 0113), are in their HTML, styled, before any script has run; once the app
 * has taken the page over there is one page, the app's, with the same markup as the one the server
 * drew, and it can be used.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { AppChunksAttribute, AppEntryAttribute, EagerCompileHint } from '../../contracts/first-view-loader';
import { expectPage } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

const menuItems = ['お客さま情報', '連絡先', 'セキュリティ設定', 'ログイン履歴', '受信設定'];

/**
 * A tree as both sides draw it, whatever the serialiser: elements with their attributes sorted,
 * text joined, without what only one side has (the not-yet-usable controls' `disabled`, the
 * footer's version, which comes after the page settles, inline styles, which a kept view leaves
 * out (ADR 0116), and React's text separators).
 */
function canonicalTree(root: Element): string {
  const walk = (element: Element): string => {
    if (element.classList.contains('site-footer__build')) return '';
    const attributes = [...element.attributes]
      .filter((attribute) => attribute.name !== 'disabled' && attribute.name !== 'style')
      .map((attribute) => `${attribute.name}="${attribute.value}"`)
      .sort()
      .join(' ');
    const children = [...element.childNodes]
      .map((child) => (child.nodeType === Node.ELEMENT_NODE ? walk(child as Element) : child.nodeType === Node.TEXT_NODE ? (child.textContent ?? '') : ''))
      .join('');
    return `<${element.localName} ${attributes}>${children}</${element.localName}>`;
  };
  return walk(root);
}

type WithTakeOver = Window & { appAtTakeOver?: string; policyViolations?: string[] };

/** Before any script of the page: keeps the app's markup as it is when its root is shown. */
function recordTakeOver(): void {
  new MutationObserver((_, observer) => {
    const root = document.getElementById('root');
    if (root === null || root.hidden) return;
    (window as WithTakeOver).appAtTakeOver = root.innerHTML;
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
  const violations: string[] = [];
  (window as WithTakeOver).policyViolations = violations;
  document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
}

/**
 * When the page first painted content, and when each script file was asked for (ADR 0112). The
 * first contentful paint, not the first paint: a frame of the empty body's background may come
 * before a kept view's (ADR 0122).
 */
function scriptTiming() {
  const entry = document.querySelector('script[data-app-entry]')?.getAttribute('data-app-entry');
  const scripts = performance.getEntriesByType('resource').filter((resource) => new URL(resource.name).pathname.endsWith('.js'));
  return {
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    entry,
    entryAskedAt: scripts.find((resource) => new URL(resource.name).pathname === entry)?.startTime,
    scriptsAskedAt: scripts.map((resource) => resource.startTime),
    violations: (window as WithTakeOver).policyViolations,
  };
}

/** `markup`'s first element as a canonical tree, parsed by the page's browser outside its document. */
async function canonicalTreeOf(page: Page, markup: string): Promise<string> {
  const element = (
    await page.evaluateHandle((html) => {
      const holder = document.createElement('template');
      holder.innerHTML = html;
      return holder.content.firstElementChild;
    }, markup)
  ).asElement();
  return element === null ? '' : element.evaluate(canonicalTree);
}

async function firstViewOf(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const drawn = /<div id="first-view">(.*)<\/div><div id="root" hidden[^>]*><\/div>/s.exec(html)?.[1];
  expect(drawn, 'the HTML carries a first view').toBeDefined();
  return drawn ?? '';
}

/** `path` as `customer` sees it with scripts off: only what the server drew. */
async function withoutScripts(browser: Browser, page: Page, customer: string, path: string, check: (before: Page) => Promise<void>): Promise<void> {
  await signIn(page, customer);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } });
  try {
    const before = await context.newPage();
    await before.goto(path);
    await check(before);
  } finally {
    await context.close();
  }
}

test('アカウント管理は、スクリプトが動く前からメニューが描かれていること（まだ選べない）', async ({ page, browser }) => {
  await withoutScripts(browser, page, 'demo18', '/AccountMenu', async (before) => {
    await expect(before.getByRole('heading', { level: 1, name: 'アカウント管理' })).toBeVisible();
    const buttons = before.getByRole('navigation', { name: 'アカウント管理のメニュー' }).getByRole('button');
    await expect(buttons).toHaveCount(menuItems.length);
    for (const [index, label] of menuItems.entries()) await expect(buttons.nth(index)).toContainText(label);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
    // Styled by the first stylesheet: the items are cards, not bare buttons.
    expect(await buttons.first().evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px');
    await before.screenshot({ path: 'test-results/first-view-before-scripts.png' });
  });
});

type DrawnPage = {
  /** Signed in as this customer; none: a visitor, without a session (ADR 0113). */
  customer?: string;
  path: string;
  /** Where the page shows, when the app changes the address (its query is stripped). */
  shownAt?: string;
  heading: string;
  /** What can be used once the app has taken over. */
  control: (page: Page) => Locator;
  /** The page's own reads, which the app takes from the HTML instead of asking again. */
  reads?: readonly string[];
};

/** The control that must be usable once the app has taken over: a button of this name. */
const button =
  (name: string | RegExp) =>
  (page: Page): Locator =>
    page.getByRole('button', { name });

/** Each page the server draws, as a customer who has it. */
const drawnPages: readonly DrawnPage[] = [
  { customer: 'demo18', path: '/AccountMenu', heading: 'アカウント管理', control: button(/お客さま情報/) },
  { customer: 'demo02', path: '/Top', heading: 'トップ', control: button('ログアウト'), reads: ['/service/usage/status'] },
  { customer: 'demo02', path: '/OptionServices', heading: 'オプションサービス', control: (page) => page.getByRole('link', { name: 'ご契約内容を見る' }), reads: ['/service/usage/status'] },
  { customer: 'demo17', path: '/OptionServices/BillingHistory', heading: 'ご利用料金の履歴', control: button('さらに前の12か月を見る'), reads: ['/billing/history'] },
  { customer: 'demo18', path: '/AccountMenu/Confirm/UserInfo', heading: 'お客さま情報の確認', control: button('ご住所を変更する'), reads: ['/user/info'] },
  { customer: 'demo21', path: '/AccountMenu/Security/Info', heading: 'セキュリティ設定の確認', control: button('ログインIDを変更する'), reads: ['/security/settings'] },
  { customer: 'demo21', path: '/AccountMenu/Contact/Info', heading: '連絡先の確認', control: button('アカウント管理に戻る'), reads: ['/optins'] },
  { customer: 'demo21', path: '/AccountMenu/ReceiveSet/Info', heading: '受信設定の確認', control: button('受信設定を変更する'), reads: ['/optins'] },
  { customer: 'demo21', path: '/AccountMenu/Recieve/Information', heading: '受信設定のご案内', control: button('受信設定の確認に戻る') },
  { customer: 'demo18', path: '/AccountMenu/LoginHistory', heading: 'ログイン履歴', control: button('アカウント管理に戻る'), reads: ['/auth/history'] },
  { customer: 'demo17', path: '/Invoice', heading: '請求書', control: (page) => button(/ご利用分$/)(page).first(), reads: ['/invoice/session'] },
  // The contract pages: the payment-change flow's contracts read, and the sections' own reads
  // (the incentive, the storage used), which the route's loader takes from the HTML.
  { customer: 'demo02', path: '/AnshinDataBox/Service/Detail', heading: 'あんしんデータボックスのご契約内容', control: button('お支払い方法の変更'), reads: ['/contracts', '/coupon/active', '/storage/usage'] },
  { customer: 'demo17', path: '/BasketLive/Service/Detail', heading: 'バスケットLIVEのご契約内容', control: button('お支払い方法の変更'), reads: ['/contracts', '/coupon/active'] },
  // In-store support's contract page: its history flow's contracts read, with the continued-use benefit.
  { customer: 'demo11', path: '/Sumahosetup-support/Service/Detail', heading: 'スマホ設定サポート定額のご契約内容', control: button('サポートのご利用履歴を見る'), reads: ['/contracts'] },
  // The data storage's Resume/Confirm: the resume flow's contracts read. demo04 is suspended on a
  // fresh database (the payment choice and the submit, drawn disabled); after the data storage
  // journeys have resumed it, the page is E0008 with the way back. The link is there in both.
  { customer: 'demo04', path: '/AnshinDataBox/Resume/Confirm', heading: 'あんしんデータボックスの利用再開', control: (page) => page.getByRole('link', { name: 'ご契約内容に戻る' }), reads: ['/contracts'] },
  // Basket live's plan change: the flow's contracts read; the plans to choose, drawn disabled.
  // demo10's plan is only ever looked at by the e2e journeys, never changed.
  { customer: 'demo10', path: '/BasketLive/Plan/Change', heading: 'バスケットLIVEのプラン変更', control: (page) => page.getByRole('radio').first(), reads: ['/contracts'] },
  // Cancel/Inform of each service: the cancel flow's own contracts read is answered in the HTML.
  { customer: 'demo02', path: '/AnshinDataBox/Cancel/Inform', heading: 'あんしんデータボックスの解約について', control: button(/へ進む$/), reads: ['/contracts'] },
  { customer: 'demo17', path: '/BasketLive/Cancel/Inform', heading: 'バスケットLIVEの解約について', control: button(/へ進む$/), reads: ['/contracts'] },
  { customer: 'demo16', path: '/Sumahosetup-support/Cancel/Inform', heading: 'スマホ設定サポート定額の解約について', control: button(/へ進む$/), reads: ['/contracts'] },
  // demo16 has only the in-store support: both landings offer 申し込む.
  { customer: 'demo16', path: '/AnshinDataBox', heading: 'あんしんデータボックス', control: button('申し込む'), reads: ['/service/usage/status'] },
  { customer: 'demo16', path: '/BasketLive', heading: 'バスケットLIVE', control: button('申し込む'), reads: ['/service/usage/status'] },
  // A visitor's pages (ADR 0113): the landing, the error page opened with its code, a path that is no page.
  { path: '/', heading: 'お客さまポータル', control: (page) => page.getByRole('main').getByRole('link', { name: 'ログイン' }) },
  { path: '/Error?code=E0008', shownAt: '/Error', heading: 'エラー', control: (page) => page.getByRole('link', { name: 'トップへ戻る' }) },
  { path: '/no/such/page', heading: 'ページが見つかりません', control: (page) => page.getByRole('link', { name: 'トップへ戻る' }) },
];

for (const { customer, path, shownAt = path, heading, control, reads = [] } of drawnPages) {
  test(`${path}: アプリが引き継いだあとは、サーバーの描いたものと同じ表示が一つだけあり、使えること（${customer ?? 'ログインなし'}）`, async ({ page }) => {
    if (customer !== undefined) await signIn(page, customer);
    const drawn = await firstViewOf(page, path);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (reads.some((read) => new URL(request.url()).pathname.endsWith(read))) asked.push(request.url());
    });
    await page.addInitScript(recordTakeOver);
    await page.goto(path);
    await expectPage(page, shownAt, heading);
    // A link is usable on the first view too: the take-over itself is what is waited for.
    await expect(page.locator('#first-view')).toHaveCount(0);
    await expect(control(page)).toBeEnabled();
    expect(asked, 'the app took the read it was drawn from out of the HTML').toEqual([]);
    const taken = await page.evaluate(() => ({
      firstView: document.getElementById('first-view') !== null,
      rootHidden: document.getElementById('root')?.hidden,
      frames: document.querySelectorAll('.app-frame').length,
      atTakeOver: (window as WithTakeOver).appAtTakeOver,
    }));
    expect(taken).toMatchObject({ firstView: false, rootHidden: false, frames: 1 });
    // The page loaded the app through the inline loader, which its policy allows, and asked for no
    // script before it had painted.
    const timing = await page.evaluate(scriptTiming);
    expect(timing.entry, 'the loader names the entry').toMatch(/^\/assets\/index-[^/]+\.js$/);
    const paint = timing.paint ?? Number.POSITIVE_INFINITY;
    expect(timing.paint, 'the page painted').toBeGreaterThan(0);
    expect(timing.entryAskedAt, 'the entry asked for after the first paint').toBeGreaterThanOrEqual(paint);
    expect(timing.scriptsAskedAt.filter((askedAt) => askedAt < paint), 'no script asked for before the first paint').toEqual([]);
    expect(timing.violations).toEqual([]);
    const server = await canonicalTreeOf(page, drawn);
    expect(server, 'the first view holds the layout').toContain('class="app-frame"');
    // The frame the customer sees at the swap is the page the server drew, not a page still loading.
    expect(await canonicalTreeOf(page, taken.atTakeOver ?? '')).toBe(server);
    expect(await page.locator('#root > .app-frame').evaluate(canonicalTree)).toBe(server);
  });
}

test('最初のページのスクリプトはどれも、読み込みながら全体をコンパイルさせる指示で始まること（入口は先読みの一覧の次の行から、ADR 0119）', async ({ page }) => {
  const html = await (await page.request.get('/')).text();
  const loader = /<script (data-app-entry="[^"]+"(?: data-app-chunks="[^"]+")?)>/.exec(html)?.[1] ?? '';
  const named = (attribute: string) => new RegExp(`${attribute}="([^"]+)"`).exec(loader)?.[1]?.split(' ') ?? [];
  const scripts = [...named(AppChunksAttribute), ...named(AppEntryAttribute)];
  expect(named(AppEntryAttribute), 'the loader names the entry').toHaveLength(1);
  expect(named(AppChunksAttribute).length, 'and the chunks the entry imports').toBeGreaterThan(0);
  for (const script of scripts) {
    const [first, second] = (await (await page.request.get(script)).text()).split('\n', 2);
    // The entry's first line is Vite's list of the lazy chunks' preload paths, which holds no function to compile.
    expect(first?.startsWith('const __vite__mapDeps=') ? second : first, script).toBe(EagerCompileHint);
  }
});

/** Holds the top page's own chunk until the returned function is called: the app waits, the first view stays. */
async function holdTopPageChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/top-page-[^/]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}

/** The middle of the drawn アカウント管理 link, scrolled into view (it is below the fold on a phone). */
async function drawnAccountMenuLink(page: Page): Promise<{ x: number; y: number }> {
  const link = page.locator('#first-view').getByRole('link', { name: /^アカウント管理（/ });
  await link.scrollIntoViewIfNeeded();
  const box = await link.boundingBox();
  if (box === null) throw new Error('the drawn link has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('トップも、スクリプトが動く前からサービスの状態が描かれていること（ログアウトはまだ使えない）', async ({ page, browser }) => {
  await withoutScripts(browser, page, 'demo02', '/Top', async (before) => {
    await expect(before.getByRole('heading', { level: 2, name: 'ご契約中・お申し込みできるサービス' })).toBeVisible();
    await expect(before.getByRole('region', { name: 'あんしんデータボックス', exact: true })).toBeVisible();
    await expect(before.getByRole('button', { name: 'ログアウト' })).toBeDisabled();
    await before.screenshot({ path: 'test-results/first-view-top-before-scripts.png', fullPage: true });
  });
});

test('引き継ぐ前にトップの最初の表示でリンクを選ぶと、新しい文書を開かず、引き継いだアプリがそのページへ進むこと', async ({ page }) => {
  await signIn(page, 'demo02');
  // The app has started but waits for the top page's own chunk: the first view is still what shows.
  const release = await holdTopPageChunk(page);
  await page.goto('/Top');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  expect(await page.evaluate(() => document.getElementById('first-view') !== null)).toBe(true);
  await page.getByRole('link', { name: /^アカウント管理（/ }).click();
  release();
  await expectPage(page, '/AccountMenu', 'アカウント管理');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.goBack();
  await expectPage(page, '/Top', 'トップ');
});

for (const pointer of ['mouse', 'touch'] as const) {
  test(`トップの最初の表示のリンクを押したまま引き継がれ、アプリのリンクの上で離すと、そのページへ一度だけ進むこと（${pointer}）`, async ({ page }) => {
    await signIn(page, 'demo02');
    // The app waits for the top page's own chunk: the press begins on the first view.
    const release = await holdTopPageChunk(page);
    await page.goto('/Top');
    const entries = await page.evaluate(() => history.length);
    expect(await page.evaluate(() => document.getElementById('first-view') !== null)).toBe(true);
    const { x, y } = await drawnAccountMenuLink(page);
    const cdp = pointer === 'touch' ? await page.context().newCDPSession(page) : undefined;
    if (cdp) await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    else {
      await page.mouse.move(x, y);
      await page.mouse.down();
    }
    release();
    await expect(page.locator('#first-view')).toHaveCount(0);
    if (cdp) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    else await page.mouse.up();
    await expectPage(page, '/AccountMenu', 'アカウント管理');
    expect(await page.evaluate(() => history.length), 'one new entry: the press is one click').toBe(entries + 1);
    await page.goBack();
    await expectPage(page, '/Top', 'トップ');
  });
}

test('トップの最初の表示のリンクを押したまま引き継がれても、そのリンクを引きずって離せば、どこへも進まないこと（mouse）', async ({ page }) => {
  await signIn(page, 'demo02');
  const release = await holdTopPageChunk(page);
  await page.goto('/Top');
  const { x, y } = await drawnAccountMenuLink(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  release();
  await expect(page.locator('#first-view')).toHaveCount(0);
  // Moving a pressed link drags it: the browser cancels the press, and on an unchanged page that is no click either.
  const heading = await page.getByRole('heading', { level: 1, name: 'トップ' }).boundingBox();
  if (heading === null) throw new Error('the heading has no box');
  await page.mouse.move(heading.x + 5, heading.y + heading.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(500);
  await expectPage(page, '/Top', 'トップ');
});

test('アカウント管理で引き継いだメニューから先へ進み、再読み込みしてもそのページのままであること', async ({ page }) => {
  await signIn(page, 'demo18');
  await page.goto('/AccountMenu');
  await expectPage(page, '/AccountMenu', 'アカウント管理');
  await page.getByRole('button', { name: /ログイン履歴/ }).click();
  await expectPage(page, '/AccountMenu/LoginHistory', 'ログイン履歴');
  await page.reload();
  await expectPage(page, '/AccountMenu/LoginHistory', 'ログイン履歴');
});

/** The tab's kept view (docs/decisions/0116-the-tabs-kept-view.md): what was painted before the app had started. */
type KeptAtStart = { firstView: boolean; rootHidden: boolean | undefined; inert: boolean | undefined };

function recordKeptAtStart(): void {
  document.addEventListener('DOMContentLoaded', () => {
    const firstView = document.getElementById('first-view');
    const kept: KeptAtStart = { firstView: firstView !== null, rootHidden: document.getElementById('root')?.hidden, inert: firstView?.inert };
    Object.assign(window, { keptAtStart: kept });
  });
}

/** Steps the server cannot draw (the tab's run decides them), reached as a customer reaches them. */
const keptSteps: { customer: string; from: string; choose: (page: Page) => Locator; path: string; heading: string; control: (page: Page) => Locator }[] = [
  {
    customer: 'demo02',
    from: '/AnshinDataBox/Service/Detail',
    choose: (page) => page.getByRole('button', { name: 'お支払い方法の変更' }),
    path: '/AnshinDataBox/Update/Payment',
    heading: 'お支払い方法の変更',
    control: (page) => page.getByRole('button', { name: '変更内容の確認へ進む' }),
  },
  {
    customer: 'demo19',
    from: '/AccountMenu/Confirm/UserInfo',
    choose: (page) => page.getByRole('button', { name: 'ご住所を変更する' }),
    path: '/AccountMenu/Update/Address',
    heading: 'ご住所の変更',
    control: (page) => page.getByRole('button', { name: '住所を検索' }),
  },
];

for (const { customer, from, choose, path, heading, control } of keptSteps) {
  test(`${path}: 再読み込みでは、タブが残した表示がスクリプトより先に描かれ、アプリが同じ表示で引き継ぐこと（${customer}）`, async ({ page }) => {
    await signIn(page, customer);
    await page.goto(from);
    await choose(page).click();
    await expectPage(page, path, heading);
    await page.addInitScript(recordTakeOver);
    await page.addInitScript(recordKeptAtStart);
    await page.reload();
    await expectPage(page, path, heading);
    await expect(page.locator('#first-view')).toHaveCount(0);
    await expect(control(page)).toBeEnabled();
    const kept = await page.evaluate(() => (window as unknown as { keptAtStart?: KeptAtStart }).keptAtStart);
    expect(kept, 'the kept view stood before the app, not to be used').toEqual({ firstView: true, rootHidden: true, inert: true });
    const timing = await page.evaluate(scriptTiming);
    const paint = timing.paint ?? Number.POSITIVE_INFINITY;
    expect(timing.entryAskedAt, 'the entry asked for after the first paint').toBeGreaterThanOrEqual(paint);
    expect(timing.scriptsAskedAt.filter((askedAt) => askedAt < paint), 'no script asked for before the first paint').toEqual([]);
    expect(timing.violations).toEqual([]);
    const keptMarkup = await page.evaluate(() => {
      const name = Object.keys(sessionStorage).find((key) => key.startsWith('portal.kept:'));
      return name === undefined ? '' : sessionStorage.getItem(name);
    });
    const painted = await canonicalTreeOf(page, keptMarkup ?? '');
    expect(painted, 'the kept view holds the layout').toContain('class="app-frame"');
    const atTakeOver = await page.evaluate(() => (window as WithTakeOver).appAtTakeOver);
    expect(await canonicalTreeOf(page, atTakeOver ?? ''), 'the app takes over with the page the kept view showed').toBe(painted);
    expect(await page.locator('.app-frame').count()).toBe(1);
  });
}

test('フローのないページを再読み込みすると、タブが残した表示は消えること（再読み込みで戻らないページは描かない）', async ({ page }) => {
  await signIn(page, 'demo02');
  await page.goto('/AnshinDataBox/Service/Detail');
  await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
  await expectPage(page, '/AnshinDataBox/Update/Payment', 'お支払い方法の変更');
  const keptItems = () => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('portal.kept:')));
  // Leaving the step while its run stands on it keeps it: a reload of its address would bring it back.
  await page.goto('/OptionServices');
  await expectPage(page, '/OptionServices', 'オプションサービス');
  expect(await keptItems()).toEqual([expect.stringMatching(/\/AnshinDataBox\/Update\/Payment$/)]);
  // Leaving a page no run of the tab stands on keeps nothing, and the step's view goes.
  await page.reload();
  await expectPage(page, '/OptionServices', 'オプションサービス');
  expect(await keptItems()).toEqual([]);
});
