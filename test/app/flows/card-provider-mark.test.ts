/**
 * The mark the app leaves for the server while a run waits at the card provider
 * (contracts/first-view.ts, AtCardProviderCookie; docs/decisions/0106, decision 11).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AtCardProviderCookie } from '../../../contracts/first-view';
import { markAtCardProvider } from '../../../src/flows/card-provider-mark';

afterEach(() => {
  document.cookie = `${AtCardProviderCookie}=; Path=/; Max-Age=0`;
});

describe('カード決済サービスへ出たページの印', () => {
  it('出たページのパスをクッキーに残し、戻ったら消すこと', () => {
    markAtCardProvider(true, '/AnshinDataBox/Resume/Confirm');
    expect(document.cookie).toContain(`${AtCardProviderCookie}=/AnshinDataBox/Resume/Confirm`);
    markAtCardProvider(false, '/Payment/Redirect');
    expect(document.cookie).not.toContain(AtCardProviderCookie);
  });

  it('出なおしたときは、最後に出たページを名指すこと', () => {
    markAtCardProvider(true, '/AnshinDataBox/Resume/Confirm');
    markAtCardProvider(true, '/AnshinDataBox/Apply/Payment');
    expect(document.cookie).toBe(`${AtCardProviderCookie}=/AnshinDataBox/Apply/Payment`);
  });
});
