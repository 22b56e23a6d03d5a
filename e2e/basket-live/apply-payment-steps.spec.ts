/**
 * The card provider's and the one-time password's branches of the basket live application
 * (e2e/support/kit-payment-steps.ts). Customer: demo01 (no basket live), left as seeded.
 */
import { BasketLive } from '../../contracts/services/basket-live';
import { serviceContracts } from '../support/anshin';
import { expectPaymentMethodsFailure, walkPaymentSteps } from '../support/kit-payment-steps';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('申し込みで支払方法が読めない・クーポンを外す・カード入力の中止と戻る・使えないカード・カード画面の準備失敗・期限切れ・再送信・カードの拒否・ロック・確認コードの送信失敗のあとも、申し込まれないこと（demo01）', async ({ page, request }) => {
  await signIn(page, 'demo01');
  const contracts = async () => (await serviceContracts(page, BasketLive.serviceId)).map((contract) => [contract.status, contract.planId]);
  expect(await contracts()).toEqual([]);
  await expectPaymentMethodsFailure(page, BasketLive);
  await walkPaymentSteps(page, request, BasketLive, 'apply', 'demo01', contracts, {
    coupon: { code: 'BASKET1M', name: 'バスケットLIVE 1か月無料クーポン' },
  });
  expect(await contracts()).toEqual([]);
});
