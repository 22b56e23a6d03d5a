/** The kit's cancel flow when a call fails, for this service (e2e/support/kit-failures.ts). Customer: demo10, left as seeded. */
import { BasketLive } from '../../contracts/services/basket-live';
import { walkCancelFailures } from '../support/kit-failures';
import { test } from '../support/traced-test';

test('解約で契約が読めない・拒否される・応答が途切れたとき、エラー画面または再送で正しく終わり、二重に手続きされないこと（demo10）', async ({ page }) => {
  await walkCancelFailures(page, BasketLive, 'demo10');
});
