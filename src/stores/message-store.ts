/** Terms texts already fetched, by id (spec section 3, "message"). */
import { z } from 'zod/mini';
import { createPersistedStore } from './store-core';

export const MessageStateSchema = z.object({
  termsTxt: z.record(z.string(), z.string()),
});
export type MessageState = z.infer<typeof MessageStateSchema>;

export const messageStore = createPersistedStore({
  name: 'message',
  version: 1,
  schema: MessageStateSchema,
  defaults: (): MessageState => ({ termsTxt: {} }),
});

export function setTermsTxt(id: string, text: string): void {
  messageStore.set((state) => ({ termsTxt: { ...state.termsTxt, [id]: text } }));
}

export function termsTxt(id: string): string | undefined {
  return messageStore.get().termsTxt[id];
}
