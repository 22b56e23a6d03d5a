/**
 * The spec's code tables (portal-spec.md section 4, with the flow documents' decisions where the
 * spec says "not shown"), written out here a second time on purpose: the model-based run compares
 * the machines against this statement, so it must not read `contracts/codes.ts` or anything the
 * machines decide with (docs/decisions/0077-spec-oracle.md).
 */

/** Payment method codes (section 4): 01 with mobile, 02 registered credit card, 99 new credit card. */
export type Method = '01' | '02' | '99';

/** What the customer does with a service's payment; a resume may keep the method ('keep'). */
export type PaymentAction = 'apply' | 'changePayment' | 'resume';
export type Choice = Method | 'keep';

/**
 * Payment-information operation codes (section 4): 10 registration, 20 credit to credit,
 * 40 mobile to credit, 60 credit to credit and resume, 70 mobile to credit and resume.
 * `current` is the contract's method; an application has none.
 */
export function operationFor(action: PaymentAction, current: Method | null): string {
  if (action === 'apply') return '10';
  const fromCard = current === '02';
  if (action === 'changePayment') return fromCard ? '20' : '40';
  return fromCard ? '60' : '70';
}

/** "Each operation sets the matching request type" (section 4; 60 and 70 by the flow documents). */
export const requestTypeOfOperation: Readonly<Record<string, string>> = {
  '10': '02',
  '20': '07',
  '40': '09',
  '60': '07',
  '70': '09',
};

/**
 * The request type a submit carries (section 4, request type codes): 01 registration by mobile,
 * 02 by credit, 08 credit to mobile; a new card (99) the type its card operation sets; a resume
 * that keeps its method carries none (docs/flows/anshin-data-box.md section 4). Undefined: no
 * such request.
 */
export function requestTypeFor(action: PaymentAction, current: Method | null, chosen: Choice): string | null | undefined {
  if (action === 'apply') return chosen === '01' ? '01' : chosen === '02' ? '02' : chosen === '99' ? requestTypeOfOperation['10'] : undefined;
  if (chosen === 'keep') return action === 'resume' ? null : undefined;
  if (chosen === '01') return current === '02' ? '08' : undefined;
  if (chosen === '99') return current === null ? undefined : requestTypeOfOperation[operationFor(action, current)];
  return undefined;
}

/** Error catalogue codes the flows must show (section 8). */
export const SpecError = {
  CardUnusable: 'W0008',
  OtpLocked: 'W0011',
  OtpSendFailed: 'W0012',
  ProceedFromTop: 'E9997',
  InvalidAccess: 'E9998',
} as const;

/** One-time-password answers (section 8 and the flow documents' decisions). */
export const OtpMessage = { Locked: 'W0011', SendFailed: 'W0012', SmsSendFailed: 'W0013', Mismatch: 'A0461' } as const;

/** Entry judgement (sections 5, 7, 9): retried up to 4 times while a listed parameter fails. */
export const EntryJudgement = {
  maxRetries: 4,
  retriedParameters: ['orderInProgress', 'contractSync'],
  mailAddressParameter: 'mailAddress',
} as const;
