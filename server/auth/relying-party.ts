/**
 * The portal as an OpenID Connect relying party (openid-client v6): code flow with PKCE, state
 * and nonce, and the spec's fixed request parameters (section 9). Discovery happens on first
 * use so the server can start before it listens (the local provider is on the same port).
 */
import * as client from 'openid-client';
import { RedirectUrlKind, type ClientIdKindValue, type RedirectUrlKindValue } from '../../contracts/sign-on-interfaces';
import type { Env } from '../env';
import type { AuthKeys } from './auth-keys';
import type { BaseUrl } from './base-url';
import { localIssuer, RequiredAcr, type LocalClient } from './local-provider';

/** Spec section 9: response type code, display touch, prompt consent, scope openid, acr value 2. */
export const SignOnParameters = {
  response_type: 'code',
  display: 'touch',
  prompt: 'consent',
  scope: 'openid',
  acr_values: RequiredAcr,
} as const;

export type RelyingParty = {
  readonly local: boolean;
  /** The provider's configuration for the client ID of that kind (the sign-on interface table's column). */
  configuration(kind: ClientIdKindValue): Promise<client.Configuration>;
  /** The redirect URL of that kind (the sign-on interface table's column). */
  redirectUri(kind: RedirectUrlKindValue): string;
  postLogoutRedirectUri(): string;
  localClient(): LocalClient;
};

export function createRelyingParty(env: Env, keys: AuthKeys, baseUrl: BaseUrl): RelyingParty {
  const local = env.OIDC_ISSUER === undefined;
  // One registered client and one callback today; a new kind in the table is a compile error here until configured.
  const clientIds: Record<ClientIdKindValue, string> = { portal: env.OIDC_CLIENT_ID };
  const redirectPaths: Record<RedirectUrlKindValue, string> = { callback: env.OIDC_REDIRECT_PATH };
  const redirectUri = (kind: RedirectUrlKindValue) => new URL(redirectPaths[kind], `${baseUrl()}/`).href;
  const postLogoutRedirectUri = () => new URL(env.OIDC_POST_LOGOUT_PATH, `${baseUrl()}/`).href;
  const clientSecret = env.OIDC_CLIENT_SECRET ?? (local ? keys.localClientSecret : undefined);
  const discovered = new Map<ClientIdKindValue, Promise<client.Configuration>>();

  const discover = async (kind: ClientIdKindValue): Promise<client.Configuration> => {
    const issuer = new URL(env.OIDC_ISSUER ?? localIssuer(baseUrl));
    const metadata: Partial<client.ClientMetadata> = {
      redirect_uris: Object.values(redirectPaths).map((path) => new URL(path, `${baseUrl()}/`).href),
      response_types: ['code'],
      ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
    };
    const auth = clientSecret === undefined ? client.None() : client.ClientSecretBasic(clientSecret);
    // The local provider is plain HTTP on loopback; a configured issuer must be HTTPS.
    const insecure = issuer.protocol === 'http:' && (local || env.NODE_ENV !== 'production');
    return client.discovery(
      issuer,
      clientIds[kind],
      metadata,
      auth,
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
  };

  return {
    local,
    configuration(kind) {
      const known = discovered.get(kind);
      if (known !== undefined) return known;
      const fresh = discover(kind).catch((error: unknown) => {
        // A provider that was down must not stay "discovered" as a failure.
        discovered.delete(kind);
        throw error;
      });
      discovered.set(kind, fresh);
      return fresh;
    },
    redirectUri,
    postLogoutRedirectUri,
    localClient: () => ({
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: clientSecret ?? keys.localClientSecret,
      redirectUri: redirectUri(RedirectUrlKind.Callback),
      postLogoutRedirectUri: postLogoutRedirectUri(),
    }),
  };
}
