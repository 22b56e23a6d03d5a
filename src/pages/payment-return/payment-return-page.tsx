/**
 * /Payment/Redirect and /Payment/Cancel/Redirect: the card provider's return points. The
 * route has already handed the return to the flow (provider.returned); the flow checks the
 * outcome with the server and the URL follows it. Until then the customer sees this wait.
 */
import { useRouterState } from '@tanstack/react-router';

export function PaymentReturnPage() {
  const cancelled = useRouterState({ select: (state) => state.location.pathname.startsWith('/Payment/Cancel') });
  return <PaymentReturnView cancelled={cancelled} />;
}

export function PaymentReturnView({ cancelled }: { readonly cancelled: boolean }) {
  return (
    <div role="status" aria-live="polite">
      <p className="lead">
        {cancelled ? 'カード情報の入力を中止しました。お手続きの画面へ戻ります。' : 'カード情報を確認しています。'}
      </p>
      <p>画面が切り替わるまで、このままお待ちください。ブラウザの「戻る」ボタンは押さないでください。</p>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
