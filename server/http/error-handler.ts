/**
 * The one error handler (docs/decisions/0005-api-errors.md): every failure leaves as the
 * ErrorBody shape. Catalogue errors keep their code and status; client errors Fastify raises
 * (bad JSON, wrong content type, body too large) become A0400; rate limiting becomes W0010;
 * anything else is a 500 with the spec's default texts and no errorCode, so the client's retry
 * rule applies and no internals leave the server.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DefaultError, ErrorCode, type ErrorBody } from '../../contracts/error-catalogue';
import { AppError } from './app-error';

function isFastifyClientError(error: FastifyError): boolean {
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500;
}

function toErrorAnswer(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.statusCode, body: error.toBody() };
  const fastifyError = error as FastifyError;
  if (fastifyError?.statusCode === 429) {
    return { status: 429, body: new AppError(ErrorCode.Congestion).toBody() };
  }
  if (fastifyError && isFastifyClientError(fastifyError)) {
    const status = fastifyError.statusCode ?? 400;
    const issue = { path: '', message: 'リクエストの形式が正しくありません。' };
    return { status, body: new AppError(ErrorCode.InvalidRequest, { statusCode: status, issues: [issue] }).toBody() };
  }
  return { status: 500, body: { message: DefaultError.message, detail: DefaultError.detail } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = toErrorAnswer(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ errorCode: answer.body.errorCode, status: answer.status }, 'request refused');
    void reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
  });
}

/** What Node's HTTP parser refuses before Fastify sees a request: A0400 in the same shape, never the framework's own body. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    new AppError(ErrorCode.InvalidRequest, { statusCode: status, issues: [{ path: '', message: 'リクエストの形式が正しくありません。' }] }).toBody(),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
