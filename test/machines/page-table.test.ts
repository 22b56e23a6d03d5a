import { describe, expect, it } from 'vitest';
import { findLivePage, findPage, isDemoPath, normalizePath, pageById, pageTable } from '../../machines/page-table';

describe('ページ表のパスの規則（machines/page-table.ts）', () => {
  it('末尾のスラッシュは（いくつあっても）無視し、ルートは/のままであること', () => {
    expect(normalizePath('/Top')).toBe('/Top');
    expect(normalizePath('/Top/')).toBe('/Top');
    expect(normalizePath('/Top///')).toBe('/Top');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('///')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('パスでも画面IDでもページを引け、表にないものは見つからないこと', () => {
    expect(findPage('/Top/')?.id).toBe('CMN0002');
    expect(findLivePage('/AccountMenu/Update/UserName/')?.id).toBe('ACC0003');
    expect(findPage('/Nowhere')).toBeUndefined();
    expect(findLivePage('/Nowhere')).toBeUndefined();
    expect(pageById('CMN0002')?.path).toBe('/Top');
    expect(pageById('XXX0000')).toBeUndefined();
  });

  it('デモ用のページは/demo、/demo/...と/dummyだけであること', () => {
    for (const path of ['/demo', '/demo/', '/demo/otp', '/demo/a/b', '/dummy', '/dummy/']) expect(isDemoPath(path), path).toBe(true);
    for (const path of ['/', '/Top', '/demonstration', '/dummy/x', '/x/demo/', '/Demo']) expect(isDemoPath(path), path).toBe(false);
  });

  it('ブラウザの「戻る」を止めるのは、完了ページと申し込み・変更のページ（仕様 2章）で、それ以外では止めないこと', () => {
    // Spec section 2: "Completion pages and apply/update pages suppress browser Back"; ADR 0011
    // counts the change pages of the account menu and the plan change among the update pages.
    const isCompletion = (path: string) => path.endsWith('/Completed');
    const isApplyOrUpdate = (path: string) => /\/(Apply|Update)(\/|$)/.test(path) || path.endsWith('/Change') || /\/Contact\/(Email|Phone)$/.test(path);
    for (const page of pageTable) {
      expect(page.backForwardDeter, `${page.id} ${page.path}`).toBe(isCompletion(page.path) || isApplyOrUpdate(page.path));
    }
    // The confirmations of a cancel and of a resume are neither: their Back is the flow's own.
    expect(findPage('/AnshinDataBox/Cancel/Confirm')?.backForwardDeter).toBe(false);
    expect(findPage('/AnshinDataBox/Resume/Confirm')?.backForwardDeter).toBe(false);
    expect(findPage('/AnshinDataBox/Update/Confirm')?.backForwardDeter).toBe(true);
  });
});
