/**
 * Masking for display (spec sections 5 and 9). Each helper throws `TextInputError` for a
 * value it must never receive; the spec calls that an internal error.
 */
import { TextInputError } from './text-input-error';

export const MaskChar = '*';

function compact(value: string): string {
  return value.normalize('NFKC').replace(/[\s-]/g, '');
}

/**
 * Card number: 14 to 16 characters (spaces and hyphens ignored; a provider's masked PAN such as
 * "411111******1111" is accepted), shown as asterisks and the last 4:
 * "4242424242424242" -> "************4242". The mask keeps the length, as the card does.
 */
export function maskCardNumber(value: string): string {
  const card = compact(value);
  if (card.length < 14 || card.length > 16) {
    throw new TextInputError(`card number must be 14 to 16 characters, got ${card.length}`);
  }
  return MaskChar.repeat(card.length - 4) + card.slice(-4);
}

/**
 * Phone number: all digits but the last 4 masked, hyphens kept where they were:
 * "090-1234-5678" -> "***-****-5678", "09012345678" -> "*******5678".
 */
export function maskPhoneNumber(value: string): string {
  const phone = value.normalize('NFKC').trim();
  const digits = phone.replace(/\D/g, '').length;
  if (digits === 0) throw new TextInputError('phone masking needs a phone number');
  let seen = 0;
  return phone.replace(/\d/g, (digit) => {
    seen += 1;
    return seen > digits - 4 ? digit : MaskChar;
  });
}

/**
 * Mail address: the first 2 characters of the local part shown, the rest of it masked, the
 * domain shown (spec section 5): "taro.yamada@example.jp" -> "ta*********@example.jp". A local
 * part of 1 or 2 characters has nothing after its first 2 and is shown as it is, as the spec
 * says: the masking hides the rest of a name, not its beginning.
 */
export function maskMailAddress(value: string): string {
  const mail = value.trim();
  const at = mail.lastIndexOf('@');
  if (mail === '') throw new TextInputError('mail masking needs a mail address');
  if (at < 1 || at === mail.length - 1) throw new TextInputError('mail masking needs local@domain');
  const local = [...mail.slice(0, at)];
  return `${local.slice(0, 2).join('')}${MaskChar.repeat(Math.max(0, local.length - 2))}${mail.slice(at)}`;
}
