/**
 * The card provider's and the one-time password's branches of the data storage change of payment
 * (e2e/support/kit-payment-steps.ts). Customer: demo03 (card 4242), left as seeded; the file sorts
 * before change-payment.spec.ts, which changes demo03's payment.
 */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { serviceContracts } from '../support/anshin';
import { walkPaymentSteps } from '../support/kit-payment-steps';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('支払方法の変更でカード入力の中止と戻る・使えないカード・カード画面の準備失敗・期限切れ・再送信・カードの拒否・ロック・確認コードの送信失敗のあとも、カード払いのままであること（demo03）', async ({ page, request }) => {
  await signIn(page, 'demo03');
  const payments = async () => (await serviceContracts(page, AnshinDataBox.serviceId)).map((contract) => [contract.status, contract.paymentMethod.value, contract.paymentMethod.cardLast4]);
  expect(await payments()).toEqual([['active', '02', '4242']]);
  await walkPaymentSteps(page, request, AnshinDataBox, 'changePayment', 'demo03', payments);
  expect(await payments()).toEqual([['active', '02', '4242']]);
});
