const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes the five HTML special characters (spec section 5). React escapes what it renders;
 * this is for strings that leave React: mail bodies, server-rendered text, `title` attributes
 * built by hand.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => entities[ch] ?? ch);
}
