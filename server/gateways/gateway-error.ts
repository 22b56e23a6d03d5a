/**
 * The one error type of the portal's clients for external systems (card provider, message
 * gateway). Handlers map it to the spec's codes: a failed message send is W0012, a card order
 * that cannot be created or read is an internal error.
 */
export type GatewayName = 'card-provider' | 'message-gateway';

/**
 * - timeout: no answer within the client's limit;
 * - unreachable: no HTTP answer at all (refused, DNS, reset);
 * - rejected: a 4xx answer (our request or our credentials are wrong, or the resource is gone);
 * - unavailable: a 5xx answer (the other side failed, e.g. a message it could not deliver);
 * - invalid-response: a 2xx answer whose body is not what the other side's API promises.
 */
export type GatewayFailure = 'timeout' | 'unreachable' | 'rejected' | 'unavailable' | 'invalid-response';

export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly gateway: GatewayName;
  readonly failure: GatewayFailure;
  /** HTTP status of the answer, when there was one. */
  readonly status: number | undefined;
  /** The other side's machine-readable error code (its `error` field), when it sent one. */
  readonly code: string | undefined;

  constructor(init: {
    gateway: GatewayName;
    failure: GatewayFailure;
    message: string;
    status?: number;
    code?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.gateway = init.gateway;
    this.failure = init.failure;
    this.status = init.status;
    this.code = init.code;
  }
}

export function isGatewayError(error: unknown): error is GatewayError {
  return error instanceof GatewayError;
}
