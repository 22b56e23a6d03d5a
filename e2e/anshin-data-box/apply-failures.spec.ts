/** The kit's application when the customer steps back or a call fails (e2e/support/kit-failures.ts). Customer: demo15, who can apply again at the end. */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { walkApplyFailures } from '../support/kit-failures';
import { test } from '../support/traced-test';

test('申し込みで判定の失敗・お断り・混雑、各画面の戻る、クーポンの確認失敗、確認コードの中止、拒否、応答の途切れがあっても、正しく終わり二重に申し込まれないこと（demo15）', async ({ page, request }) => {
  await walkApplyFailures(page, request, AnshinDataBox, 'demo15');
});
