/**
 * The security headers of every answer, computed once per server with helmet and then copied
 * onto each response (docs/decisions/0040-precomputed-security-headers.md). helmet stays the
 * source of what the headers say; @fastify/helmet ran its middleware, re-parsing the CSP, on
 * every request, which cost more CPU than the hot API call's own work.
 * test/server/security-headers.test.ts pins every value.
 *
 * Nothing here depends on the request: no CSP nonces. Routes that need other headers (the
 * sandboxes' own pages, a page with the first-view loader inline) set them on the reply, which
 * wins over these.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../env';
import { cdnBase } from '../spa/cdn-url';

export type SecurityHeader = readonly [name: string, value: string];

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** What a page may add to the policy: the hashes of its inline scripts (the first-view loader, ADR 0112). */
export type PageScripts = { readonly scriptHashes?: readonly string[] };

function helmetOptions(env: Pick<Env, 'PUBLIC_URL' | 'OIDC_ISSUER' | 'CDN_URL'>, page: PageScripts): HelmetOptions {
  const https = env.PUBLIC_URL?.startsWith('https:') === true;
  const signOnOrigin = originOf(env.OIDC_ISSUER);
  // The build's static files may come from a CDN (ADR 0090): scripts, styles, fonts and images only.
  const cdnOrigin = originOf(cdnBase(env.CDN_URL));
  const assets = cdnOrigin === undefined ? [] : [cdnOrigin];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...assets, ...(page.scriptHashes ?? [])],
        // React sets style through the CSSOM, which CSP does not govern; no 'unsafe-inline'.
        styleSrc: ["'self'", ...assets],
        imgSrc: ["'self'", 'data:', ...assets],
        fontSrc: ["'self'", ...assets],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        // The sign-in form posts to the sign-on provider when it is another origin.
        formAction: ["'self'", ...(signOnOrigin !== undefined ? [signOnOrigin] : [])],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where the portal is really served over https; local http must keep working.
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet sets for this environment, in its order: its middleware run once against a
 * response that only records. With static options it never reads the request.
 */
export function securityHeaders(env: Pick<Env, 'PUBLIC_URL' | 'OIDC_ISSUER' | 'CDN_URL'>, page: PageScripts = {}): readonly SecurityHeader[] {
  const headers: SecurityHeader[] = [];
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader: () => undefined,
  };
  let failure: unknown;
  helmet(helmetOptions(env, page))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error('helmet refused the security header options');
  if (headers.length === 0) throw new Error('helmet set no headers');
  return headers;
}
