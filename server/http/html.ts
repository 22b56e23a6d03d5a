/**
 * Small server-rendered Japanese pages (sign-in, sandbox providers, app-not-built). No inline
 * script or style: the CSP forbids both. Escaping is the spec section 5 helper.
 */
import { escapeHtml } from '../../contracts/text/html-escape';

export { escapeHtml };

/** Markup that is already safe: `html` inserts it as is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = string | number | SafeHtml | readonly HtmlValue[] | null | undefined | false;

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}

/** Tagged template: every interpolated value is escaped unless it is already SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
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
