/** Offers the newer build; never reloads on its own, so nothing the customer typed is lost. */
import { useStore } from '../stores/store-core';
import { buildUpdateStore } from './build-check';

export function UpdateBanner() {
  const latest = useStore(buildUpdateStore, (state) => state.latest);
  const dismissed = useStore(buildUpdateStore, (state) => state.dismissed);
  return (
    <div role="status" aria-live="polite">
      {latest !== null && !dismissed ? (
        <div className="update-banner">
          <div className="update-banner__inner">
            <p>新しいバージョンのお客さまポータルがあります。再読み込みすると最新の画面になります。</p>
            <div className="button-row">
              <button type="button" className="button" onClick={() => window.location.reload()}>
                再読み込み
              </button>
              <button type="button" className="button button--secondary" onClick={() => buildUpdateStore.set({ dismissed: true })}>
                あとで
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
