/**
 * The chunks a drawn page's take-over needs, linked from its HTML (docs/decisions/0108): read from
 * the build's module table, without the first script's own chunks; a module the build does not
 * have is left out and reported.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstViewPreloads, loadModuleChunks, withPreloads } from '../../server/spa/first-view-preloads';
import type { ModuleChunks } from '../../server/spa/module-chunks';

const table: ModuleChunks = {
  entry: 'assets/index-a1.js',
  chunks: {
    'assets/index-a1.js': ['assets/react-b2.js'],
    'assets/react-b2.js': [],
    'assets/kit-c3.js': ['assets/react-b2.js'],
    'assets/menu-page-d4.js': ['assets/index-a1.js', 'assets/kit-c3.js'],
    'assets/menu.machine-e5.js': ['assets/kit-c3.js'],
  },
  modules: {
    'src/main.tsx': 'assets/index-a1.js',
    'src/pages/menu-page.tsx': 'assets/menu-page-d4.js',
    'src/pages/menu-copy.ts': 'assets/menu-page-d4.js',
    'machines/menu.machine.ts': 'assets/menu.machine-e5.js',
    // A module in a shared chunk, which Vite's manifest would not name.
    'src/api/queries/coupons.query.ts': 'assets/kit-c3.js',
  },
};
const link = (href: string) => `<link rel="modulepreload" crossorigin href="${href}">`;

describe('描いたページが引き継ぎに読み込むチャンクを、HTMLからリンクすること', () => {
  it('ページのモジュールのチャンクとそれが読み込むチャンクを一度ずつ、最初のスクリプトのチャンクを除いてリンクすること', () => {
    const { links, missing } = firstViewPreloads(table, { ACC0001: ['src/pages/menu-page.tsx', 'src/pages/menu-copy.ts', 'machines/menu.machine.ts'] }, undefined);
    expect(links.get('ACC0001')).toBe(link('/assets/menu-page-d4.js') + link('/assets/kit-c3.js') + link('/assets/menu.machine-e5.js'));
    expect(missing).toEqual([]);
  });

  it('共有のチャンクにあるモジュールも、そのチャンクでリンクすること', () => {
    expect(firstViewPreloads(table, { SSS0001: ['src/api/queries/coupons.query.ts'] }, undefined).links.get('SSS0001')).toBe(link('/assets/kit-c3.js'));
  });

  it('CDN の URL があれば、ビルドが書いたのと同じ URL でリンクすること', () => {
    const { links } = firstViewPreloads(table, { ACC0001: ['machines/menu.machine.ts'] }, 'https://cdn.example.jp/portal');
    expect(links.get('ACC0001')).toBe(link('https://cdn.example.jp/portal/assets/menu.machine-e5.js') + link('https://cdn.example.jp/portal/assets/kit-c3.js'));
  });

  it('ビルドにないモジュールは、リンクせずに知らせ、ほかのモジュールはリンクすること', () => {
    const { links, missing } = firstViewPreloads(table, { ACC0001: ['src/pages/renamed-page.tsx', 'machines/menu.machine.ts'] }, undefined);
    expect(missing).toEqual(['src/pages/renamed-page.tsx']);
    expect(links.get('ACC0001')).toBe(link('/assets/menu.machine-e5.js') + link('/assets/kit-c3.js'));
  });

  it('リンクを head の終わりに入れ、リンクのないページは変えないこと', () => {
    const html = '<html><head><title>t</title></head><body></body></html>';
    expect(withPreloads(html, link('/assets/x.js'))).toBe(`<html><head><title>t</title>${link('/assets/x.js')}</head><body></body></html>`);
    expect(withPreloads(html, undefined)).toBe(html);
    expect(withPreloads(html, '')).toBe(html);
  });
});

describe('ビルドのモジュールの表', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-module-chunks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('ビルドがなければ何も返さず、壊れた表は起動の時点で止めること', async () => {
    expect(await loadModuleChunks(join(dir, 'none'))).toBeUndefined();
    mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
    writeFileSync(join(dir, 'client', '.vite', 'module-chunks.json'), JSON.stringify({ entry: 'assets/index.js', chunks: {} }));
    await expect(loadModuleChunks(join(dir, 'client'))).rejects.toThrow();
    writeFileSync(join(dir, 'client', '.vite', 'module-chunks.json'), JSON.stringify(table));
    expect(await loadModuleChunks(join(dir, 'client'))).toEqual(table);
  });
});
