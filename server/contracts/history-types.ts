/**
 * contract_history.request_type values for changes that are not a customer's request of the spec
 * (whose request types are RequestType in contracts/codes.ts). Billing reads the history by them
 * (docs/decisions/0073-billing-model.md).
 */

/** A resume that keeps the payment method (a resume that changes it records that payment change). */
export const ResumeHistoryType = 'resume';
/** A pending plan (a downgrade) that took effect on its day. */
export const DuePlanChangeHistoryType = 'pending-plan-change';
/** A withdrawal reservation that came due. */
export const DueWithdrawalHistoryType = 'reserved-withdrawal';
/** The carrier suspended the contract (its card could not be charged); only a resume lifts it. */
export const SuspensionHistoryType = 'suspension';
