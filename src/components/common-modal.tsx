/**
 * The common modal (spec section 3): a native modal dialog, so focus is trapped and Esc
 * closes it; focus returns to where it was when it closes.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { closeCommonModal, commonModalStore } from '../stores/common-modal-store';
import { useStore } from '../stores/store-core';

export function CommonModal() {
  const modal = useStore(commonModalStore);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<Element | null>(null);
  const titleId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (modal.visible && !dialog.open) {
      returnFocus.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The one action of the dialog takes focus, whatever the browser's dialog focusing rule.
      dialog.querySelector('button')?.focus();
    }
    if (!modal.visible && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
    }
  }, [modal.visible]);

  const close = () => {
    const toTop = modal.navigateToTop;
    closeCommonModal();
    if (toTop) void navigate({ to: '/Top' });
  };

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={titleId} onClose={() => modal.visible && close()}>
      {modal.visible ? (
        <>
          <h2 id={titleId}>{modal.title}</h2>
          {modal.subTitle === '' ? null : <p>{modal.subTitle}</p>}
          {modal.msgList.length === 0 ? null : (
            <ul>
              {modal.msgList.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {modal.commonMessage === '' ? null : <p>{modal.commonMessage}</p>}
          <div className="button-row">
            <button type="button" className="button button--block" onClick={close}>
              {modal.navigateToTop ? 'トップへ戻る' : '閉じる'}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
