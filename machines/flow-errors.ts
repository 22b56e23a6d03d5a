/**
 * How the flows read a failed call. The app's API client rejects with the spec's error shape
 * (errorCode when the server sent one, the HTTP status); the machines only need the code.
 */
import { ErrorCode, ErrorCodeSchema, type ErrorCodeValue } from '../contracts/error-catalogue';

/** The error code a rejection carries, or null when none came back (timeout, network, 5xx). */
export function errorCodeOf(error: unknown): ErrorCodeValue | null {
  if (typeof error !== 'object' || error === null || !('errorCode' in error)) return null;
  const parsed = ErrorCodeSchema.safeParse(error.errorCode);
  return parsed.success ? parsed.data : null;
}

/** No code came back, so the server may or may not have done it: only an idempotent resend is safe. */
export function isOutcomeUnknown(error: unknown): boolean {
  return errorCodeOf(error) === null;
}

export function isCardUnusable(error: unknown): boolean {
  return errorCodeOf(error) === ErrorCode.CardUnusable;
}
