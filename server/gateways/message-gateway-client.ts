/**
 * The portal's client for the mail/SMS gateway (one-time passwords and notices). Any non-2xx
 * answer throws a GatewayError; the OTP send handler maps that to W0012.
 * Locally the gateway is the outbox sandbox at /sandbox/outbox (docs/decisions/0033-message-outbox.md).
 */
import { z } from 'zod';
import { DefaultGatewayTimeoutMs, requestJson, type BaseUrl, type FetchLike } from './gateway-http';

export const GatewayKeyHeader = 'x-api-key';

export type MessageGatewayClientOptions = {
  /** The gateway's API base, e.g. http://127.0.0.1:3000/sandbox/outbox. */
  baseUrl: BaseUrl;
  key: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

export type OutgoingMessage =
  | { channel: 'email'; to: string; subject: string; body: string }
  | { channel: 'sms'; to: string; body: string };

export const AcceptedMessageSchema = z.object({
  messageId: z.string().min(1),
  acceptedAt: z.iso.datetime(),
});
export type AcceptedMessage = z.infer<typeof AcceptedMessageSchema>;

export type MessageGatewayClient = {
  /** Hands one message to the gateway; throws GatewayError when it is not accepted. */
  send(message: OutgoingMessage): Promise<AcceptedMessage>;
};

export function createMessageGatewayClient(options: MessageGatewayClientOptions): MessageGatewayClient {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    send: (message) =>
      requestJson({
        gateway: 'message-gateway',
        baseUrl: options.baseUrl,
        method: 'POST',
        path: '/api/messages',
        headers: { [GatewayKeyHeader]: options.key },
        body: message,
        response: AcceptedMessageSchema,
        timeoutMs: options.timeoutMs ?? DefaultGatewayTimeoutMs,
        fetch: fetchImpl,
      }),
  };
}
