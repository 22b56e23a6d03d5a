/**
 * A contact the customer wants to keep (a new or unconfirmed mail address or contact phone) is
 * proved by a one-time password sent to it for that purpose (docs/decisions/0078-account-endpoints.md).
 * The code records which contact it went to; only the update of that same contact consumes it.
 */
import { ContactChangeOtpPurpose } from '../../contracts/api/otp';
import { mailAddressProofProblem, phoneNumberProofProblem } from '../../contracts/account/contact-proof-rules';
import type { CustomerRow } from '../contracts/contract-repository';
import { invalidRequest } from '../http/app-error';

export type ContactToProve = { readonly mailAddress: string } | { readonly phoneNumber: string };
export type ProvedContact = { readonly purpose: typeof ContactChangeOtpPurpose; readonly sentTo: string };

/** How a contact is compared and recorded: a mail address lower-cased, a phone number as its digits. */
export function contactKey(contact: ContactToProve): string {
  return 'mailAddress' in contact ? contact.mailAddress.toLowerCase() : contact.phoneNumber.replace(/[^0-9]/g, '');
}

export function provedContact(contact: ContactToProve): ProvedContact {
  return { purpose: ContactChangeOtpPurpose, sentTo: contactKey(contact) };
}

/** A code may go to a contact that can receive it and is not already the customer's confirmed one. */
export function assertProvableContact(customer: CustomerRow, contact: ContactToProve): void {
  const problem =
    'mailAddress' in contact
      ? mailAddressProofProblem(contact.mailAddress, { value: customer.mailAddress, confirmed: customer.mailAddressConfirmed })
      : phoneNumberProofProblem(contactKey(contact), { value: customer.contactPhoneNumber, confirmed: customer.contactPhoneConfirmed });
  if (problem !== null) throw invalidRequest([{ path: 'mailAddress' in contact ? 'body.mailAddress' : 'body.phoneNumber', message: problem }]);
}
