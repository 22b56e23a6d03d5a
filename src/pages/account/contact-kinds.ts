/**
 * The two contacts a one-time password proves (ADR 0081, ADR 0084): how each is typed, shown
 * and checked before any code is sent. Every page that changes a contact uses the same kind, so
 * Update/* and Contact/* refuse the same values beside the field with the same words.
 */
import { mailAddressProofProblem, phoneNumberProofProblem, type ContactOnFile } from '../../../contracts/account/contact-proof-rules';
import type { ContactState } from '../../../contracts/api/account-user-info';
import { MailAddressSchema, normalizeDigitInput } from '../../../contracts/text/field-schemas';
import { formatMobilePhone } from '../../../contracts/text/number-format';
import { sameMailAddress, samePhoneNumber } from './contact-copy';

/** The value as it will be sent, or the Japanese message for the field. */
export type ContactParse = { readonly value: string } | { readonly error: string };

export type ContactKind = {
  /** The server's name for the field (its A0400 issue path is "body.<field>"). */
  readonly field: 'phoneNumber' | 'mailAddress';
  readonly inputMode: 'numeric' | 'email';
  readonly autoComplete: string;
  readonly maxLength: number;
  readonly contactOf: (info: { readonly phoneNumber: ContactState; readonly mailAddress: ContactState }) => ContactState;
  /** The value as the customer reads it (a phone number 3-4-4). */
  readonly show: (value: string) => string;
  /** What the customer typed, as it will be shown and sent when it is well formed: applied as they leave the field. */
  readonly tidy: (input: string) => string;
  /** The format check, then the contact-proof rules the server applies at otp/send. */
  readonly parse: (input: string, onFile: ContactOnFile) => Promise<ContactParse>;
  readonly same: (a: string, b: string) => boolean;
  /** Fetches a heavy check while the customer types, so it is there when they send. */
  readonly preload: () => void;
};

// The numbering plan's metadata is heavy (~35 KB gzip, mobile-number.ts): its own chunk, never in a page's.
const loadMobilePhoneSchema = () => import('../../../contracts/text/mobile-phone-schema').then((module) => module.MobilePhoneSchema);

export const phoneContact: ContactKind = {
  field: 'phoneNumber',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  maxLength: 20,
  contactOf: (info) => info.phoneNumber,
  show: formatMobilePhone,
  tidy: (input) => formatMobilePhone(normalizeDigitInput(input)),
  parse: async (input, onFile) => {
    const schema = await loadMobilePhoneSchema().catch(() => null);
    if (schema === null) return { error: '番号を確認できませんでした。通信状態をご確認のうえ、もう一度お試しください。' };
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '携帯電話番号を入力してください。' };
    const problem = phoneNumberProofProblem(parsed.data, onFile);
    return problem === null ? { value: parsed.data } : { error: problem };
  },
  same: samePhoneNumber,
  preload: () => void loadMobilePhoneSchema().catch(() => undefined),
};

export const mailContact: ContactKind = {
  field: 'mailAddress',
  inputMode: 'email',
  autoComplete: 'email',
  maxLength: 254,
  contactOf: (info) => info.mailAddress,
  show: (value) => value,
  tidy: (input) => input.normalize('NFKC').trim(),
  parse: (input, onFile) => {
    const parsed = MailAddressSchema.safeParse(input);
    if (!parsed.success) return Promise.resolve({ error: parsed.error.issues[0]?.message ?? 'メールアドレスを入力してください。' });
    const problem = mailAddressProofProblem(parsed.data, onFile);
    return Promise.resolve(problem === null ? { value: parsed.data } : { error: problem });
  },
  same: sameMailAddress,
  preload: () => undefined,
};
