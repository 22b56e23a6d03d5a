import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../contracts/text/html-escape';

function unescape(value: string): string {
  return value
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
    expect(escapeHtml('お知らせ')).toBe('お知らせ');
  });

  test.prop([fc.string()])('leaves no raw special character and can be undone', (value) => {
    const escaped = escapeHtml(value);
    expect(escaped).not.toMatch(/[<>"']/);
    expect(escaped).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
    expect(unescape(escaped)).toBe(value);
  });
});
