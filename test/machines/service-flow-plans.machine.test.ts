/**
 * The service-flow kit on a service with several plans (basket live): the apply's plan choice
 * and mail-address check, and the contract's plan kept by a change of payment and a cancellation
 * (spec sections 3, 4, 5).
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import type { EntryJudgementResponse } from '../../contracts/api/entry-judgement';
import type { PaymentMethodsResponse } from '../../contracts/api/payment';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import { BasketLive } from '../../contracts/services/basket-live';
import { basketLiveApplyMachine, basketLiveCancelMachine, basketLiveChangePaymentMachine } from '../../machines/basket-live/basket-live.flows';
import { sampleInput, sampleReceipt } from '../../machines/model-fixtures';
import type { JudgeEntryInput, LoadPaymentMethodsInput, RegisterServiceInput } from '../../machines/service-flow/apply.flow';
import { ok, scripted } from './support/fake-actors';
import { contractActors, contractOf } from './support/flow-harness';

/** A contract on basket live's third plan, not the service's first. */
const onPremium = (status: FlowContract['status'], paymentMethod: FlowContract['paymentMethod']): FlowContract => ({
  ...contractOf(status, paymentMethod),
  planId: '232-2',
});

function applyHarness(judgement: EntryJudgementResponse) {
  const judgeEntry = scripted<JudgeEntryInput, EntryJudgementResponse>(ok(judgement));
  const methods: PaymentMethodsResponse = { paymentMethodList: [{ value: '01', label: '携帯電話料金とまとめて支払い', details: [] }] };
  const loadPaymentMethods = scripted<LoadPaymentMethodsInput, PaymentMethodsResponse>(ok(methods));
  const registerService = scripted<RegisterServiceInput, ContractReceipt>(ok(sampleReceipt));
  const machine = basketLiveApplyMachine.provide({
    actors: { judgeEntry: judgeEntry.logic, loadPaymentMethods: loadPaymentMethods.logic, registerService: registerService.logic },
  });
  return { actor: createActor(machine, { input: sampleInput }).start(), registerService };
}

describe('サービス共通の手続き（複数プランのサービス）', () => {
  it('申込画面ではサービスのプランだけを選べ、選んだプランが申込内容に入ること', async () => {
    const { actor } = applyHarness({ result: 'OK', ngList: [] });
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches('applyForm'));
    expect(actor.getSnapshot().context.applyInfo.planId).toBe('232');
    expect(actor.getSnapshot().can({ type: 'plan.select', planId: '225' })).toBe(false);
    actor.send({ type: 'plan.select', planId: '232-3' });
    expect(actor.getSnapshot().context.applyInfo).toMatchObject({ planId: '232-3', consented: false, requestType: null });
  });

  it('メールアドレスのみのNGは、届かないアドレスか未確認かを確認の手順に渡すこと', async () => {
    const { actor } = applyHarness({ result: 'NG', ngList: [{ parameter: 'mailAddress', reason: 'MAIL_ADDRESS_UNDELIVERABLE' }] });
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => s.matches('mailConfirmation'));
    expect(actor.getSnapshot().context.mailProblem).toBe('undeliverable');
    expect(actor.getSnapshot().children.mailConfirmation?.getSnapshot().context.problem).toBe('undeliverable');
  });

  it('メールアドレス以外のNGは確認の手順に進まず、申込不可とすること', async () => {
    const { actor } = applyHarness({ result: 'NG', ngList: [{ parameter: 'contractStatus', reason: '現在お申し込みいただけません（コード17）' }] });
    actor.send({ type: 'wizard.next' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().value).toBe('ineligible');
    expect(actor.getSnapshot().context.mailProblem).toBeNull();
  });

  it('支払方法の変更は契約中のプランで更新すること', async () => {
    const h = contractActors(onPremium('active', '02'));
    const actor = createActor(basketLiveChangePaymentMachine.provide({ actors: h.actors }), { input: sampleInput }).start();
    await waitFor(actor, (s) => s.matches('detail'));
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' });
    expect(actor.getSnapshot().context.changeInfo).toMatchObject({ planId: '232-2', requestType: '08' });
  });

  it('解約は契約中のプランを送ること', async () => {
    const h = contractActors(onPremium('active', '01'));
    const actor = createActor(basketLiveCancelMachine.provide({ actors: h.actors }), { input: sampleInput }).start();
    await waitFor(actor, (s) => s.matches('inform'));
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'confirm.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.updateContract.calls[0]?.body).toMatchObject({ serviceId: BasketLive.serviceId, planId: '232-2', requestType: '04' });
  });
});
