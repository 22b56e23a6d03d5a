/**
 * Sign-on and session state (spec section 3, "auth").
 * The spec also lists `idToken`: it is deliberately absent. Tokens stay on the server
 * (docs/decisions/0016-client-stores.md); the browser holds an HttpOnly session cookie, and
 * `sessionToken` is the per-session anti-forgery token the API headers carry.
 */
import { z } from 'zod/mini';
import { createPersistedStore } from './store-core';

export const MailAddressCheckInfoSchema = z.object({
  dataStorage: z.boolean(),
  basketLive: z.boolean(),
});
export type MailAddressCheckInfo = z.infer<typeof MailAddressCheckInfoSchema>;

export const AuthStateSchema = z.object({
  configInitialized: z.boolean(),
  businessDateInitialized: z.boolean(),
  sessionToken: z.nullable(z.string()),
  sbSystemId: z.nullable(z.string()),
  sbId: z.nullable(z.string()),
  dummySbSystemId: z.nullable(z.string()),
  pageId: z.nullable(z.string()),
  /** Set only once per session: see `setAuthorizedClientId`. */
  authorizedClientId: z.nullable(z.string()),
  lv2Authed: z.boolean(),
  dummyFeature: z.boolean(),
  /** One flag per service with a mail-address check. */
  mailAddressCheckInfo: MailAddressCheckInfoSchema,
});
export type AuthState = z.infer<typeof AuthStateSchema>;

const uncheckedMailAddress = (): MailAddressCheckInfo => ({ dataStorage: false, basketLive: false });

export const authStore = createPersistedStore({
  name: 'auth',
  version: 1,
  schema: AuthStateSchema,
  defaults: (): AuthState => ({
    configInitialized: false,
    businessDateInitialized: false,
    sessionToken: null,
    sbSystemId: null,
    sbId: null,
    dummySbSystemId: null,
    pageId: null,
    authorizedClientId: null,
    lv2Authed: false,
    dummyFeature: false,
    mailAddressCheckInfo: uncheckedMailAddress(),
  }),
});

/** Records the authorized client id unless one is already set; true when this call set it. */
export function setAuthorizedClientId(clientId: string): boolean {
  if (authStore.get().authorizedClientId !== null) return false;
  authStore.set({ authorizedClientId: clientId });
  return true;
}

/** Both mail-address check flags back to false (the spec's "initialise the mail-address check"). */
export function resetMailAddressCheckInfo(): void {
  authStore.set({ mailAddressCheckInfo: uncheckedMailAddress() });
}
