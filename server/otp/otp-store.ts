/**
 * One-time passwords (docs/decisions/0035-otp-rules.md): send a code through the message
 * gateway, check it, and let a registration or update consume the verified check.
 * Every decision runs in a transaction that holds the customer's row, so wrong guesses, resends
 * and submits of one customer are counted one after the other.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import { MailConfirmationOtpPurpose } from '../../contracts/api/mail-address-confirmation';
import { OtpNgMessage, type OtpResponse, type OtpSendRequest } from '../../contracts/api/otp';
import { ErrorCode } from '../../contracts/error-catalogue';
import { lockCustomer } from '../contracts/customer-lock';
import { assertProvableContact, contactKey, type ProvedContact } from '../account/contact-proof';
import { assertConfirmableAddress } from '../contracts/entry-judgement-rules';
import type { Db } from '../db/client';
import { otpChallenges } from '../db/schema';
import { isGatewayError } from '../gateways/gateway-error';
import type { MessageGatewayClient, OutgoingMessage } from '../gateways/message-gateway-client';
import { AppError, invalidRequest } from '../http/app-error';
import { OtpRules } from './otp-rules';

type ChallengeRow = typeof otpChallenges.$inferSelect;

export type OtpDeps = { db: Db; key: Buffer; messages: MessageGatewayClient };
export type OtpCaller = { sbSystemId: string; sessionId: string };

const ok: OtpResponse = { result: 'OK', ngMessage: null };
const ng = (ngMessage: string, extra: Partial<OtpResponse> = {}): OtpResponse => ({ result: 'NG', ngMessage, ...extra });

function hashCode(key: Buffer, challengeId: string, code: string): string {
  return createHmac('sha256', key).update(`otp:${challengeId}:${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function newCode(): string {
  return String(randomInt(0, 10 ** OtpRules.codeLength)).padStart(OtpRules.codeLength, '0');
}

const digitsOnly = (value: string) => value.replace(/[^0-9]/g, '');

async function latestChallenge(tx: Db, sbSystemId: string): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.sbSystemId, sbSystemId))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return row;
}

const isLocked = (row: ChallengeRow | undefined, now: Date) => row?.lockedUntil != null && row.lockedUntil > now;

function messageFor(request: OtpSendRequest, code: string): OutgoingMessage {
  const minutes = OtpRules.codeTtlMs / 60_000;
  if ('mailAddress' in request) {
    return {
      channel: 'email',
      to: request.mailAddress,
      subject: '【お客さまポータル】確認コードのお知らせ',
      body: [
        'お客さまポータルをご利用いただき、ありがとうございます。',
        '',
        `確認コード：${code}`,
        '',
        `お手続きの画面で上の確認コードを入力してください。有効期限は送信から${minutes}分です。`,
        'このメールにお心当たりがない場合は、確認コードを入力せずにこのメールを破棄してください。',
      ].join('\n'),
    };
  }
  return {
    channel: 'sms',
    to: request.phoneNumber,
    body: `お客さまポータルの確認コード：${code}（${minutes}分間有効）。このコードを他の人に教えないでください。`,
  };
}

/**
 * Sends a new code to one of the customer's own contacts. W0011 while locked, W0012 when the
 * gateway does not accept the message; a resend inside the cool-down is refused with W0010.
 */
export async function sendOtp(deps: OtpDeps, caller: OtpCaller, request: OtpSendRequest, now: Date = new Date()): Promise<OtpResponse> {
  const challengeId = randomUUID();
  const code = newCode();
  const decided = await deps.db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, caller.sbSystemId);
    if ('purpose' in request && request.purpose === MailConfirmationOtpPurpose) {
      assertConfirmableAddress(customer, request.mailAddress);
    } else if ('purpose' in request) {
      assertProvableContact(customer, request);
    } else {
      // Only a contact on file may receive the code: it proves the customer holds that contact,
      // and the portal must not become a way to send messages anywhere. An unconfirmed mail
      // address is not yet known to be the customer's, so it proves nothing.
      const own =
        'mailAddress' in request
          ? customer.mailAddressConfirmed && request.mailAddress.toLowerCase() === customer.mailAddress.toLowerCase()
          : digitsOnly(request.phoneNumber) === digitsOnly(customer.phoneNumber);
      if (!own) {
        throw invalidRequest([{ path: 'body', message: 'ご登録の連絡先を指定してください。' }]);
      }
    }
    const latest = await latestChallenge(tx, caller.sbSystemId);
    if (isLocked(latest, now)) return { kind: 'locked' as const };
    const [recent] = await tx
      .select({ id: otpChallenges.id })
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.sbSystemId, caller.sbSystemId),
          inArray(otpChallenges.status, ['sending', 'sent']),
          // A verified code is done with: it does not hold back the code of the next procedure.
          isNull(otpChallenges.verifiedAt),
          gt(otpChallenges.createdAt, new Date(now.getTime() - OtpRules.resendCooldownMs)),
        ),
      )
      .limit(1);
    if (recent) return { kind: 'coolingDown' as const };
    // Wrong codes count per customer, not per code: a resend does not reset them.
    const carried = latest && latest.verifiedAt === null && latest.lockedUntil === null ? latest.failedAttempts : 0;
    await tx.insert(otpChallenges).values({
      id: challengeId,
      sbSystemId: caller.sbSystemId,
      sessionId: caller.sessionId,
      channel: 'mailAddress' in request ? 'email' : 'sms',
      purpose: 'purpose' in request ? request.purpose : null,
      sentTo: 'purpose' in request ? contactKey(request) : null,
      codeHash: hashCode(deps.key, challengeId, code),
      status: 'sending',
      failedAttempts: carried,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OtpRules.codeTtlMs),
    });
    return { kind: 'created' as const };
  });
  if (decided.kind === 'locked') return ng(OtpNgMessage.Locked);
  if (decided.kind === 'coolingDown') throw new AppError(ErrorCode.Congestion);

  try {
    await deps.messages.send(messageFor(request, code));
  } catch (error) {
    await deps.db.update(otpChallenges).set({ status: 'failed' }).where(eq(otpChallenges.id, challengeId));
    if (isGatewayError(error)) return ng('mailAddress' in request ? OtpNgMessage.SendFailed : OtpNgMessage.SmsSendFailed);
    throw error;
  }
  await deps.db.update(otpChallenges).set({ status: 'sent' }).where(eq(otpChallenges.id, challengeId));
  return ok;
}

/** Checks a code against the customer's latest code sent to this session. */
export async function checkOtp(deps: Pick<OtpDeps, 'db' | 'key'>, caller: OtpCaller, code: string, now: Date = new Date()): Promise<OtpResponse> {
  return deps.db.transaction(async (tx) => {
    await lockCustomer(tx, caller.sbSystemId);
    const latest = await latestChallenge(tx, caller.sbSystemId);
    if (isLocked(latest, now)) return ng(OtpNgMessage.Locked);
    const [challenge] = await tx
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.sbSystemId, caller.sbSystemId), eq(otpChallenges.status, 'sent')))
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1);
    const usable =
      challenge !== undefined &&
      challenge.sessionId === caller.sessionId &&
      challenge.verifiedAt === null &&
      challenge.expiresAt > now;
    if (!usable) {
      // Nothing to check against (none sent, expired, used, or sent to another session): the
      // customer enters again or asks for a new code; no guess was possible, so none is counted.
      return ng(OtpNgMessage.Mismatch, {
        remainingAttempts: Math.max(0, OtpRules.maxFailedAttempts - (challenge?.failedAttempts ?? 0)),
      });
    }
    if (sameHash(challenge.codeHash, hashCode(deps.key, challenge.id, code))) {
      await tx.update(otpChallenges).set({ verifiedAt: now, failedAttempts: 0 }).where(eq(otpChallenges.id, challenge.id));
      return ok;
    }
    const failedAttempts = challenge.failedAttempts + 1;
    const locked = failedAttempts >= OtpRules.maxFailedAttempts;
    await tx
      .update(otpChallenges)
      .set({ failedAttempts, lockedUntil: locked ? new Date(now.getTime() + OtpRules.lockMs) : null })
      .where(eq(otpChallenges.id, challenge.id));
    return locked
      ? ng(OtpNgMessage.Locked)
      : ng(OtpNgMessage.Mismatch, { remainingAttempts: OtpRules.maxFailedAttempts - failedAttempts });
  });
}

/**
 * Uses up the session's verified code for one submit (call inside the submit's transaction, after
 * the customer's row is locked) and answers its id. A code sent to confirm a mail address counts
 * only for that confirmation (`confirming` names the address), never for a submit (ADR 0063).
 * No such code: E9998, the request did not come through the flow.
 */
export async function consumeVerifiedOtp(
  tx: Db,
  caller: OtpCaller,
  now: Date = new Date(),
  confirming?: { readonly mailAddress: string } | ProvedContact,
): Promise<string> {
  const purpose =
    confirming === undefined
      ? isNull(otpChallenges.purpose)
      : 'purpose' in confirming
        ? and(eq(otpChallenges.purpose, confirming.purpose), eq(otpChallenges.sentTo, confirming.sentTo))
        : and(eq(otpChallenges.purpose, MailConfirmationOtpPurpose), eq(otpChallenges.sentTo, confirming.mailAddress.toLowerCase()));
  const [verified] = await tx
    .select({ id: otpChallenges.id })
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.sbSystemId, caller.sbSystemId),
        eq(otpChallenges.sessionId, caller.sessionId),
        purpose,
        isNotNull(otpChallenges.verifiedAt),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.verifiedAt, new Date(now.getTime() - OtpRules.verifiedTtlMs)),
      ),
    )
    .orderBy(desc(otpChallenges.verifiedAt))
    .limit(1);
  if (!verified) throw new AppError(ErrorCode.InvalidAccess);
  const used = await tx
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(eq(otpChallenges.id, verified.id), isNull(otpChallenges.consumedAt)))
    .returning({ id: otpChallenges.id });
  if (used.length === 0) throw new AppError(ErrorCode.InvalidAccess);
  return verified.id;
}
