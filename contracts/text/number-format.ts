/**
 * Formatting and checks for the fixed-length numbers of spec sections 5 and 9: mobile phone
 * (11 digits, 3-4-4), postal code (7 digits, 3-4), IMEI (15 digits).
 * The formatters are for display: a value that is not the expected number is returned as it
 * came, so a page never breaks on odd data; validation of input is field-schemas.ts's job.
 */
export const MobilePhoneDigits = 11;
export const PostalCodeDigits = 7;
export const ImeiDigits = 15;

/** "09012345678" -> "090-1234-5678". */
export function formatMobilePhone(value: string): string {
  return /^\d{11}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3, 7)}-${value.slice(7)}` : value;
}

/** "1000001" -> "100-0001". */
export function formatPostalCode(value: string): string {
  return /^\d{7}$/.test(value) ? `${value.slice(0, 3)}-${value.slice(3)}` : value;
}

/** The Luhn check (the IMEI's 15th digit is a Luhn check digit over the first 14). */
export function hasValidLuhnCheckDigit(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `payload` + digit pass the Luhn check. */
export function luhnCheckDigit(payload: string): string {
  for (let digit = 0; digit < 10; digit += 1) {
    if (hasValidLuhnCheckDigit(`${payload}${digit}`)) return String(digit);
  }
  throw new Error(`not a digit string: ${payload}`);
}

/** 15 digits with a valid check digit. */
export function isImei(value: string): boolean {
  return /^\d{15}$/.test(value) && hasValidLuhnCheckDigit(value);
}
