/** The kit's change of payment when the customer steps back or a call fails (e2e/support/kit-failures.ts). Customer: demo09 (card 4444), left as seeded. */
import { BasketLive } from '../../contracts/services/basket-live';
import { TestCard } from '../support/anshin';
import { walkChangePaymentFailures } from '../support/kit-failures';
import { test } from '../support/traced-test';

test('支払方法の変更で戻る・確認コードの中止・拒否・応答の途切れがあっても、正しく終わり二重に変更されないこと（demo09）', async ({ page, request }) => {
  await walkChangePaymentFailures(page, request, BasketLive, 'demo09', TestCard.mastercard);
});
