import type { z } from 'zod/mini';
import { digitField } from './field-schemas';
import { isJapaneseMobileNumber } from './mobile-number';

/** 11 digits, a Japanese mobile number (070/080/090), in any width, with or without hyphens. Output: digits only. */
export const MobilePhoneSchema = digitField('携帯電話番号', 11, {
  check: isJapaneseMobileNumber,
  error: '070、080、090で始まる携帯電話番号を入力してください。',
});
export type MobilePhone = z.infer<typeof MobilePhoneSchema>;
