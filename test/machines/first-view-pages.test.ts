/**
 * Which pages the server may draw on a reload (contracts/first-view-reads.ts, drawnOnFreshLoadOnly;
 * docs/decisions/0106-first-view-from-the-server.md): a reload resumes the tab's stored run, which
 * may stand on any of the flow's persistable states, and the server draws one of them. A page whose
 * URL holds more than one such state is drawn on a fresh load only.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { drawnOnFreshLoadOnly, firstViewReads } from '../../contracts/first-view-reads';
import type { StateMeta } from '../../machines/flow-meta';
import { pageById } from '../../machines/page-table';
import { machineRegistry } from '../../machines/registry';

const allStates = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(allStates)];

/** The states a reload of `pageId` may resume: the page's flow's persistable states on the page's URL. */
function resumableStatesOn(pageId: string): string[] {
  const page = pageById(pageId);
  const entry = machineRegistry.find((candidate) => candidate.id === page?.flow);
  if (page === undefined || entry === undefined) return [];
  return allStates(entry.machine.root)
    .filter((node) => node.tags.includes('persistable') && (node.meta as StateMeta | undefined)?.route === page.path)
    .map((node) => node.id);
}

describe('再読み込みで最初の表示を描かないページ', () => {
  const drawnPages = Object.keys(firstViewReads);

  it('同じURLに再開できる段階が二つ以上あるページはすべて、新しく開いたときだけ描くこと', () => {
    const severalSteps = drawnPages.filter((pageId) => resumableStatesOn(pageId).length > 1);
    expect(severalSteps.sort()).toEqual([...drawnOnFreshLoadOnly].sort());
  });

  it('プラン変更は、プランの選択と変更内容の確認が同じURLにあること（この一覧の理由）', () => {
    expect(resumableStatesOn('BKL0011')).toEqual(['basketLivePlanChange.choosing', 'basketLivePlanChange.confirm']);
  });
});
