/**
 * The part of oidc-provider v9 (which ships no types) that the local provider uses.
 * Shapes follow node_modules/oidc-provider/lib/provider.js and lib/helpers/defaults.js.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type ProviderContext = {
    body: unknown;
    type: string;
    status: number;
    host: string;
    oidc: { client?: { clientId: string } };
  };

  export type Account = {
    accountId: string;
    claims: (use: string, scope: string) => Promise<Record<string, unknown>>;
  };

  export type ClientMetadata = {
    client_id: string;
    client_secret?: string;
    client_name?: string;
    redirect_uris: string[];
    post_logout_redirect_uris?: string[];
    response_types?: string[];
    grant_types?: string[];
    token_endpoint_auth_method?: string;
    require_auth_time?: boolean;
    id_token_signed_response_alg?: string;
  };

  /** What the provider stores per model (interaction, session, code, grant...); `consumed` once used. */
  export type AdapterPayload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type Configuration = {
    /** Storage of the provider's state; unset: its process-local memory. */
    adapter?: new (model: string) => Adapter;
    clients: ClientMetadata[];
    findAccount: (ctx: ProviderContext, sub: string) => Promise<Account | undefined>;
    acrValues?: string[];
    claims?: Record<string, string[]>;
    scopes?: string[];
    jwks?: { keys: object[] };
    cookies?: {
      keys?: string[];
      long?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; secure?: boolean };
      short?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; secure?: boolean };
    };
    features?: {
      devInteractions?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: ProviderContext, form: string) => Promise<void>;
        postLogoutSuccessSource?: (ctx: ProviderContext) => Promise<void>;
      };
    };
    pkce?: { required?: () => boolean };
    interactions?: { url?: (ctx: ProviderContext, interaction: { uid: string }) => Promise<string> };
    renderError?: (ctx: ProviderContext, out: { error: string; error_description?: string }, error: Error) => Promise<void>;
    ttl?: Record<string, number>;
    discovery?: Record<string, unknown>;
  };

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string; uid: string };
    grantId?: string;
    returnTo: string;
  };

  export type InteractionResults = {
    login?: { accountId: string; acr?: string; amr?: string[]; remember?: boolean; ts?: number };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    readonly issuer: string;
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    SessionNotFound: new (...args: unknown[]) => Error;
  };
}
