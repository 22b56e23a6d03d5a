/** /doClear: every client-side store back to its defaults and our sessionStorage keys removed. */
import { resetRegisteredStores } from './store-core';
// Imported for their registration, so a store no page has loaded yet is cleared too.
import './auth-store';
import './invoice-parameter-store';
import './loading-store';
import './common-modal-store';
import './message-store';
import './otp-ng-message-store';
import './redirect-store';

/** The app also clears its QueryClient (src/api/query-client.ts) on /doClear and sign-out. */
export function clearAllStores(): void {
  resetRegisteredStores();
}
