import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import type { SupportHistoryResponse } from '../../contracts/api/support-history';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import { inStoreSupportCancelMachine } from '../../machines/in-store-support/in-store-support.flows';
import { visit } from '../../machines/in-store-support/model-entries';
import {
  DetailNotFoundMessage,
  HistoryPageSize,
  inStoreSupportHistoryMachine,
  type LoadSupportHistoryInput,
} from '../../machines/in-store-support/support-history.machine';
import { failures, sampleInput, sampleReceipt } from '../../machines/model-fixtures';
import type { LoadContractInput, UpdateContractInput } from '../../machines/service-flow/shared';
import { fail, ok, scripted, type Answer } from './support/fake-actors';
import { contractOf } from './support/flow-harness';

type HistorySnapshot = SnapshotFrom<typeof inStoreSupportHistoryMachine>;
const routeOf = (s: HistorySnapshot) => Object.values(s.getMeta()).at(-1)?.route;

const inStoreContract = (status: FlowContract['status']): FlowContract => ({ ...contractOf(status, status === 'none' ? null : '01'), planId: status === 'none' ? null : '238' });

async function startHistory(contract: FlowContract, ...history: Answer<SupportHistoryResponse>[]) {
  const loadContract = scripted<LoadContractInput, FlowContract>(ok(contract));
  const loadSupportHistory = scripted<LoadSupportHistoryInput, SupportHistoryResponse>(...history);
  const logged: unknown[][] = [];
  const actor = createActor(inStoreSupportHistoryMachine.provide({ actors: { loadContract: loadContract.logic, loadSupportHistory: loadSupportHistory.logic } }), {
    input: sampleInput,
    logger: (...args: unknown[]) => logged.push(args),
  }).start();
  await waitFor(actor, (s) => s.matches('detail'));
  return { actor, loadContract, loadSupportHistory, logged };
}

const visits = (count: number): SupportHistoryResponse => ({ supportHistoryInfo: Array.from({ length: count }, (_, index) => visit(index)) });

describe('inStoreSupportHistory（ご契約内容・サポート履歴・特典履歴）', () => {
  it('ご契約内容から履歴の一覧を読み込み、選んだ1件を遷移フラグとともに表示し、戻ると一覧でフラグを下ろすこと', async () => {
    const h = await startHistory(inStoreContract('active'), ok(visits(3)));
    expect(routeOf(h.actor.getSnapshot())).toBe('/Sumahosetup-support/Service/Detail');
    expect(h.loadContract.calls).toEqual([{ sbSystemId: sampleInput.sbSystemId, serviceId: '237' }]);
    h.actor.send({ type: 'history.open' });
    await waitFor(h.actor, (s) => s.matches('history'));
    expect(routeOf(h.actor.getSnapshot())).toBe('/Sumahosetup-support/SupportHistory');
    expect(h.loadSupportHistory.calls).toEqual([{ sbSystemId: sampleInput.sbSystemId }]);
    h.actor.send({ type: 'history.select', index: 2 });
    expect(h.actor.getSnapshot().value).toBe('historyDetail');
    expect(routeOf(h.actor.getSnapshot())).toBe('/Sumahosetup-support/SupportHistory/Detail');
    expect(h.actor.getSnapshot().context.support).toMatchObject({ currentIndex: 2, transitionFlg: true });
    h.actor.send({ type: 'wizard.back' });
    expect(h.actor.getSnapshot().value).toBe('history');
    expect(h.actor.getSnapshot().context.support).toMatchObject({ currentIndex: null, transitionFlg: false });
    h.actor.send({ type: 'wizard.back' });
    expect(h.actor.getSnapshot().value).toBe('detail');
  });

  it('一覧にないindexの詳細は、取得できなかった旨を日本語でログに残してエラー画面へ進むこと', async () => {
    const h = await startHistory(inStoreContract('active'), ok(visits(3)));
    h.actor.send({ type: 'history.open' });
    await waitFor(h.actor, (s) => s.matches('history'));
    h.actor.send({ type: 'history.select', index: 3 });
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(routeOf(h.actor.getSnapshot())).toBe('/Error');
    expect(h.logged).toEqual([[`${DetailNotFoundMessage}（index: 3）`]]);
  });

  it('一覧は10件ずつ表示し、「もっと見る」は残りがある間だけできること', async () => {
    const h = await startHistory(inStoreContract('active'), ok(visits(HistoryPageSize * 2 + 1)));
    h.actor.send({ type: 'history.open' });
    await waitFor(h.actor, (s) => s.matches('history'));
    expect(h.actor.getSnapshot().context.shown).toBe(10);
    h.actor.send({ type: 'history.more' });
    h.actor.send({ type: 'history.more' });
    expect(h.actor.getSnapshot().context.shown).toBe(30);
    expect(h.actor.getSnapshot().can({ type: 'history.more' })).toBe(false);
  });

  it('ちょうど10件なら「もっと見る」はできないこと', async () => {
    const h = await startHistory(inStoreContract('active'), ok(visits(HistoryPageSize)));
    h.actor.send({ type: 'history.open' });
    await waitFor(h.actor, (s) => s.matches('history'));
    expect(h.actor.getSnapshot().can({ type: 'history.more' })).toBe(false);
  });

  it('契約のないお客さまは履歴と特典の画面へ進めず、履歴の読み込みに失敗するとエラー画面へ進むこと', async () => {
    const none = await startHistory(inStoreContract('none'), ok(visits(1)));
    expect(none.actor.getSnapshot().can({ type: 'history.open' })).toBe(false);
    expect(none.actor.getSnapshot().can({ type: 'benefits.open' })).toBe(false);
    const failing = await startHistory(inStoreContract('withdrawn'), fail(failures.unknown));
    failing.actor.send({ type: 'benefits.open' });
    expect(routeOf(failing.actor.getSnapshot())).toBe('/Sumahosetup-support/BenefitHistory');
    failing.actor.send({ type: 'wizard.back' });
    failing.actor.send({ type: 'history.open' });
    await waitFor(failing.actor, (s) => s.status === 'done');
    expect(failing.actor.getSnapshot().value).toBe('failed');
  });

  it('ご契約内容の画面では support ストアは空で、遷移フラグは下りていること', async () => {
    const h = await startHistory(inStoreContract('active'), ok(visits(1)));
    expect(h.actor.getSnapshot().context.support).toEqual({ supportHistoryInfo: [], currentIndex: null, transitionFlg: false });
  });

  it('履歴の読み込みがエラーコード付きで失敗したら、そのコードを持ってエラー画面で終わること', async () => {
    const h = await startHistory(inStoreContract('active'), fail(failures.congestion));
    h.actor.send({ type: 'history.open' });
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(routeOf(h.actor.getSnapshot())).toBe('/Error');
    expect(h.actor.getSnapshot().context.errorCode).toBe('W0010');
  });

  it('表示中の履歴はスナップショットに残り、再読み込みで同じ1件に戻ること', async () => {
    const h = await startHistory(inStoreContract('active'), ok(visits(3)));
    h.actor.send({ type: 'history.open' });
    await waitFor(h.actor, (s) => s.matches('history'));
    h.actor.send({ type: 'history.select', index: 1 });
    expect(h.actor.getSnapshot().hasTag('persistable')).toBe(true);
    const restored = createActor(inStoreSupportHistoryMachine, { snapshot: h.actor.getPersistedSnapshot(), input: sampleInput }).start();
    expect(restored.getSnapshot().value).toBe('historyDetail');
    expect(restored.getSnapshot().context.support.supportHistoryInfo[restored.getSnapshot().context.support.currentIndex ?? -1]?.cfOrderNumber).toBe(
      visit(1).cfOrderNumber,
    );
  });
});

describe('inStoreSupportCancel（解約）', () => {
  it('利用中の契約は月末04・精算日06・今すぐ03を選べ、06を選ぶとプラン238のまま種別06で送ること', async () => {
    const loadContract = scripted<LoadContractInput, FlowContract>(ok(inStoreContract('active')));
    const updateContract = scripted<UpdateContractInput, ContractReceipt>(ok({ ...sampleReceipt, serviceId: '237' }));
    const actor = createActor(inStoreSupportCancelMachine.provide({ actors: { loadContract: loadContract.logic, updateContract: updateContract.logic } }), {
      input: sampleInput,
    }).start();
    await waitFor(actor, (s) => s.matches('inform'));
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().context.cancelInfo.requestType).toBe('04');
    expect(actor.getSnapshot().can({ type: 'cancel.select', requestType: '05' })).toBe(false);
    actor.send({ type: 'cancel.select', requestType: '06' });
    actor.send({ type: 'survey.answer', answers: ['device-change'] });
    actor.send({ type: 'confirm.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(Object.values(actor.getSnapshot().getMeta()).at(-1)?.route).toBe('/Sumahosetup-support/Cancel/Completed');
    expect(updateContract.calls[0]?.body).toMatchObject({ serviceId: '237', planId: '238', requestType: '06', survey: ['device-change'] });
  });
});
