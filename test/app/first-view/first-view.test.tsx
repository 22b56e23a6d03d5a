/**
 * The first view's two halves in the app (docs/decisions/0106-first-view-from-the-server.md): what
 * the server's renderer draws, and the app taking the page over from it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderFirstView } from '../../../src/first-view/render-first-view';
import { takeOverFirstView } from '../../../src/first-view/take-over';

const drawn = (pageId: string, pathname: string) => {
  const markup = renderFirstView({ pageId, pathname });
  if (markup === undefined) return undefined;
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('サーバーが描く最初の表示（render-first-view）', () => {
  it('アカウント管理を、ログイン中のレイアウト・見出し・まだ選べないメニューで描くこと', () => {
    const view = drawn('ACC0001', '/AccountMenu');
    expect(view?.querySelector('h1')?.textContent).toBe('アカウント管理');
    expect(view?.querySelector('nav[aria-label="メインメニュー"]')).not.toBeNull();
    const buttons = [...(view?.querySelectorAll<HTMLButtonElement>('.account-menu button') ?? [])];
    expect(buttons.map((button) => button.querySelector('.account-menu__label')?.textContent)).toEqual(['お客さま情報', '連絡先', 'セキュリティ設定', 'ログイン履歴', '受信設定']);
    expect(buttons.every((button) => button.disabled)).toBe(true);
    expect(view?.querySelector('.site-footer__build')).toBeNull();
  });

  it('描く表示のないページには何も返さないこと', () => {
    expect(drawn('ADB0001', '/AnshinDataBox')).toBeUndefined();
    expect(drawn('CMN0002', '/Top')).toBeUndefined();
  });
});

describe('アプリによる引き継ぎ（takeOverFirstView）', () => {
  it('最初の表示を外し、隠していたアプリの root を同じ時に見せること', () => {
    document.body.innerHTML = '<div id="first-view"><p>drawn</p></div><div id="root" hidden><p>app</p></div>';
    takeOverFirstView(document);
    expect(document.getElementById('first-view')).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
    expect(document.body.textContent).toBe('app');
  });

  it('最初の表示がなければ何も変えないこと', () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div>';
    takeOverFirstView(document);
    expect(document.body.innerHTML).toBe('<div id="root"><p>app</p></div>');
  });
});
