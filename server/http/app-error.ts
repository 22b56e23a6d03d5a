/**
 * An error with a code of the catalogue (contracts/error-catalogue.ts). Thrown anywhere in a
 * request, it becomes the ErrorBody answer with the code's HTTP status and Japanese texts.
 */
import { ErrorCatalogue, ErrorCode, describeError, type ErrorBody, type ErrorCodeValue } from '../../contracts/error-catalogue';

export type Issue = { path: string; message: string };

export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly statusCode: number;
  readonly endDate: string | undefined;
  readonly issues: readonly Issue[] | undefined;

  constructor(code: ErrorCodeValue, options: { endDate?: string; issues?: readonly Issue[]; statusCode?: number; cause?: unknown } = {}) {
    super(code, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = options.statusCode ?? ErrorCatalogue[code].httpStatus;
    this.endDate = options.endDate;
    this.issues = options.issues;
  }

  toBody(): ErrorBody {
    const { message, detail } = describeError(this.code, this.endDate);
    return {
      errorCode: this.code,
      message,
      detail,
      ...(this.endDate !== undefined ? { errorOptionals: { endDate: this.endDate } } : {}),
      ...(this.issues !== undefined ? { issues: [...this.issues] } : {}),
    };
  }
}

export const invalidRequest = (issues: readonly Issue[]) => new AppError(ErrorCode.InvalidRequest, { issues });
export const unauthenticated = () => new AppError(ErrorCode.Unauthenticated);
export const forbidden = () => new AppError(ErrorCode.Forbidden);
export const notFound = () => new AppError(ErrorCode.ResourceNotFound);
