import { describe, expect, it } from 'vitest';
import { backTags, pageMeta, readPage, stepMeta } from '../../machines/flow-meta';

describe('状態のメタ情報（machines/flow-meta.ts）', () => {
  it('画面の状態はページ表のパス、画面ID、タイトルを持つこと（末尾のスラッシュは無視）', () => {
    expect(pageMeta('/AccountMenu/Update/UserName/', ['SPEC-7.otp-send'])).toEqual({
      route: '/AccountMenu/Update/UserName',
      pageId: 'ACC0003',
      title: 'お名前の変更',
      requirements: ['SPEC-7.otp-send'],
    });
  });

  it('自分のタイトルを渡した状態はそのタイトルを、パスと画面IDはページ表のものを持つこと', () => {
    expect(pageMeta('/Top', [], '確認中')).toEqual({ route: '/Top', pageId: 'CMN0002', title: '確認中', requirements: [] });
  });

  it('ページ表にないパスは、画面のメタ情報でも戻るの抑止でも、読み込み時にそのパスを挙げて止めること', () => {
    expect(() => pageMeta('/AccountMenu/Nowhere', [])).toThrow('not in the page table: /AccountMenu/Nowhere');
    expect(() => backTags('/AccountMenu/Nowhere')).toThrow('not in the page table: /AccountMenu/Nowhere');
  });

  it('ホスト画面の中の手順はタイトルと要件だけを持つこと', () => {
    expect(stepMeta('確認コードの入力', ['SPEC-7.otp-send'])).toEqual({ title: '確認コードの入力', requirements: ['SPEC-7.otp-send'] });
  });

  it('ブラウザーの戻るを抑止する画面だけがnoBackを持ち、読むだけの画面はpersistableを持つこと', () => {
    expect(backTags('/AccountMenu/Update/UserName')).toEqual(['noBack']);
    expect(backTags('/Top')).toEqual([]);
    expect(readPage('/AccountMenu/Update/UserName', []).tags).toEqual(['noBack', 'persistable']);
    expect(readPage('/Top', ['SPEC-7.otp-send'])).toEqual({
      tags: ['persistable'],
      meta: { route: '/Top', pageId: 'CMN0002', title: 'トップ', requirements: ['SPEC-7.otp-send'] },
    });
  });
});
