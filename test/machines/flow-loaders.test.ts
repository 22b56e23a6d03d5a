import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { gatherFlowLoaders } from '../../machines/flow-loaders';

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
