import { useRouter } from '@tanstack/react-router';
import { act, cleanup, screen } from '@testing-library/react';
import type { HistoryState } from '@tanstack/history';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorPage } from '../../../src/pages/error/error-page';
import { renderPage } from '../anshin-data-box/support';

afterEach(cleanup);

/** The error page as the router opens it: the code and what it offers ride in history state. */
async function openWithState(state: HistoryState) {
  let navigate: ((state: HistoryState) => Promise<void>) | undefined;
  function Page() {
    const router = useRouter();
    navigate = (next) => router.navigate({ to: '/', state: next, replace: true });
    return <ErrorPage />;
  }
  await renderPage(<Page />);
  await act(() => navigate?.(state));
}

const restart = () => screen.queryByRole('link', { name: 'お手続きを最初からやり直す' });

describe('エラーページ', () => {
  it('保存しない途中ページの再読み込み（E9998）では、理由とフローの入口からやり直す道を先に示すこと（ADR 0121）', async () => {
    await openWithState({ errorCode: 'E9998', restartPath: '/AnshinDataBox' });
    expect(screen.getByText(/エラーコード：E9998/)).toBeTruthy();
    expect(screen.getByText(/画面の再読み込みなどにより、入力いただいた内容を引き継げませんでした。/)).toBeTruthy();
    expect(restart()?.getAttribute('href')).toBe('/AnshinDataBox');
    const links = screen.getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['お手続きを最初からやり直す', 'トップへ戻る']);
  });

  it('履歴の状態が示す行き先は、ページ表のフローの入口ページでなければ無視すること', async () => {
    for (const restartPath of ['https://evil.example/', '//evil.example', '/Top', '/AnshinDataBox/Apply', '/no/such/page']) {
      await openWithState({ errorCode: 'E9998', restartPath });
      expect(restart(), restartPath).toBeNull();
      expect(screen.queryByText(/入力いただいた内容を引き継げませんでした/)).toBeNull();
      expect(screen.getByRole('link', { name: 'トップへ戻る' })).toBeTruthy();
      cleanup();
    }
  });
});
