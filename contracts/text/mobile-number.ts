/**
 * Japanese mobile numbers, checked with libphonenumber-js's mobile metadata (about 34 KB
 * gzipped, so only the phone pages and the server import this file).
 */
import { isValidPhoneNumber } from 'libphonenumber-js/mobile';

/**
 * A Japanese mobile number: 11 digits starting 070, 080 or 090 (spec section 5), and in a range
 * the numbering plan allocates to mobiles (it rejects e.g. 090-0xxx-xxxx).
 */
export function isJapaneseMobileNumber(digits: string): boolean {
  return /^0[789]0\d{8}$/.test(digits) && isValidPhoneNumber(digits, 'JP');
}
