/**
 * The card provider's and the one-time password's branches of the data storage application
 * (e2e/support/kit-payment-steps.ts). Customer: demo09 (basket live by card 4444, offered as the
 * registered card), left as seeded.
 */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { serviceContracts } from '../support/anshin';
import { expectPaymentMethodsFailure, walkPaymentSteps } from '../support/kit-payment-steps';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('申し込みで支払方法が読めない・クーポンを外す・カード入力の中止と戻る・使えないカード・カード画面の準備失敗・期限切れ・再送信・カードの拒否・ロック・確認コードの送信失敗のあとも、申し込まれないこと（demo09）', async ({ page, request }) => {
  await signIn(page, 'demo09');
  const contracts = async () => (await serviceContracts(page, AnshinDataBox.serviceId)).map((contract) => [contract.status, contract.paymentMethod.value]);
  expect(await contracts()).toEqual([]);
  await expectPaymentMethodsFailure(page, AnshinDataBox);
  await walkPaymentSteps(page, request, AnshinDataBox, 'apply', 'demo09', contracts, {
    coupon: { code: 'ANSHIN2026', name: 'あんしんデータボックス初月無料クーポン' },
    registeredCard: '4444',
  });
  expect(await contracts()).toEqual([]);
});
