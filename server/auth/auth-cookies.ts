/**
 * The sign-on's own short-lived cookies, sealed (AES-GCM) so the browser carries them but can
 * neither read nor forge them: the pending sign-on transaction and the authorized-retry counter.
 * Both live under /auth only; the session cookie is the one cookie the rest of the app sees.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SignOnType, type SignOnTypeValue } from '../../contracts/codes';
import { seal, unseal } from './auth-keys';

const TransactionCookie = 'portal_auth_tx';
const RetryCookie = 'portal_auth_retry';
const authCookiePath = '/auth';
/** Time for the customer to sign in and consent at the provider. */
const transactionMaxAgeSeconds = 15 * 60;
/** The retry counter spans a few failed round trips, not a day of browsing. */
const retryMaxAgeSeconds = 15 * 60;

const LoginLevelSchema = z.union([z.literal(1), z.literal(2)]);
export type LoginLevelNumber = z.infer<typeof LoginLevelSchema>;

const TransactionSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43),
  landing: z.string().startsWith('/'),
  level: LoginLevelSchema,
  /** The sign-on request type: its row of the interface table names the client and redirect URL the callback uses. */
  type: z.enum(Object.values(SignOnType) as [SignOnTypeValue, ...SignOnTypeValue[]]).optional(),
  /** max_age sent with a level-2 (step-up) request, checked against auth_time on return. */
  maxAge: z.number().int().positive().optional(),
  /** Kept after success so a replayed callback (browser Back) can land where the first one did. */
  completed: z.boolean(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

const RetrySchema = z.object({ count: z.number().int().min(0).max(100) });

export type AuthCookies = {
  readTransaction(request: FastifyRequest): Transaction | undefined;
  writeTransaction(reply: FastifyReply, transaction: Transaction): void;
  clearTransaction(reply: FastifyReply): void;
  readRetryCount(request: FastifyRequest): number;
  writeRetryCount(reply: FastifyReply, count: number): void;
  clearRetryCount(reply: FastifyReply): void;
};

export function createAuthCookies(sealKey: Buffer, secure: boolean): AuthCookies {
  const options = (maxAge: number) => ({ httpOnly: true, sameSite: 'lax' as const, secure, path: authCookiePath, maxAge });
  const read = <T>(request: FastifyRequest, name: string, schema: z.ZodType<T>): T | undefined => {
    const raw = request.cookies[name];
    if (raw === undefined || raw === '') return undefined;
    const parsed = schema.safeParse(unseal(sealKey, raw));
    return parsed.success ? parsed.data : undefined;
  };
  const clear = (reply: FastifyReply, name: string) => reply.clearCookie(name, { path: authCookiePath, secure, httpOnly: true, sameSite: 'lax' });
  return {
    readTransaction: (request) => read(request, TransactionCookie, TransactionSchema),
    writeTransaction: (reply, transaction) => {
      reply.setCookie(TransactionCookie, seal(sealKey, transaction), options(transactionMaxAgeSeconds));
    },
    clearTransaction: (reply) => {
      clear(reply, TransactionCookie);
    },
    readRetryCount: (request) => read(request, RetryCookie, RetrySchema)?.count ?? 0,
    writeRetryCount: (reply, count) => {
      reply.setCookie(RetryCookie, seal(sealKey, { count }), options(retryMaxAgeSeconds));
    },
    clearRetryCount: (reply) => {
      clear(reply, RetryCookie);
    },
  };
}
