/** Small server-rendered Japanese pages (sandbox providers, app-not-built). No inline script or style: the CSP forbids both. */
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

/** A page of trusted markup; every value inside `body` must already be escaped. */
export function htmlPage(title: string, body: string, stylesheet?: string): string {
  return [
    '<!doctype html>',
    '<html lang="ja">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    stylesheet !== undefined ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : '',
    '</head>',
    `<body><main>${body}</main></body>`,
    '</html>',
  ].join('\n');
}
