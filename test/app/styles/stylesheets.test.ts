/**
 * Our stylesheets hold no nested rules. CSS nesting is valid syntax, so a block left unclosed
 * (a merge once dropped two closing braces in account.css) is not an error anywhere: every rule
 * after it silently applies only inside the unclosed selector. The billing history's chart, table
 * and months and the security pages' rules went unstyled that way. We do not nest on purpose,
 * so any nested rule is such a slip.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
}

/** Each rule that sits inside another rule, as `file:line selector`. */
function nestedRules(file: string, css: string): string[] {
  const nested: string[] = [];
  postcss.parse(css, { from: file }).walkRules((rule) => {
    if (rule.parent?.type === 'rule') nested.push(`${file}:${rule.source?.start?.line ?? '?'} ${rule.selector}`);
  });
  return nested;
}

describe('stylesheets', () => {
  const files = stylesheets(join(root, 'src'));

  it('finds the app-wide sheet and the pages’ sheets', () => {
    expect(files).toEqual(expect.arrayContaining(['src/styles/global.css', 'src/pages/account/account.css', 'src/pages/billing/billing.css']));
  });

  it.each(files)('%s has every block closed and no nested rule', (file) => {
    expect(nestedRules(file, readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });

  it('reports a block left open', () => {
    expect(nestedRules('sheet.css', '.a {\n  margin: 0;\n\n.b {\n  color: red;\n}\n}\n')).toEqual(['sheet.css:4 .b']);
  });
});
