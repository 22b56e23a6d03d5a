/** The one-time-password failure message to show (spec section 3, "otpNgMessage"). */
import { z } from 'zod/mini';
import { createPersistedStore } from './store-core';

export const OtpNgMessageStateSchema = z.object({
  otpNgMessage: z.nullable(z.string()),
});
export type OtpNgMessageState = z.infer<typeof OtpNgMessageStateSchema>;

export const otpNgMessageStore = createPersistedStore({
  name: 'otp-ng-message',
  version: 1,
  schema: OtpNgMessageStateSchema,
  defaults: (): OtpNgMessageState => ({ otpNgMessage: null }),
});
