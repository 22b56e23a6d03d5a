/**
 * Which pages the server may draw on a reload or on Back from the card provider
 * (contracts/first-view-reads.ts, drawnOnFreshLoadOnly; docs/decisions/0106-first-view-from-the-server.md):
 * both resume the tab's stored run, which may stand on any of the flow's persistable states, and
 * the server draws one state. A page whose URL holds a persistable state other than the one drawn
 * is drawn on a fresh load only.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { drawnOnFreshLoadOnly, firstViewReads, firstViewStates } from '../../contracts/first-view-reads';
import type { StateMeta } from '../../machines/flow-meta';
import { pageById } from '../../machines/page-table';
import { machineRegistry } from '../../machines/registry';

const allStates = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(allStates)];

/** The states of `pageId`'s flow on the page's URL. */
function stateNodesOn(pageId: string): AnyStateNode[] {
  const page = pageById(pageId);
  const entry = machineRegistry.find((candidate) => candidate.id === page?.flow);
  if (page === undefined || entry === undefined) return [];
  return allStates(entry.machine.root).filter((node) => (node.meta as StateMeta | undefined)?.route === page.path);
}

const statesOn = (pageId: string): string[] => stateNodesOn(pageId).map((node) => node.id);

/** The states a reload of `pageId`, or Back to it from the card provider, may resume: the persistable ones on its URL. */
const resumableStatesOn = (pageId: string): string[] => stateNodesOn(pageId).filter((node) => node.tags.includes('persistable')).map((node) => node.id);

/** The state `pageId`'s first view shows, as a state id of its flow (firstViewStates). */
function drawnStateOf(pageId: string): string | undefined {
  const page = pageById(pageId);
  const state = firstViewStates[pageId];
  return page?.flow === undefined || state === undefined ? undefined : `${page.flow}.${state}`;
}

describe('再読み込み・カード決済サービスからの戻りで最初の表示を描かないページ', () => {
  const drawnPages = Object.keys(firstViewReads);

  it('フローのあるページはすべて、描く状態がそのページのURLの状態として決まっていること', () => {
    const flowPages = drawnPages.filter((pageId) => statesOn(pageId).length > 0);
    expect(flowPages.sort()).toEqual(Object.keys(firstViewStates).sort());
    for (const pageId of flowPages) expect(statesOn(pageId), pageId).toContain(drawnStateOf(pageId));
  });

  it('同じURLに、描く状態とは別の再開できる段階があるページはすべて、新しく開いたときだけ描くこと', () => {
    const laterSteps = drawnPages.filter((pageId) => resumableStatesOn(pageId).some((state) => state !== drawnStateOf(pageId)));
    expect(laterSteps.sort()).toEqual([...drawnOnFreshLoadOnly].sort());
  });

  it('再開の確認は、カード決済サービスを待つ段階が同じURLにあること（この一覧の理由）', () => {
    expect(resumableStatesOn('ADB0011')).toEqual(['anshinResume.cardProvider.away']);
  });

  it('プラン変更は、プランの選択と変更内容の確認が同じURLにあること（この一覧の理由）', () => {
    expect(resumableStatesOn('BKL0011')).toEqual(['basketLivePlanChange.choosing', 'basketLivePlanChange.confirm']);
  });
});
