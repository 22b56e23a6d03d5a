/**
 * The committed statechart exports must be what the registered machines generate, so
 * analysts never review a stale chart.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { DIFF_DIR, renderAll, STATECHARTS_DIR } from '../../scripts/statecharts/export-all';

// ELK lays out every flow; on the shared two-core machines that takes several seconds.
const LAYOUT_TIMEOUT = 60_000;

const HINT = 'The statechart exports are stale: run `npm run statecharts` and commit docs/statecharts/.';

describe('docs/statecharts', () => {
  it('matches what machines/registry.ts generates', async () => {
    const expected = await renderAll(machineRegistry);
    const stale = [...expected]
      .filter(([path, text]) => {
        const file = join(STATECHARTS_DIR, path);
        return !existsSync(file) || readFileSync(file, 'utf8') !== text;
      })
      .map(([path]) => path);
    expect(stale, HINT).toEqual([]);
  }, LAYOUT_TIMEOUT);

  it('holds no folder of a flow that is no longer registered', () => {
    const ids = new Set(machineRegistry.map((e) => e.id));
    const folders = existsSync(STATECHARTS_DIR)
      ? readdirSync(STATECHARTS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== DIFF_DIR).map((d) => d.name)
      : [];
    expect(folders.filter((f) => !ids.has(f)), HINT).toEqual([]);
  });
});
