import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PaymentInformationResponse, ProviderOrder } from '../../contracts/api/payment';
import { cardProviderMachine, type CardProviderInput } from '../../machines/card-provider.machine';
import { sampleCard, sampleInput } from '../../machines/model-fixtures';
import { persistDecision } from '../../machines/persistence';

const input: CardProviderInput = { sbSystemId: sampleInput.sbSystemId, contentsServiceId: '223', operationType: '20', returnUrls: sampleInput.returnUrls };
const session: PaymentInformationResponse = { redirectOrderUrl: 'https://card.example.jp/order/o-1', orderId: 'o-1' };

describe('遷移のあとで保存したスナップショットをどうするか（machines/persistence.ts）', () => {
  it('通信中は最後の安定した状態を残し、何も秘密を持たない安定した状態では保存し、カードのトークンを持つ状態では消すこと', async () => {
    let answerOrder: (order: ProviderOrder) => void = () => undefined;
    const actor = createActor(
      cardProviderMachine.provide({
        actors: {
          createPaymentSession: fromPromise(() => Promise.resolve(session)),
          verifyPaymentResult: fromPromise(() => new Promise<ProviderOrder>((resolve) => (answerOrder = resolve))),
        },
      }),
      { input },
    ).start();
    expect(persistDecision(actor.getSnapshot())).toBe('keep');
    await waitFor(actor, (snapshot) => snapshot.value === 'away');
    expect(persistDecision(actor.getSnapshot())).toBe('store');
    actor.send({ type: 'provider.returned', outcome: 'completed' });
    expect(persistDecision(actor.getSnapshot())).toBe('keep');
    answerOrder({ orderId: 'o-1', status: 'completed', card: sampleCard });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(actor.getSnapshot().context.card).toEqual(sampleCard);
    expect(persistDecision(actor.getSnapshot())).toBe('remove');
  });
});
