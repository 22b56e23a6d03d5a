import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { flowLoaders, gatherFlowLoaders } from '../../machines/flow-loaders';
import { machineRegistry } from '../../machines/registry';

const load = (id: string) => () => Promise.resolve(createMachine({ id }));

describe('フローの読み込み表を集めること（machines/flow-loaders.ts）', () => {
  it('各フォルダーの読み込み関数を、そのまま一つの表にすること', () => {
    const invoice = load('invoice');
    const account = load('account');
    const anshinApply = load('anshinApply');
    const table = gatherFlowLoaders({
      './invoice/invoice.loaders.ts': { invoice },
      './account-menu/account-menu.loaders.ts': { account, anshinApply },
    });
    expect(table).toEqual({ invoice, account, anshinApply });
    expect(table.invoice).toBe(invoice);
  });

  it('同じフローを二つのファイルが宣言したら、黙って上書きせずに二つ目のファイル名を挙げて止めること', () => {
    expect(() =>
      gatherFlowLoaders({
        './invoice/invoice.loaders.ts': { invoice: load('invoice') },
        './copy/copy.loaders.ts': { invoice: load('invoice') },
      }),
    ).toThrow('flow invoice has a loader in two files (the second: ./copy/copy.loaders.ts)');
  });
});

// Loaded while the file is collected, not inside the test: a module first evaluated inside a test
// counts its top-level code (the page table, the machine definitions) as reached by that test, and
// the mutation report then runs every test against each of those hundreds of mutants (ADR 0086).
const loaded = await Promise.all(Object.entries(flowLoaders).map(async ([flowId, loader]) => [flowId, await loader()] as const));

describe('the real loader table', () => {
  it('各フローの読み込み関数が、そのフローのマシンを読み込むこと', () => {
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter(([flowId, machine]) => flowId !== machine.id).map(([flowId]) => flowId)).toEqual([]);
    // The same machine objects the model-based run explores.
    const registered = new Map(machineRegistry.map((entry) => [entry.id, entry.machine]));
    expect(loaded.filter(([flowId, machine]) => registered.get(flowId) !== machine).map(([flowId]) => flowId)).toEqual([]);
  });
});
