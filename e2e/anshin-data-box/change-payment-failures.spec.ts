/** The kit's change of payment when the customer steps back or a call fails (e2e/support/kit-failures.ts). Customer: demo03 (card 4242), left as seeded. */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { TestCard } from '../support/anshin';
import { walkChangePaymentFailures } from '../support/kit-failures';
import { test } from '../support/traced-test';

test('支払方法の変更で戻る・確認コードの中止・拒否・応答の途切れがあっても、正しく終わり二重に変更されないこと（demo03）', async ({ page, request }) => {
  await walkChangePaymentFailures(page, request, AnshinDataBox, 'demo03', TestCard.visa);
});
