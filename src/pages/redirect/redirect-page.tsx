/**
 * /Redirect: forwards to an allow-listed external site with a login ticket (POST /api/ticket).
 * Without a ticket it falls back to a message and a plain link, so the customer can still go
 * and sign in there (spec section 7).
 */
import { useLoaderData } from '@tanstack/react-router';
import { useEffect } from 'react';
import { withTicket, type RedirectLoaderData } from './redirect-target';
import { redirectStore } from '../../stores/redirect-store';

export function RedirectPage() {
  const data: RedirectLoaderData = useLoaderData({ strict: false });
  const href = withTicket(data.target, data.ticket);
  const forwarding = data.ticket !== null;
  useEffect(() => {
    redirectStore.set({ url: null });
    if (forwarding) window.location.assign(href);
  }, [forwarding, href]);
  return <RedirectView href={href} forwarding={forwarding} />;
}

export function RedirectView({ href, forwarding }: { readonly href: string; readonly forwarding: boolean }) {
  const host = new URL(href).host;
  return forwarding ? (
    <>
      <p role="status">外部サイト（{host}）へ移動しています。しばらくお待ちください。</p>
      <p className="note">
        画面が切り替わらない場合は、<a href={href}>こちらから移動してください</a>。
      </p>
    </>
  ) : (
    <>
      <div className="alert alert--warning" role="alert">
        <p className="alert__title">ログイン情報を引き継げませんでした。</p>
        <p>移動先のサイトで、あらためてログインしてください。</p>
      </div>
      <div className="button-row">
        <a href={href} className="button button--block">
          {host} へ移動する
        </a>
      </div>
    </>
  );
}
