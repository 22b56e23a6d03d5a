/** The kit's cancel flow when a call fails, for this service (e2e/support/kit-failures.ts). Customer: demo16, left as seeded. */
import { InStoreSupport } from '../../contracts/services/in-store-support';
import { walkCancelFailures } from '../support/kit-failures';
import { test } from '../support/traced-test';

test('解約で契約が読めない・拒否される・応答が途切れたとき、エラー画面または再送で正しく終わり、二重に手続きされないこと（demo16）', async ({ page }) => {
  await walkCancelFailures(page, InStoreSupport, 'demo16');
});
