/**
 * The tab's kept view (docs/decisions/0116-the-tabs-kept-view.md): the page the tab leaves is kept,
 * only when a reload brings it back as it is; the loader paints it again on the reload, only for
 * that address under that session; the app then takes it over like the server's first view.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { AppRootElementId, FirstViewElementId, KeptViewKeyAttribute, KeptViewStoragePrefix, keptViewItem } from '../../../contracts/first-view';
import { isKeepable, keepableMarkup, keepView, keepViews } from '../../../src/first-view/kept-view';
import { showsFirstView } from '../../../src/first-view/kept-view-paint';
import { adoptFirstView } from '../../../src/first-view/take-over';
import type { RunningFlow } from '../../../src/flows/flow-registry';

const KEY = 'k3Yt0aSessionKey0000aa';
const STEP = '<main><h1>お支払い方法の変更</h1><p>新しいお支払い方法を選んでください。</p></main>';

/** The page as the server sends a signed-in page it does not draw: the root, shown, with the session's key. */
function servedPage(key: string | null = KEY): HTMLElement {
  document.body.innerHTML = `<div id="${AppRootElementId}"${key === null ? '' : ` ${KeptViewKeyAttribute}="${key}"`}></div>`;
  return document.getElementById(AppRootElementId)!;
}

afterEach(() => {
  sessionStorage.clear();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** A running flow whose one state stands on `route`, persistable or in flight. */
function flowAt(route: string, tags: string[]): Pick<RunningFlow, 'actor'> {
  const machine = createMachine({ id: 'kept', initial: 'step', states: { step: { tags, meta: { route } } } });
  return { actor: createActor(machine).start() };
}

describe('再読み込みで描き直す（ローダーの側）', () => {
  it('このセッションの鍵とこのアドレスで残した表示を、root の前に触れない最初の表示として描き、root を隠すこと', () => {
    const root = servedPage();
    sessionStorage.setItem(keptViewItem(KEY, location.href), STEP);
    expect(showsFirstView(document)).toBe(true);
    const view = document.getElementById(FirstViewElementId)!;
    expect(view.nextElementSibling).toBe(root);
    expect(view.innerHTML).toBe(STEP);
    expect(view.inert).toBe(true);
    expect(root.hidden).toBe(true);
  });

  it('別のアドレス・別のセッションの表示、鍵のないページでは何も描かないこと', () => {
    sessionStorage.setItem(keptViewItem(KEY, `${location.href}Other`), STEP);
    sessionStorage.setItem(keptViewItem('anotherSessionKey00000', location.href), STEP);
    for (const key of [KEY, null]) {
      const root = servedPage(key);
      expect(showsFirstView(document)).toBe(false);
      expect(document.getElementById(FirstViewElementId)).toBeNull();
      expect(root.hidden).toBe(false);
    }
  });

  it('サーバーが描いたページ（root が隠れている）には描き足さず、最初の表示があると答えること', () => {
    const root = servedPage();
    root.hidden = true;
    sessionStorage.setItem(keptViewItem(KEY, location.href), STEP);
    expect(showsFirstView(document)).toBe(true);
    expect(document.getElementById(FirstViewElementId)).toBeNull();
  });

  it('ブラウザが sessionStorage を拒むときは、何も描かないこと', () => {
    servedPage();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(showsFirstView(document)).toBe(false);
    expect(document.getElementById(FirstViewElementId)).toBeNull();
  });

  it('描いた表示をアプリが引き継ぎ、表示を外して root を見せること（契約の名前どおり）', () => {
    const root = servedPage();
    keepView(sessionStorage, KEY, location.href, STEP);
    expect(showsFirstView(document)).toBe(true);
    const firstView = adoptFirstView(document);
    expect(firstView.drawn).toBe(true);
    firstView.takeOver();
    expect(document.getElementById(FirstViewElementId)).toBeNull();
    expect(root.hidden).toBe(false);
  });
});

describe('去るページを残すこと（アプリの側）', () => {
  it('残す表示はタブに一つ: ほかの残した表示を消し、実行中のフローの記録には触れないこと', () => {
    sessionStorage.setItem(keptViewItem(KEY, 'http://localhost/A'), 'a');
    sessionStorage.setItem('portal.flow.changePayment', '{}');
    keepView(sessionStorage, KEY, 'http://localhost/B', 'b');
    expect(Object.keys(sessionStorage).filter((name) => name.startsWith(KeptViewStoragePrefix))).toEqual([keptViewItem(KEY, 'http://localhost/B')]);
    expect(sessionStorage.getItem(keptViewItem(KEY, 'http://localhost/B'))).toBe('b');
    keepView(sessionStorage, KEY, 'http://localhost/B', undefined);
    expect(Object.keys(sessionStorage)).toEqual(['portal.flow.changePayment']);
  });

  it('再読み込みで同じページに戻るときだけ残すこと: 前面のフローが保存できる状態で、このルートに立っているとき', () => {
    expect(isKeepable({ foreground: () => undefined }, '/AnshinDataBox/Update/Payment')).toBe(false);
    const at = (tags: string[]) => ({ foreground: () => flowAt('/AnshinDataBox/Update/Payment', tags) as RunningFlow });
    expect(isKeepable(at(['persistable']), '/AnshinDataBox/Update/Payment')).toBe(true);
    expect(isKeepable(at(['persistable']), '/AnshinDataBox/Update/Confirm')).toBe(false);
    // In flight (the reload resumes the call, not this picture) or holding what is never stored.
    expect(isKeepable(at(['busy']), '/AnshinDataBox/Update/Payment')).toBe(false);
    // Left for the card provider: Back from it shows the run's wait on this address, not this page.
    expect(isKeepable(at(['persistable', 'external']), '/AnshinDataBox/Update/Payment')).toBe(false);
    expect(isKeepable(at([]), '/AnshinDataBox/Update/Payment')).toBe(false);
  });

  it('読み込み中・ダイアログを開いているとき・root が隠れているときの表示は残さないこと', () => {
    const root = servedPage();
    root.innerHTML = STEP;
    expect(keepableMarkup(root)).toBe(STEP);
    for (const busy of ['<div class="loading-overlay"></div>', '<dialog open>W9999</dialog>', '<div aria-busy="true"></div>']) {
      root.innerHTML = STEP + busy;
      expect(keepableMarkup(root), busy).toBeUndefined();
    }
    root.innerHTML = STEP;
    root.hidden = true;
    expect(keepableMarkup(root)).toBeUndefined();
  });

  it('インラインのスタイルは残さないこと（ページの方針が拒むため）、ページの表示そのものは変えないこと', () => {
    const root = servedPage();
    root.innerHTML = '<main><div class="meter" style="width: 40%"><span style="">40%</span></div></main>';
    expect(keepableMarkup(root)).toBe('<main><div class="meter"><span>40%</span></div></main>');
    expect(root.innerHTML).toContain('style="width: 40%"');
  });

  it('ページを去るとき（pagehide）に、そのとき見えている表示を残し、残せないページでは消すこと', () => {
    const root = servedPage();
    root.innerHTML = STEP;
    let flow: RunningFlow | undefined = flowAt(location.pathname, ['persistable']) as RunningFlow;
    const stop = keepViews({ foreground: () => flow }, window, sessionStorage);
    expect(sessionStorage.length).toBe(0);
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(keptViewItem(KEY, location.href))).toBe(STEP);
    flow = undefined;
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.length).toBe(0);
    stop();
  });

  it('アプリが最初のページを持ったとき、タブに保存したフローがなければ、残っている表示をすべて消すこと（前の文書が遅れて書いたものも）', () => {
    for (const key of [KEY, null]) {
      servedPage(key);
      sessionStorage.setItem(keptViewItem(KEY, location.href), STEP);
      sessionStorage.setItem(keptViewItem(KEY, `${location.origin}/AnshinDataBox/Service/Detail`), STEP);
      sessionStorage.setItem('portal.auth.v1', '{}');
      const stop = keepViews({ foreground: () => undefined }, window, sessionStorage);
      expect(Object.keys(sessionStorage), String(key)).toEqual(['portal.auth.v1']);
      stop();
      sessionStorage.clear();
    }
    // With a run stored, the kept view of its step stays for Back or a reload to paint.
    servedPage();
    const kept = keptViewItem(KEY, `${location.origin}/AnshinDataBox/Update/Payment`);
    sessionStorage.setItem(kept, STEP);
    sessionStorage.setItem('portal.flow.anshinChangePayment', '{}');
    const stop = keepViews({ foreground: () => undefined }, window, sessionStorage);
    expect(sessionStorage.getItem(kept)).toBe(STEP);
    stop();
  });

  it('鍵のないページ（セッションなしで配られたページ）では何も残さないこと', () => {
    const root = servedPage(null);
    root.innerHTML = STEP;
    const stop = keepViews({ foreground: () => flowAt(location.pathname, ['persistable']) as RunningFlow }, window, sessionStorage);
    window.dispatchEvent(new Event('pagehide'));
    expect(Object.keys(sessionStorage)).toEqual([]);
    stop();
  });
});
