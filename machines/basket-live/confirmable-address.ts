/**
 * Whether an address may be sent a confirmation code: the machine's guard and the view's field
 * check read the same rule. Its own module so the view does not load the machine.
 */
import { regexes } from 'zod/mini';
import { ConfirmableMailAddressSchema } from '../../contracts/api/mail-address-confirmation';
import type { MailAddressProblem } from './mail-confirmation.machine';

/** An address worth a code: well formed, and not the one the judge refused for its domain. */
export function isConfirmableAddress(context: { readonly mailAddress: string; readonly currentMailAddress: string | null; readonly problem: MailAddressProblem }): boolean {
  if (!ConfirmableMailAddressSchema.safeParse(context.mailAddress).success) return false;
  const refused = context.problem === 'undeliverable' ? context.currentMailAddress?.toLowerCase() : undefined;
  return context.mailAddress.toLowerCase() !== refused;
}

/**
 * isConfirmableAddress as ECMAScript over the datamodel, for the SCXML export (ADR 0076): the
 * pattern is zod's, the one ConfirmableMailAddressSchema checks with.
 */
export const confirmableAddressExpr = `typeof mailAddress === 'string' && mailAddress.length <= 254 && new RegExp(${JSON.stringify(regexes.email.source)}).test(mailAddress) && mailAddress.toLowerCase() !== (problem === 'undeliverable' && currentMailAddress != null ? currentMailAddress.toLowerCase() : undefined)`;
