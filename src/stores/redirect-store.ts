/** The external URL /Redirect forwards to (spec section 3, "redirect"). */
import { z } from 'zod/mini';
import { createPersistedStore } from './store-core';

export const RedirectStateSchema = z.object({
  /** Checked against the server's allow list before use; never followed blindly. */
  url: z.nullable(z.string()),
});
export type RedirectState = z.infer<typeof RedirectStateSchema>;

export const redirectStore = createPersistedStore({
  name: 'redirect',
  version: 1,
  schema: RedirectStateSchema,
  defaults: (): RedirectState => ({ url: null }),
});
