/** The loading overlay (spec section 3, transient UI state), announced politely to screen readers. */
import { loadingStore } from '../stores/loading-store';
import { useStore } from '../stores/store-core';

export function LoadingOverlay() {
  const visible = useStore(loadingStore, (state) => state.visible);
  const message = useStore(loadingStore, (state) => state.message);
  return (
    <div role="status" aria-live="polite">
      {visible ? (
        <div className="loading-overlay">
          <div className="loading-overlay__box">
            <span className="spinner" aria-hidden="true" />
            <span>{message === '' ? '読み込み中です' : message}</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
