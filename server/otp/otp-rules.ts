/**
 * The one-time password's numbers (docs/decisions/0035-otp-rules.md). The resend cool-down is
 * the flow's own constant, so the client's timer and the server's check agree.
 */
import { OtpResendCooldownMs } from '../../contracts/api/otp';

export const OtpRules = {
  codeLength: 6,
  /** A code is good for 10 minutes after it was sent. */
  codeTtlMs: 10 * 60_000,
  /** The fifth wrong code in a row locks the check. */
  maxFailedAttempts: 5,
  /** How long a lock lasts (W0011 until then, for sending and for checking). */
  lockMs: 30 * 60_000,
  resendCooldownMs: OtpResendCooldownMs,
  /** A verified code authorises one submit within this time. */
  verifiedTtlMs: 10 * 60_000,
} as const;
