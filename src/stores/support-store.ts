/** The in-store support history list and the entry being viewed (spec section 3, "support"). */
import { z } from 'zod';
import { createPersistedStore } from './store-core';

export const SupportMenuHistorySchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const SupportHistoryInfoSchema = z.object({
  index: z.number().int().min(0),
  supportCategoryNm: z.string(),
  cfOrderNumber: z.string(),
  supportAcceptedDt: z.string(),
  supportAcceptedShopNm: z.string(),
  supportMenuHistoryInfo: z.array(SupportMenuHistorySchema),
});
export type SupportHistoryInfo = z.infer<typeof SupportHistoryInfoSchema>;

export const SupportStateSchema = z.object({
  supportHistoryInfo: z.array(SupportHistoryInfoSchema),
  currentIndex: z.number().int().min(0).nullable(),
  /** The support detail page may only be entered from the history list. */
  transitionFlg: z.boolean(),
});
export type SupportState = z.infer<typeof SupportStateSchema>;

export const supportStore = createPersistedStore({
  name: 'support',
  version: 1,
  schema: SupportStateSchema,
  defaults: (): SupportState => ({ supportHistoryInfo: [], currentIndex: null, transitionFlg: false }),
});

/** The entry at `currentIndex`, or undefined (the caller logs and calls the error handler, spec section 8). */
export function currentSupportHistory(): SupportHistoryInfo | undefined {
  const { supportHistoryInfo, currentIndex } = supportStore.get();
  return currentIndex === null ? undefined : supportHistoryInfo.find((entry) => entry.index === currentIndex);
}
