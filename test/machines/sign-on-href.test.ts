import { describe, expect, it } from 'vitest';
import { SignOnType } from '../../contracts/codes';
import { findLivePage, type PageEntry } from '../../machines/page-table';
import { flowEntryPage, signOnHref } from '../../machines/sign-on-href';

const page = (path: string): PageEntry => {
  const entry = findLivePage(path);
  if (entry === undefined) throw new Error(`no live page ${path}`);
  return entry;
};

/** The query of a sign-on URL, as the sign-on route reads it. */
const queryOf = (href: string) => {
  const url = new URL(href, 'http://portal.test');
  expect(url.pathname).toBe('/auth/login');
  return Object.fromEntries(url.searchParams);
};

describe('サインオンへの行き先（machines/sign-on-href.ts、spec 2章・3章のサインオン連携表）', () => {
  it('レベル2は種別を付けず、元のページへ戻るステップアップであること', () => {
    expect(queryOf(signOnHref('lv2', '/AccountMenu/Update/Phone', page('/AccountMenu/Update/Phone')))).toEqual({ level: '2', returnTo: '/AccountMenu/Update/Phone' });
  });

  it('ページの指定がなければトップへ戻る種別であること', () => {
    expect(queryOf(signOnHref('lv1', '/Top'))).toEqual({ returnTo: '/Top', type: SignOnType.ReturnToTop });
  });

  it('連携表にそのページの行があれば、その種別になること', () => {
    expect(queryOf(signOnHref('lv1', '/Invoice', page('/Invoice')))).toEqual({ returnTo: '/Invoice', type: SignOnType.Invoice });
    expect(queryOf(signOnHref('lv1', '/BasketLive', page('/BasketLive')))).toEqual({ returnTo: '/BasketLive', type: SignOnType.BasketLiveLanding });
  });

  it('ページに行がなくても、そのページのフローの入口に行があれば、その種別になること', () => {
    expect(queryOf(signOnHref('lv1', '/BasketLive/Apply', page('/BasketLive/Apply')))).toEqual({ returnTo: '/BasketLive/Apply', type: SignOnType.BasketLiveLanding });
  });

  it('ページにもフローの入口にも行がなければ、見ていたページへ戻る種別であること', () => {
    expect(queryOf(signOnHref('lv1', '/AnshinDataBox', page('/AnshinDataBox')))).toEqual({ returnTo: '/AnshinDataBox', type: SignOnType.ReturnToLanding });
    expect(queryOf(signOnHref('lv1', '/AccountMenu', page('/AccountMenu')))).toEqual({ returnTo: '/AccountMenu', type: SignOnType.ReturnToLanding });
  });

  it('フローの入口は、そのフローの入口にできるページであること（手順のページではない）', () => {
    expect(flowEntryPage('basketLiveApply')?.path).toBe('/BasketLive');
    expect(flowEntryPage('anshinCancel')?.path).toBe('/AnshinDataBox/Cancel/Inform');
    expect(flowEntryPage('noSuchFlow')).toBeUndefined();
  });
});
