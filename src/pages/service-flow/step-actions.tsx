/** What a step shows around its form: a notice from the error catalogue, the submit and the way back, and the "did it go through?" resend. */
import { describeError } from '../../../contracts/error-catalogue';

/** A warning of the error catalogue shown on the page it concerns (W0008, W0012, A0461...). */
export function Notice({ code }: { readonly code: string }) {
  const { message, detail } = describeError(code);
  return (
    <div className="alert alert--warning" role="alert">
      <p className="alert__title">{message}</p>
      {detail === '' ? null : <p>{detail}</p>}
      <p className="alert__code">コード：{code}</p>
    </div>
  );
}

/** A submit whose answer never came: the same request key makes a resend safe. */
export function SubmitUnknown({ onRetry }: { readonly onRetry: () => void }) {
  return (
    <div className="alert alert--warning" role="alert">
      <p className="alert__title">通信が途切れたため、お手続きが完了したか確認できませんでした。</p>
      <p>「もう一度送信する」を押してください。同じお手続きが二重に行われることはありません。</p>
      <div className="button-row">
        <button type="button" className="button button--block" onClick={onRetry}>
          もう一度送信する
        </button>
      </div>
    </div>
  );
}

export type SubmitActionsProps = {
  readonly busy: boolean;
  readonly canSubmit: boolean;
  readonly submitLabel: string;
  readonly busyLabel: string;
  readonly backLabel: string;
  readonly onBack: () => void;
  /** Absent: the button submits the surrounding form. */
  readonly onSubmit?: () => void;
};

/** The final submit and the way back of a confirm step; while sending, only the busy submit shows. */
export function SubmitActions({ busy, canSubmit, submitLabel, busyLabel, backLabel, onBack, onSubmit }: SubmitActionsProps) {
  return (
    <div className="button-row">
      <button type={onSubmit === undefined ? 'submit' : 'button'} className="button button--block" disabled={busy || !canSubmit} onClick={onSubmit}>
        {busy ? busyLabel : submitLabel}
      </button>
      {busy ? null : (
        <button type="button" className="button button--secondary button--block" onClick={onBack}>
          {backLabel}
        </button>
      )}
    </div>
  );
}
