import { ErrorCode } from '../error-catalogue';

/**
 * A text helper was given a value it must never receive (spec section 5: "otherwise an
 * internal error"). It signals a programming or data error, not a customer's typo: customer
 * input goes through the zod schemas of field-schemas.ts instead.
 */
export class TextInputError extends Error {
  override readonly name = 'TextInputError';
  readonly code = ErrorCode.Internal;
}
