/** GET /api/getAuthInfo: who is signed in, and the session's anti-forgery token. */
import { z } from 'zod/mini';

export const CustomerNameSchema = z.object({
  lastNameKanji: z.string(),
  firstNameKanji: z.string(),
  lastNameKana: z.string(),
  firstNameKana: z.string(),
});
export type CustomerName = z.infer<typeof CustomerNameSchema>;

export const AuthInfoSchema = z.object({
  sbSystemId: z.string().check(z.regex(/^[0-9]{10}$/)),
  /** The alphanumeric login ID (the spec's sbId). */
  sbId: z.string(),
  name: CustomerNameSchema,
  /** The sign-in is recent enough for level-2 pages (spec section 6). */
  lv2Authed: z.boolean(),
  authTime: z.iso.datetime({ offset: true }),
  /** Send as the session-token header on every other /api call. */
  sessionToken: z.string(),
  sessionExpiresAt: z.iso.datetime({ offset: true }),
});
export type AuthInfo = z.infer<typeof AuthInfoSchema>;
