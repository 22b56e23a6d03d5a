/**
 * The sign-on interface table (spec section 3: pageName, name, path, type, redirect URL kind,
 * client ID kind): one row per sign-on request type of spec section 4. The app builds its
 * sign-on links from it (src/navigation/navigation-rules.ts) and the server reads the same row
 * when the customer comes back (server/auth/return-to.ts, auth-routes.ts).
 * docs/decisions/0090-sign-on-interface-table-and-cdn-url.md.
 */
import { SignOnType, type SignOnTypeValue } from './codes';

/** Which configured redirect URL the provider returns to (config: sign-on redirect URL). */
export const RedirectUrlKind = { Callback: 'callback' } as const;
export type RedirectUrlKindValue = (typeof RedirectUrlKind)[keyof typeof RedirectUrlKind];

/** Which configured client ID the portal signs on as (config: sign-on client ID). */
export const ClientIdKind = { Portal: 'portal' } as const;
export type ClientIdKindValue = (typeof ClientIdKind)[keyof typeof ClientIdKind];

export type SignOnInterface = {
  /** The page (or the outside link) the sign-on is started from. */
  readonly pageName: string;
  /** What the customer is signing on for, in the portal's words. */
  readonly name: string;
  /** Where the customer lands after signing on; null: back to the page they asked for (returnTo). */
  readonly path: string | null;
  readonly type: SignOnTypeValue;
  readonly redirectUrlKind: RedirectUrlKindValue;
  readonly clientIdKind: ClientIdKindValue;
  /**
   * Who builds the sign-on link (our column): a page of the portal, or a link sent to the
   * customer by e-mail (the mail-address confirmation), which the portal never builds.
   */
  readonly startedBy: 'portal' | 'mail';
};

const portalClient = { redirectUrlKind: RedirectUrlKind.Callback, clientIdKind: ClientIdKind.Portal } as const;

export const SignOnInterfaces: readonly SignOnInterface[] = [
  { pageName: 'Top', name: 'トップ', path: '/Top', type: SignOnType.ReturnToTop, startedBy: 'portal', ...portalClient },
  {
    pageName: 'MailAddressConfirmation',
    name: 'メールアドレスの確認',
    // The confirmation runs inside the basket live application, the one flow that asks for it (ADR 0063).
    path: '/BasketLive',
    type: SignOnType.MailAddressConfirmation,
    startedBy: 'mail',
    ...portalClient,
  },
  { pageName: 'Landing', name: 'ご覧になっていたページ', path: null, type: SignOnType.ReturnToLanding, startedBy: 'portal', ...portalClient },
  { pageName: 'BasketLive', name: 'バスケットLIVE', path: '/BasketLive', type: SignOnType.BasketLiveLanding, startedBy: 'portal', ...portalClient },
  {
    pageName: 'BasketLiveMailAddressConfirmation',
    name: 'バスケットLIVEのメールアドレスの確認',
    path: '/BasketLive',
    type: SignOnType.BasketLiveMailAddressConfirmation,
    startedBy: 'mail',
    ...portalClient,
  },
  { pageName: 'Invoice', name: '請求書', path: '/Invoice', type: SignOnType.Invoice, startedBy: 'portal', ...portalClient },
];

/** The row of a request type; a sign-on without a type is the return to the page asked for. */
export function signOnInterfaceOf(type: SignOnTypeValue | undefined): SignOnInterface {
  const wanted = type ?? SignOnType.ReturnToLanding;
  const row = SignOnInterfaces.find((entry) => entry.type === wanted);
  if (row === undefined) throw new Error(`no sign-on interface for type ${wanted}`);
  return row;
}

/**
 * The row the portal uses from a page: the one that lands on the page itself or on the start of
 * its flow (an invoice page lands on /Invoice), else the return to the page asked for.
 */
export function signOnInterfaceFrom(paths: readonly string[]): SignOnInterface {
  return (
    SignOnInterfaces.find((entry) => entry.startedBy === 'portal' && entry.path !== null && paths.includes(entry.path)) ??
    signOnInterfaceOf(SignOnType.ReturnToLanding)
  );
}
