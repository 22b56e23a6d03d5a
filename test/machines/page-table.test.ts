import { describe, expect, it } from 'vitest';
import { findLivePage, findPage, isDemoPath, normalizePath, pageById } from '../../machines/page-table';

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
});
