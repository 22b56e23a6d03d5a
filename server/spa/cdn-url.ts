/**
 * The CDN URL of the configuration (spec section 3): where the build's static files (/assets/:
 * JS, CSS, fonts, images) are served from; unset, the portal's own origin. One setting, CDN_URL,
 * read by the build (vite.config.ts writes the asset URLs with it) and by the server (its CSP
 * allows that origin, and it refuses to serve a build made for another one).
 * docs/decisions/0090-sign-on-interface-table-and-cdn-url.md.
 */

/** `https://cdn.example.jp/portal/` -> `https://cdn.example.jp/portal`; throws on anything else than an http(s) base. */
export function cdnBase(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`CDN_URL is not a URL: ${value}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Error(`CDN_URL must be an http(s) origin with an optional path, got ${value}`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The URL of a file of the build (`assets/x.js`) as the HTML and the JS reference it. */
export function builtFileUrl(base: string | undefined, filename: string): string {
  return `${base ?? ''}/${filename}`;
}

/**
 * The asset URLs of a built index.html that do not point where this server expects them: under
 * the CDN base when one is set, else under its own /assets/.
 */
export function misplacedAssets(indexHtml: string, base: string | undefined): string[] {
  const expected = builtFileUrl(base, 'assets/');
  const referenced = [...indexHtml.matchAll(/\b(?:src|href)="([^"]*\/assets\/[^"]*)"/g)].map((match) => match[1] ?? '');
  return referenced.filter((url) => !url.startsWith(expected));
}
