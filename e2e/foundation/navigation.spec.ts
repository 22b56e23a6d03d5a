import { expect, test } from '../support/traced-test';
import { expectAccessible } from '../support/axe';
import { startApply } from '../support/anshin';
import { completeProviderSignIn, signIn } from '../support/sign-in';

test.describe('ナビゲーションのルール', () => {
  test('ページ表にないURLはHTTP 404でE9999のエラーページになること', async ({ page }) => {
    const response = await page.goto('/NoSuchPage');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('エラーコード：E9999')).toBeVisible();
    await expectAccessible(page);
  });

  test('末尾のスラッシュは無視されること', async ({ page }) => {
    await signIn(page, 'demo01');
    const response = await page.goto('/OptionServices/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'オプションサービス' })).toBeVisible();
  });

  test('デモページは本番ホストではトップへ転送され、ローカルホストでは表示されること', async ({ page, request }) => {
    const production = await request.get('/demo/statecharts', { headers: { host: 'portal.example.jp' }, maxRedirects: 0 });
    expect(production.status()).toBe(302);
    expect(production.headers()['location']).toBe('/Top');
    const dummy = await request.get('/dummy', { headers: { host: 'portal.example.jp' }, maxRedirects: 0 });
    expect(dummy.headers()['location']).toBe('/Top');
    const local = await page.goto('/demo/statecharts');
    expect(local?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('状態遷移図のビューアーは、CSPのもとでも図と現在の状態を描き分けること', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto('/demo/statecharts?flow=anshinApply&state=confirm');
    const current = page.locator('svg [data-state-id="anshinApply.confirm"]');
    await expect(current).toHaveClass(/is-current/);
    // A state is a white box; the current one is tinted and outlined in colour.
    const fillOf = (stateId: string) => page.locator(`svg [data-state-id="${stateId}"] > rect`).first().evaluate((rect) => getComputedStyle(rect).fill);
    expect(await fillOf('anshinApply.landing')).toBe('rgb(255, 255, 255)');
    expect(await fillOf('anshinApply.confirm')).toBe('rgb(232, 240, 254)');
    await expect(page.locator('tr.is-current-row').first()).toHaveCSS('background-color', 'rgb(232, 240, 254)');
    expect(refused).toEqual([]);
  });

  test('クエリ文字列はページの読み込み後に取り除かれること', async ({ page }) => {
    await signIn(page, 'demo01');
    await page.goto('/OptionServices?utm_source=mail&x=1');
    await expect(page.getByRole('heading', { level: 1, name: 'オプションサービス' })).toBeVisible();
    await expect(page).toHaveURL(/\/OptionServices$/);
  });

  test('ポータル内の移動がないまま手続きの途中ページを開くとトップへ転送されること', async ({ browser }) => {
    const context = await browser.newContext();
    const first = await context.newPage();
    await signIn(first, 'demo02');
    // A new tab: signed in (the cookie), but no internal origin and no referrer.
    const tab = await context.newPage();
    await tab.goto('/AnshinDataBox/Update/Confirm');
    await expect(tab).toHaveURL(/\/Top$/);
    // The top page says why (E9997), politely, not as an error.
    const notice = tab.getByRole('status').filter({ hasText: 'トップページのメニューからお手続きください。' });
    await expect(notice).toBeVisible();
    await expect(notice.getByText('エラーコード：E9997')).toBeVisible();
    await expectAccessible(tab);
    // A reload of the top page opened from the menu shows no notice.
    await first.reload();
    await expect(first.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    await expect(first.getByText('トップページのメニューからお手続きください。')).toBeHidden();
    await context.close();
  });

  test('手続きの途中でログインが切れると、E9998のページからログインし直して手続きの最初に戻れること', async ({ page, context }) => {
    // demo11 has no data storage contract whatever ran before (demo01's is applied for by the data storage specs).
    await signIn(page, 'demo11');
    await startApply(page);
    await expect(page).toHaveURL(/\/AnshinDataBox\/Apply$/);
    // The session ends elsewhere (signed out in another tab, expired): the cookie is gone.
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/\/Error$/);
    await expect(page.getByText('エラーコード：E9998')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'ログインしてやり直す' }).click();
    await completeProviderSignIn(page, 'demo11');
    // Sign-on request type 3 lands on the flow's start, not on the step whose run is gone.
    await expect(page).toHaveURL(/\/AnshinDataBox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'あんしんデータボックス' })).toBeVisible();
  });

  test('ポータル内から、フローが到達していない手続きページを開くとE9998になること', async ({ page }) => {
    await signIn(page, 'demo02');
    await page.goto('/AnshinDataBox/Update/Confirm');
    await expect(page.getByText('エラーコード：E9998')).toBeVisible();
    await expect(page.getByRole('link', { name: 'トップへ戻る' })).toBeVisible();
  });

  test('許可リストにない外部サイトへのリダイレクトはE9998になること', async ({ page }) => {
    await signIn(page, 'demo01');
    await page.goto('/Top?redirect=https://evil.example/steal');
    await expect(page.getByText('エラーコード：E9998')).toBeVisible();
    await expect(page).not.toHaveURL(/evil\.example/);
  });

  test('再読み込みすると同じURLの同じページに戻ること', async ({ page }) => {
    await signIn(page, 'demo01');
    await page.getByRole('link', { name: 'オプションサービスの一覧と料金' }).click();
    await expect(page).toHaveURL(/\/OptionServices$/);
    await page.reload();
    await expect(page).toHaveURL(/\/OptionServices$/);
    await expect(page.getByRole('heading', { level: 1, name: 'オプションサービス' })).toBeVisible();
  });

  test('ブラウザのキャッシュから復元されたページは読み込み直されること', async ({ page }) => {
    await signIn(page, 'demo01');
    await page.evaluate(() => {
      (window as unknown as { restoredMarker: number }).restoredMarker = 1;
    });
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { restoredMarker?: number }).restoredMarker)).toBeUndefined();
  });

  test('通常のページへの移動ではローディング表示が出て、エラーページへの移動では出ないこと', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { overlaySeen: string[] }).overlaySeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('.loading-overlay')) seen.push(location.pathname);
      }).observe(document, { subtree: true, childList: true });
    });
    await signIn(page, 'demo01');
    await page.getByRole('link', { name: 'オプションサービスの一覧と料金' }).click();
    await expect(page).toHaveURL(/\/OptionServices$/);
    const toPages = await page.evaluate(() => (window as unknown as { overlaySeen: string[] }).overlaySeen);
    expect(toPages.length).toBeGreaterThan(0);
    await page.goto('/Error?code=E9997');
    await expect(page.getByText('エラーコード：E9997')).toBeVisible();
    const toError = await page.evaluate(() => (window as unknown as { overlaySeen: string[] }).overlaySeen);
    expect(toError).toEqual([]);
  });

  test('/doClearはこの端末の保存情報を消し、ログイン中ならトップへ戻ること', async ({ page, context }) => {
    await signIn(page, 'demo02');
    await page.getByRole('link', { name: 'ご契約内容を見る' }).click();
    await expect(page).toHaveURL(/\/AnshinDataBox\/Service\/Detail$/);
    // The detail page starts the change-payment flow, whose machine loads lazily: its snapshot
    // reaches sessionStorage after the URL changes, so wait for it before taking the picture.
    const ourKeys = () => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('portal.')).sort());
    await expect.poll(ourKeys).toContain('portal.flow.anshinChangePayment');
    const before = await ourKeys();
    await page.goto('/doClear');
    // doClear lands on the landing page, which sends a signed-in customer on to Top.
    await expect(page).toHaveURL(/\/Top$/);
    await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    const after = await ourKeys();
    expect(after).not.toContain('portal.flow.anshinChangePayment');
    // What remains of ours is exactly what a brand-new tab writes on its way to Top (the
    // router keeps its own scroll positions, which are not customer data).
    const fresh = await context.newPage();
    await fresh.goto('/');
    await expect(fresh).toHaveURL(/\/Top$/);
    await expect(fresh.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    const baseline = await fresh.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('portal.')).sort());
    expect(before.length).toBeGreaterThan(baseline.length);
    // The detail page's kept view (ADR 0116) may be written by the page left after /doClear has
    // cleared (its pagehide can run late); the app removes it once it holds Top.
    await expect.poll(ourKeys).toEqual(baseline);
  });

  test('エラーページはコードに応じた日本語のメッセージを表示すること', async ({ page }) => {
    await page.goto('/Error?code=E0008');
    await expect(page.getByText('ご契約またはご利用の状況により、このお手続きはご利用いただけません。')).toBeVisible();
    await expect(page).toHaveURL(/\/Error$/);
    await expectAccessible(page);
  });

  test('トップ、オプションサービス、ランディングがアクセシビリティ検査に合格すること', async ({ page }) => {
    await page.goto('/');
    await expectAccessible(page);
    await signIn(page, 'demo03');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'オプションサービスの一覧と料金' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'オプションサービス' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('最初の表示（ADR 0087）', () => {
  test('ページを開くと遷移ルールの4つの問い合わせはHTMLの答えで済み、ポータル内の次の画面では規制チェックだけを問い合わせること', async ({ page }) => {
    await signIn(page, 'demo02');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}`);
    });
    await page.goto('/AnshinDataBox/Service/Detail');
    await expect(page.getByRole('heading', { level: 1, name: 'あんしんデータボックスのご契約内容' })).toBeVisible();
    const navigationCalls = /\/getAuthInfo$|\/bySbSystemId\/contracts$|\/get_master_data\/method$|\/regulation\/check$/;
    expect(asked.filter((call) => navigationCalls.test(call))).toEqual([]);

    await page.getByRole('link', { name: 'トップ' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    expect(asked.filter((call) => navigationCalls.test(call))).toEqual(['POST /api/customer/1000000002/regulation/check']);
  });
});
