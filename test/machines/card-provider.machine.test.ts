import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type Snapshot } from 'xstate';
import type { PaymentInformationResponse, ProviderOrder } from '../../contracts/api/payment';
import {
  cardProviderMachine,
  type CardProviderInput,
  type CreatePaymentSessionInput,
  type VerifyPaymentResultInput,
} from '../../machines/card-provider.machine';
import { failures, sampleCard, sampleInput } from '../../machines/model-fixtures';
import { persistDecision, redactSnapshot } from '../../machines/persistence';
import { fail, ok, scripted, type Answer } from './support/fake-actors';

const input: CardProviderInput = {
  sbSystemId: sampleInput.sbSystemId,
  contentsServiceId: '223',
  operationType: '20',
  returnUrls: sampleInput.returnUrls,
};
const session: PaymentInformationResponse = { redirectOrderUrl: 'https://card.example.jp/order/o-9', orderId: 'o-9' };

function harness(order: Answer<ProviderOrder>[], created: Answer<PaymentInformationResponse>[] = [ok(session)]) {
  const createPaymentSession = scripted<CreatePaymentSessionInput, PaymentInformationResponse>(...created);
  const verifyPaymentResult = scripted<VerifyPaymentResultInput, ProviderOrder>(...order);
  const machine = cardProviderMachine.provide({
    actors: { createPaymentSession: createPaymentSession.logic, verifyPaymentResult: verifyPaymentResult.logic },
  });
  return { machine, createPaymentSession, verifyPaymentResult };
}

describe('cardProvider（カード決済事業者との往復）', () => {
  it('操作コードと戻り先URLで事業者の画面を準備し、通信中の処理を持たずにexternalで待つこと', async () => {
    const h = harness([ok<ProviderOrder>({ orderId: 'o-9', status: 'completed', card: sampleCard })]);
    const actor = createActor(h.machine, { input }).start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('external'));
    expect(h.createPaymentSession.calls).toEqual([
      { sbSystemId: sampleInput.sbSystemId, contentsServiceId: '223', body: { operationType: '20', ...sampleInput.returnUrls } },
    ]);
    const away = actor.getSnapshot();
    expect(away.context.redirectOrderUrl).toBe(session.redirectOrderUrl);
    expect(away.hasTag('busy')).toBe(false);
    expect(persistDecision(away)).toBe('store');
    expect(actor.getPersistedSnapshot()).toMatchObject({ children: {} });
  });

  it('保存したスナップショットから復元して戻ると、サーバーで確認したカードで終わること', async () => {
    const h = harness([ok<ProviderOrder>({ orderId: 'o-9', status: 'completed', card: sampleCard })]);
    const first = createActor(h.machine, { input }).start();
    await waitFor(first, (s) => s.hasTag('external'));
    const stored = JSON.stringify(redactSnapshot(first.getPersistedSnapshot()));
    first.stop();

    const actor = createActor(h.machine, { input, snapshot: JSON.parse(stored) as Snapshot<unknown> }).start();
    expect(actor.getSnapshot().value).toBe('away');
    actor.send({ type: 'provider.returned', outcome: 'completed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(h.createPaymentSession.calls).toHaveLength(1);
    expect(h.verifyPaymentResult.calls).toEqual([{ sbSystemId: sampleInput.sbSystemId, contentsServiceId: '223', orderId: 'o-9' }]);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'registered', card: sampleCard });
  });

  it('戻り先URLが完了でもサーバーが中止と言えば中止で終わること', async () => {
    const h = harness([ok<ProviderOrder>({ orderId: 'o-9', status: 'cancelled' })]);
    const actor = createActor(h.machine, { input }).start();
    await waitFor(actor, (s) => s.hasTag('external'));
    actor.send({ type: 'provider.returned', outcome: 'completed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
  });

  it('事業者がカードを拒否したらW0008の対象（unusable）で終わること', async () => {
    const h = harness([ok<ProviderOrder>({ orderId: 'o-9', status: 'rejected' })]);
    const actor = createActor(h.machine, { input }).start();
    await waitFor(actor, (s) => s.hasTag('external'));
    actor.send({ type: 'provider.returned', outcome: 'completed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('unusable');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'unusable' });
  });

  it('事業者の画面から戻る操作は中止で終わり、確認の通信をしないこと', async () => {
    const h = harness([ok<ProviderOrder>({ orderId: 'o-9', status: 'completed', card: sampleCard })]);
    const actor = createActor(h.machine, { input }).start();
    await waitFor(actor, (s) => s.hasTag('external'));
    actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
    expect(h.verifyPaymentResult.calls).toHaveLength(0);
  });

  it('事業者で放置されて期限切れの注文はW0007のfailedで終わること', async () => {
    const h = harness([ok<ProviderOrder>({ orderId: 'o-9', status: 'expired' })]);
    const actor = createActor(h.machine, { input }).start();
    await waitFor(actor, (s) => s.hasTag('external'));
    actor.send({ type: 'provider.returned', outcome: 'cancelled' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: 'W0007' });
  });

  it('準備の失敗はエラーコード付きのfailedで終わること', async () => {
    const h = harness([], [fail(failures.congestion)]);
    const actor = createActor(h.machine, { input }).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: 'W0010' });
  });

  it('戻った後の確認の通信に失敗したらそのエラーコード付きのfailedで終わること', async () => {
    const h = harness([fail(failures.congestion)]);
    const actor = createActor(h.machine, { input }).start();
    await waitFor(actor, (s) => s.hasTag('external'));
    actor.send({ type: 'provider.returned', outcome: 'completed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'failed', errorCode: 'W0010' });
  });
});
