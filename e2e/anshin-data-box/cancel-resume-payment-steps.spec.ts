/**
 * The card provider's and the one-time password's branches of the data storage resume, and its
 * answer lost on every send (e2e/support/kit-payment-steps.ts). Customer: demo04 (suspended, card),
 * left suspended for cancel-resume.spec.ts, which sorts after this file.
 */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { serviceContracts } from '../support/anshin';
import { walkPaymentSteps } from '../support/kit-payment-steps';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('利用再開でカード入力の中止と戻る・使えないカード・カード画面の準備失敗・新しいカード・再送信・カードの拒否・ロック・確認コードの送信失敗・応答の途切れのあとも、停止中のままであること（demo04）', async ({ page, request }) => {
  await signIn(page, 'demo04');
  const states = async () => (await serviceContracts(page, AnshinDataBox.serviceId)).map((contract) => [contract.status, contract.paymentMethod.value]);
  expect(await states()).toEqual([['suspended', '02']]);
  await walkPaymentSteps(page, request, AnshinDataBox, 'resume', 'demo04', states);
  expect(await states()).toEqual([['suspended', '02']]);
});
