/**
 * The portal as an OpenID Connect relying party (openid-client v6): code flow with PKCE, state
 * and nonce, and the spec's fixed request parameters (section 9). Discovery happens on first
 * use so the server can start before it listens (the local provider is on the same port).
 */
import * as client from 'openid-client';
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
  configuration(): Promise<client.Configuration>;
  redirectUri(): string;
  postLogoutRedirectUri(): string;
  localClient(): LocalClient;
};

export function createRelyingParty(env: Env, keys: AuthKeys, baseUrl: BaseUrl): RelyingParty {
  const local = env.OIDC_ISSUER === undefined;
  const redirectUri = () => new URL(env.OIDC_REDIRECT_PATH, `${baseUrl()}/`).href;
  const postLogoutRedirectUri = () => new URL(env.OIDC_POST_LOGOUT_PATH, `${baseUrl()}/`).href;
  const clientSecret = env.OIDC_CLIENT_SECRET ?? (local ? keys.localClientSecret : undefined);
  let discovered: Promise<client.Configuration> | undefined;

  const discover = async (): Promise<client.Configuration> => {
    const issuer = new URL(env.OIDC_ISSUER ?? localIssuer(baseUrl));
    const metadata: Partial<client.ClientMetadata> = {
      redirect_uris: [redirectUri()],
      response_types: ['code'],
      ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
    };
    const auth = clientSecret === undefined ? client.None() : client.ClientSecretBasic(clientSecret);
    // The local provider is plain HTTP on loopback; a configured issuer must be HTTPS.
    const insecure = issuer.protocol === 'http:' && (local || env.NODE_ENV !== 'production');
    return client.discovery(
      issuer,
      env.OIDC_CLIENT_ID,
      metadata,
      auth,
      insecure ? { execute: [client.allowInsecureRequests] } : undefined,
    );
  };

  return {
    local,
    configuration() {
      discovered ??= discover().catch((error: unknown) => {
        // A provider that was down must not stay "discovered" as a failure.
        discovered = undefined;
        throw error;
      });
      return discovered;
    },
    redirectUri,
    postLogoutRedirectUri,
    localClient: () => ({
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: clientSecret ?? keys.localClientSecret,
      redirectUri: redirectUri(),
      postLogoutRedirectUri: postLogoutRedirectUri(),
    }),
  };
}
