/**
 * Formatting and checks for numbers: amounts with thousands separators, and the fixed-length
 * numbers of spec sections 5 and 9: mobile phone (11 digits, 3-4-4), postal code (7 digits,
 * 3-4), IMEI (15 digits).
 * The formatters are for display: a value that is not the expected number is returned as it
 * came, so a page never breaks on odd data; validation of input is field-schemas.ts's job.
 */
/**
 * "1,234,567" or, with fraction digits, "1,234.5": what Intl.NumberFormat('ja-JP') writes, without
 * starting ICU before the first paint (docs/decisions/0107-no-intl-on-the-first-paint.md). As Intl
 * does, it rounds the number as JavaScript writes it (1.005 is "1.01" to two digits, where toFixed
 * says "1.00") half away from zero, and drops trailing zeros; a value that rounds to zero is "0",
 * where Intl writes "-0". Fraction digits: 0 to 5.
 */
export function formatGroupedNumber(value: number, maximumFractionDigits = 0): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  // Below 1e-6 JavaScript writes an exponent; such a value rounds to zero at five digits or fewer.
  const written = Math.abs(value) < 1e-6 ? '0' : String(Math.abs(value));
  const [whole = '0', fraction = ''] = written.split('.');
  let [roundedWhole, roundedFraction] = [whole, fraction.slice(0, maximumFractionDigits)];
  if ((fraction[maximumFractionDigits] ?? '0') >= '5') {
    const units = (BigInt(whole + roundedFraction) + 1n).toString().padStart(maximumFractionDigits + 1, '0');
    roundedWhole = units.slice(0, units.length - maximumFractionDigits);
    roundedFraction = units.slice(units.length - maximumFractionDigits);
  }
  const grouped = roundedWhole.replace(/\B(?=(\d{3})+$)/g, ',');
  const trimmed = roundedFraction.replace(/0+$/, '');
  const sign = value < 0 && /[1-9]/.test(roundedWhole + trimmed) ? '-' : '';
  return `${sign}${grouped}${trimmed === '' ? '' : `.${trimmed}`}`;
}

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
