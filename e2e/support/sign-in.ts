/**
 * Signs in the way a customer does: the portal's ログイン button, the local sign-on
 * provider's page, its consent page, back to the portal.
 */
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';

/**
 * The demo customer whose login ID and password e2e/account/credentials.spec.ts changes during
 * the run (ADR 0007): no other spec may sign in as it, since its seeded pair stops working.
 */
export const CredentialsChangedInRun = 'demo20';

/** Completes the provider's pages once the browser is on its sign-in form. */
export async function completeProviderSignIn(page: Page, loginId: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'ログインID' }).fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  const consent = page.getByRole('button', { name: '同意する' });
  // The provider asks for consent on every sign-in (prompt=consent).
  await consent.click();
}

/**
 * Opens the landing and waits until the app holds it. The server draws the landing for a visitor
 * (ADR 0113); a press across the take-over is its own case, tested in
 * e2e/foundation/first-view.spec.ts (ADR 0118): the other specs click on the page the app holds.
 */
export async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('#first-view')).toHaveCount(0);
}

/** From the landing page to Top, signed in as a demo customer. */
export async function signIn(page: Page, loginId: string): Promise<void> {
  await openLanding(page);
  await page.getByRole('link', { name: 'ログイン' }).or(page.getByRole('button', { name: 'ログイン' })).first().click();
  await completeProviderSignIn(page, loginId);
  await expect(page).toHaveURL(/\/Top$/);
  // The server draws /Top (ADR 0106); the app takes it over once its first navigation has ended,
  // which is also when it records /Top as the tab's page. A URL opened before that is opened from a
  // tab the app has not reached yet (E9997 instead of E9998 on a flow's inner page).
  await expect(page.locator('#first-view')).toHaveCount(0);
}
