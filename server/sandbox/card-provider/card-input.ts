/**
 * The hosted card form: normalisation, checks and the sandbox's test cards. The card number
 * lives only in the request that carries it; what leaves this module is last4, brand, expiry
 * and the test card's outcome.
 */
import { z } from 'zod';

export type CardBrand = 'visa' | 'mastercard' | 'jcb' | 'amex' | 'diners';
export type CardOutcome = 'approve' | 'decline' | 'challenge';

export const BrandLabel: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  amex: 'American Express',
  diners: 'Diners Club',
};

/** Only these numbers are accepted, so nobody is tempted to try a real card on the sandbox. */
export const TestCards: readonly { number: string; brand: CardBrand; outcome: CardOutcome; note: string }[] = [
  { number: '4242424242424242', brand: 'visa', outcome: 'approve', note: '登録できます' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'approve', note: '登録できます' },
  { number: '3530111333300000', brand: 'jcb', outcome: 'approve', note: '登録できます' },
  { number: '378282246310005', brand: 'amex', outcome: 'approve', note: '登録できます（15桁、セキュリティコード4桁）' },
  { number: '36227206271667', brand: 'diners', outcome: 'approve', note: '登録できます（14桁）' },
  { number: '4000000000000002', brand: 'visa', outcome: 'decline', note: 'ご利用いただけないカードとして扱われます' },
  { number: '4000002760003184', brand: 'visa', outcome: 'challenge', note: '本人認証（3-Dセキュア）の画面が表示されます' },
];

export type CardField = 'cardNumber' | 'expiryMonth' | 'expiryYear' | 'securityCode' | 'cardHolder';

/** Field order on the page, which is also the order of the error summary. */
export const CardFields: readonly CardField[] = ['cardNumber', 'expiryMonth', 'expiryYear', 'securityCode', 'cardHolder'];

const Text = z.string().max(200).optional().default('');

/** The form as posted. Anything else in the body is ignored. */
export const CardFormSchema = z.object({
  cardNumber: Text,
  expiryMonth: Text,
  expiryYear: Text,
  securityCode: Text,
  cardHolder: Text,
});
export type CardForm = z.infer<typeof CardFormSchema>;

export const EmptyCardForm: CardForm = { cardNumber: '', expiryMonth: '', expiryYear: '', securityCode: '', cardHolder: '' };

export type AcceptedCard = {
  last4: string;
  brand: CardBrand;
  outcome: CardOutcome;
  expiryYear: number;
  expiryMonth: number;
};

export type CardCheck = { ok: true; card: AcceptedCard } | { ok: false; errors: Partial<Record<CardField, string>> };

/** Full-width digits and spaces become half-width; spaces and every kind of dash are dropped. */
export function normalizeDigits(value: string): string {
  return value.normalize('NFKC').replace(/[\s\-‐‑‒–—―−ー]/g, '');
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The year and month (1-12) of `now` in Japan, where the card's validity is judged. */
export function japanYearMonth(now: Date): { year: number; month: number } {
  const japan = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  return { year: japan.getUTCFullYear(), month: japan.getUTCMonth() + 1 };
}

export function checkCard(form: CardForm, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};

  const number = normalizeDigits(form.cardNumber);
  let testCard: (typeof TestCards)[number] | undefined;
  if (number === '') errors.cardNumber = 'カード番号を入力してください。';
  else if (!/^\d{14,16}$/.test(number)) errors.cardNumber = 'カード番号は数字14〜16桁で入力してください。';
  else if (!luhnValid(number)) errors.cardNumber = 'カード番号に誤りがあります。ご確認のうえ、もう一度入力してください。';
  else {
    testCard = TestCards.find((card) => card.number === number);
    if (testCard === undefined) {
      errors.cardNumber = 'テスト環境のため、画面下の「テスト用カード番号」のみご利用いただけます。';
    }
  }

  const monthText = normalizeDigits(form.expiryMonth);
  const yearText = normalizeDigits(form.expiryYear);
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  let year = NaN;
  if (/^\d{2}$/.test(yearText)) year = 2000 + Number(yearText);
  else if (/^\d{4}$/.test(yearText)) year = Number(yearText);
  if (monthText === '') errors.expiryMonth = '有効期限（月）を入力してください。';
  else if (!(month >= 1 && month <= 12)) errors.expiryMonth = '有効期限（月）は01〜12の数字で入力してください。';
  if (yearText === '') errors.expiryYear = '有効期限（年）を入力してください。';
  else if (Number.isNaN(year)) errors.expiryYear = '有効期限（年）は西暦の下2桁（例：30）で入力してください。';
  if (errors.expiryMonth === undefined && errors.expiryYear === undefined) {
    const current = japanYearMonth(now);
    if (year * 12 + month < current.year * 12 + current.month) {
      errors.expiryYear = '有効期限が過ぎています。有効期限内のカードをご利用ください。';
    } else if (year > current.year + 20) {
      errors.expiryYear = '有効期限（年）に誤りがあります。ご確認ください。';
    }
  }

  const code = normalizeDigits(form.securityCode);
  if (code === '') errors.securityCode = 'セキュリティコードを入力してください。';
  else if (!/^\d{3,4}$/.test(code)) errors.securityCode = 'セキュリティコードは数字3桁または4桁で入力してください。';

  const holder = form.cardHolder.normalize('NFKC').trim().replace(/\s+/g, ' ').toUpperCase();
  if (holder === '') errors.cardHolder = 'カード名義を入力してください。';
  else if (!/^[A-Z][A-Z .,'-]{1,44}$/.test(holder)) {
    errors.cardHolder = 'カード名義はカードに記載のとおり、ローマ字（半角英字）で入力してください。';
  }

  if (testCard === undefined || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    card: { last4: number.slice(-4), brand: testCard.brand, outcome: testCard.outcome, expiryYear: year, expiryMonth: month },
  };
}
