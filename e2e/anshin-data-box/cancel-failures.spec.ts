/** The kit's cancel flow when a call fails, for this service (e2e/support/kit-failures.ts). Customer: demo02, left as seeded. */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { walkCancelFailures } from '../support/kit-failures';
import { test } from '../support/traced-test';

test('解約で契約が読めない・拒否される・応答が途切れたとき、エラー画面または再送で正しく終わり、二重に手続きされないこと（demo02）', async ({ page }) => {
  await walkCancelFailures(page, AnshinDataBox, 'demo02');
});
