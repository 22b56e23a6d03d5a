import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import type { RequestTypeValue } from '../../contracts/codes';
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { anshinCancelMachine } from '../../machines/anshin-data-box/anshin-data-box.flows';
import { toUpdateRequest } from '../../machines/service-flow/cancel.flow';
import { failures, sampleInput, sampleReceipt } from '../../machines/model-fixtures';
import { fail, ok } from './support/fake-actors';
import { contractActors, contractOf } from './support/flow-harness';

type CancelSnapshot = SnapshotFrom<typeof anshinCancelMachine>;
const routeOf = (s: CancelSnapshot) => Object.values(s.getMeta()).at(-1)?.route;

async function start(contract: FlowContract, update?: Parameters<typeof contractActors>[1]) {
  const h = contractActors(contract, update);
  const actor = createActor(anshinCancelMachine.provide({ actors: h.actors }), { input: sampleInput }).start();
  await waitFor(actor, (s) => s.matches('inform'));
  return { ...h, actor };
}

describe('anshinCancel（解約）', () => {
  it('利用中の契約は月末解約予約04が既定で、即時解約03も選べ、アンケートとともに送ること', async () => {
    const h = await start(contractOf('active', '02'));
    expect(routeOf(h.actor.getSnapshot())).toBe('/AnshinDataBox/Cancel/Inform');
    h.actor.send({ type: 'wizard.next' });
    expect(routeOf(h.actor.getSnapshot())).toBe('/AnshinDataBox/Cancel/Confirm');
    expect(h.actor.getSnapshot().context.cancelInfo.requestType).toBe('04');
    expect(h.actor.getSnapshot().can({ type: 'cancel.select', requestType: '05' })).toBe(false);
    h.actor.send({ type: 'cancel.select', requestType: '03' });
    h.actor.send({ type: 'survey.answer', answers: ['price'] });
    h.actor.send({ type: 'confirm.submit' });
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(routeOf(h.actor.getSnapshot())).toBe('/AnshinDataBox/Cancel/Completed');
    expect(h.updateContract.calls[0]?.body).toMatchObject({
      serviceId: '223',
      planId: '225',
      requestType: '03',
      resume: false,
      survey: ['price'],
      tokenPAN: null,
    });
  });

  it('解約予約中の契約は解約予約の取消05だけを選べること', async () => {
    const { actor } = await start(contractOf('withdrawal_reserved', '01'));
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().context.cancelInfo.requestType).toBe('05');
    expect(actor.getSnapshot().can({ type: 'cancel.select', requestType: '04' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'cancel.select', requestType: '03' })).toBe(false);
  });

  it('利用停止中の契約は即時解約03だけで、締め日解約予約06はどの契約でも選べないこと', async () => {
    const { actor } = await start(contractOf('suspended', '02'));
    actor.send({ type: 'wizard.next' });
    expect(actor.getSnapshot().context.cancelInfo.requestType).toBe('03');
    expect(actor.getSnapshot().can({ type: 'cancel.select', requestType: '06' })).toBe(false);
  });

  it('解約済みの契約は解約内容の確認へ進めないこと', async () => {
    const { actor } = await start(contractOf('withdrawn', null));
    expect(actor.getSnapshot().can({ type: 'wizard.next' })).toBe(false);
  });

  it('解約完了へは解約内容の確認からの送信でしか進めず、ワンタイムパスワードを求めないこと', async () => {
    const { actor } = await start(contractOf('active', '02'));
    for (const event of [{ type: 'confirm.submit' }, { type: 'error.retry' }] as const) {
      expect(actor.getSnapshot().can(event)).toBe(false);
    }
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'confirm.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().children).not.toHaveProperty('verifyContact');
  });

  it('結果不明の失敗は同じキーで再送し、E0008はエラー画面に進むこと', async () => {
    const retried = await start(contractOf('active', '02'), [fail(failures.unknown), ok(sampleReceipt)]);
    retried.actor.send({ type: 'wizard.next' });
    retried.actor.send({ type: 'confirm.submit' });
    await waitFor(retried.actor, (s) => s.matches('submitUnknown'));
    retried.actor.send({ type: 'error.retry' });
    await waitFor(retried.actor, (s) => s.status === 'done');
    const [first, second] = retried.updateContract.calls;
    expect(second?.requestKey).toBe(first?.requestKey);

    const refused = await start(contractOf('active', '02'), [fail(failures.statusForbids)]);
    refused.actor.send({ type: 'wizard.next' });
    refused.actor.send({ type: 'confirm.submit' });
    await waitFor(refused.actor, (s) => s.status === 'done');
    expect(refused.actor.getSnapshot().value).toBe('failed');
    expect(refused.actor.getSnapshot().context.errorCode).toBe('E0008');
  });

  it('アンケートに答えずに解約すると空のアンケートを送ること', async () => {
    const h = await start(contractOf('active', '02'));
    h.actor.send({ type: 'wizard.next' });
    h.actor.send({ type: 'confirm.submit' });
    await waitFor(h.actor, (s) => s.status === 'done');
    expect(h.updateContract.calls[0]?.body).toMatchObject({ requestType: '04', resume: false, survey: [], paymentMethodLabel: null });
  });

  it('解約の本文は解約の申込種別（03〜06）がなければ作らないこと', () => {
    const initial = createActor(anshinCancelMachine, { input: sampleInput }).getSnapshot().context;
    const withType = (requestType: RequestTypeValue | null) => ({ ...initial, cancelInfo: { ...initial.cancelInfo, requestType } });
    for (const requestType of ['03', '04', '05', '06'] as const) {
      expect(toUpdateRequest(AnshinDataBox, withType(requestType))).toMatchObject({ requestType, survey: [] });
    }
    for (const requestType of [null, '01', '08'] as const) {
      expect(() => toUpdateRequest(AnshinDataBox, withType(requestType))).toThrow('cancel submitted without a cancel request type');
    }
  });
});
