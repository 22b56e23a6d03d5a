/**
 * Registry entries of the in-store support flows: the kit's cancel (with the reckoning-date
 * withdrawal only this service offers) and the contract page with its support and benefit histories.
 */
import type { SnapshotFrom } from 'xstate';
import type { SupportHistoryInfo } from '../../contracts/api/support-history';
import { InStoreSupport } from '../../contracts/services/in-store-support';
import { atStep, unless } from '../mbt/invariant-helpers';
import { failures, modelEvents, sampleInput } from '../model-fixtures';
import type { MachineEntry } from '../registry';
import { contract, serviceFlowEntries } from '../service-flow/model-entries';
import { contractLoaded } from '../service-flow/steps';
import { inStoreSupportCancelMachine } from './in-store-support.flows';
import { HistoryPageSize, inStoreSupportHistoryMachine } from './support-history.machine';

type HistorySnapshot = SnapshotFrom<typeof inStoreSupportHistoryMachine>;

const plan = InStoreSupport.plans[0].planId;

/** A visit as GET support/history answers it. */
export const visit = (index: number): SupportHistoryInfo => ({
  index,
  supportCategoryNm: 'アプリ設定',
  cfOrderNumber: `CF20260101${String(index).padStart(5, '0')}`,
  supportAcceptedDt: '2026/01/01 10:00:00',
  supportAcceptedShopNm: 'ポータルショップ金沢香林坊',
  supportMenuHistoryInfo: [{ supportMenuNm: 'LINEの引き継ぎ', price: 0 }],
});

/** More visits than one page shows, and fewer. */
const longHistory = Array.from({ length: HistoryPageSize + 2 }, (_, index) => visit(index));
const shortHistory = [visit(0), visit(1)];

export const supportHistoryEntry: MachineEntry = {
  id: 'inStoreSupportHistory',
  title: 'スマホ設定サポート定額のご契約内容・サポート履歴・特典履歴',
  machine: inStoreSupportHistoryMachine,
  input: sampleInput,
  events: modelEvents(
    contractLoaded(contract('active', '01', plan)),
    contractLoaded(contract('none', null, plan)),
    { type: 'xstate.error.actor.loadContract', error: failures.unknown },
    { type: 'history.open' },
    { type: 'benefits.open' },
    { type: 'xstate.done.actor.loadSupportHistory', output: { supportHistoryInfo: longHistory } },
    { type: 'xstate.done.actor.loadSupportHistory', output: { supportHistoryInfo: shortHistory } },
    { type: 'xstate.error.actor.loadSupportHistory', error: failures.unknown },
    { type: 'history.more' },
    { type: 'history.select', index: 1 },
    { type: 'history.select', index: HistoryPageSize + 1 },
    // An index the list does not have: logged, then the error page (spec section 8).
    { type: 'history.select', index: 99 },
    { type: 'wizard.back' },
  ),
  serializeState: (raw) => {
    const snapshot = raw as HistorySnapshot;
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      status: context.contract?.status ?? null,
      listed: context.support.supportHistoryInfo.length,
      more: context.shown < context.support.supportHistoryInfo.length,
      index: context.support.currentIndex,
    });
  },
  invariants: [
    {
      id: 'inStoreSupportHistory.transition-flag',
      description: 'サポート履歴の詳細は、一覧から選んだ（遷移フラグが立っている）ときだけ表示すること',
      check: (raw) => {
        const snapshot = raw as HistorySnapshot;
        const { transitionFlg } = snapshot.context.support;
        return unless(transitionFlg === atStep(snapshot, ['historyDetail']), `transitionFlg ${String(transitionFlg)} in ${JSON.stringify(snapshot.value)}`);
      },
    },
    {
      id: 'inStoreSupportHistory.listed-detail',
      description: '詳細に表示するのは、一覧にある履歴であること',
      check: (raw) => {
        const snapshot = raw as HistorySnapshot;
        const { supportHistoryInfo, currentIndex } = snapshot.context.support;
        return unless(
          !atStep(snapshot, ['historyDetail']) || supportHistoryInfo.some((entry) => entry.index === currentIndex),
          `index ${String(currentIndex)} is not in the list of ${supportHistoryInfo.length}`,
        );
      },
    },
    {
      id: 'inStoreSupportHistory.contract-first',
      description: '履歴の画面は、ご契約がある（または過去にあった）お客さまだけに表示すること',
      check: (raw) => {
        const snapshot = raw as HistorySnapshot;
        const status = snapshot.context.contract?.status ?? 'none';
        return unless(!atStep(snapshot, ['historyLoading', 'history', 'historyDetail', 'benefits']) || status !== 'none', `status ${status}`);
      },
    },
    {
      id: 'inStoreSupportHistory.page-size',
      description: '一覧は10件ずつ表示し、「もっと見る」で表示する件数が履歴の件数を超えて増えないこと',
      check: (raw) => {
        const { shown, support } = (raw as HistorySnapshot).context;
        const limit = Math.max(HistoryPageSize, Math.ceil(support.supportHistoryInfo.length / HistoryPageSize) * HistoryPageSize);
        return unless(shown % HistoryPageSize === 0 && shown <= limit, `shown ${shown} of ${support.supportHistoryInfo.length}`);
      },
    },
  ],
};

export const inStoreSupportModelEntries: MachineEntry[] = [
  ...serviceFlowEntries(InStoreSupport, { cancel: inStoreSupportCancelMachine }),
  supportHistoryEntry,
];
