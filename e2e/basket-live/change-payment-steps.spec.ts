/**
 * The card provider's and the one-time password's branches of the basket live change of payment
 * (e2e/support/kit-payment-steps.ts). Customer: demo07 (card 1111), left as seeded; the file sorts
 * before change-payment.spec.ts, which changes demo07's payment.
 */
import { BasketLive } from '../../contracts/services/basket-live';
import { serviceContracts } from '../support/anshin';
import { walkPaymentSteps } from '../support/kit-payment-steps';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('支払方法の変更でカード入力の中止と戻る・使えないカード・カード画面の準備失敗・期限切れ・再送信・カードの拒否・ロック・確認コードの送信失敗のあとも、カード払いのままであること（demo07）', async ({ page, request }) => {
  await signIn(page, 'demo07');
  const payments = async () => (await serviceContracts(page, BasketLive.serviceId)).map((contract) => [contract.status, contract.planId, contract.paymentMethod.value, contract.paymentMethod.cardLast4]);
  expect(await payments()).toEqual([['active', '232-1', '02', '1111']]);
  await walkPaymentSteps(page, request, BasketLive, 'changePayment', 'demo07', payments);
  expect(await payments()).toEqual([['active', '232-1', '02', '1111']]);
});
