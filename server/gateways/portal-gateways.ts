/**
 * The portal's clients for its external systems, and the sandbox stand-ins that answer for them
 * when no real system is configured (docs/decisions/0032, 0033, 0036). The clients always go over
 * HTTP, to the sandbox on this very server when it is the one answering.
 */
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { customers, otpChallenges } from '../db/schema';
import type { Env } from '../env';
import { cardProviderSandbox } from '../sandbox/card-provider/card-provider-plugin';
import { outboxSandbox, type ReaderOf } from '../sandbox/outbox/outbox-plugin';
import { normalizeRecipient } from '../sandbox/outbox/outbox-store';
import { findActiveSession, SESSION_COOKIE } from '../session/session-store';
import { createCardProviderClient, type CardProviderClient } from './card-provider-client';
import { resolveGatewayConfig } from './gateway-config';
import { createMessageGatewayClient, type MessageGatewayClient } from './message-gateway-client';

export type PortalGateways = {
  readonly cardProvider: CardProviderClient;
  readonly messages: MessageGatewayClient;
};

export type GatewayOptions = {
  /** The card provider sandbox's clock; tests move it to expire orders. */
  sandboxNow?: () => Date;
};

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** The origin this server answers on once it listens (PORT may be 0); HOST:PORT before that. */
function localOrigin(app: FastifyInstance, env: Env): string {
  const address: AddressInfo | string | null = app.server.address();
  if (address !== null && typeof address === 'object') {
    const ipv6 = address.family === 'IPv6';
    const host = WILDCARD_HOSTS.has(address.address) ? (ipv6 ? '::1' : '127.0.0.1') : address.address;
    return `http://${ipv6 ? `[${host}]` : host}:${address.port}`;
  }
  const host = WILDCARD_HOSTS.has(env.HOST) ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/**
 * Registers the sandboxes that stand in for unconfigured systems and returns the clients.
 * Outside production a server with neither a sandbox nor real systems (SANDBOX off, no URLs)
 * gets no clients, and the calls that need them are not registered (404, "not built").
 */
export async function registerGateways(
  app: FastifyInstance,
  env: Env,
  options: GatewayOptions = {},
): Promise<PortalGateways | undefined> {
  let config: ReturnType<typeof resolveGatewayConfig>;
  try {
    config = resolveGatewayConfig(env, { localOrigin: () => localOrigin(app, env) });
  } catch (error) {
    if (env.NODE_ENV === 'production') throw error;
    app.log.warn({ err: error }, 'no card provider or message gateway: payment and OTP calls are not available');
    return undefined;
  }
  if (config.cardSandbox) {
    await app.register(cardProviderSandbox, {
      ...config.cardSandbox,
      db: app.portal.db,
      ...(options.sandboxNow === undefined ? {} : { now: options.sandboxNow }),
    });
  }
  if (config.outboxSandbox) {
    await app.register(outboxSandbox, {
      ...config.outboxSandbox,
      db: app.portal.db,
      readerOf: customerAddresses(app.portal.db),
      ...(env.OUTBOX_READ_KEY === undefined ? {} : { readKey: env.OUTBOX_READ_KEY }),
    });
  }
  return {
    cardProvider: createCardProviderClient(config.cardProvider),
    messages: createMessageGatewayClient(config.messageGateway),
  };
}

/** The outbox's reader: the customer signed in on this browser reads the messages to their own contacts. */
function customerAddresses(db: Db): ReaderOf {
  return async (request) => {
    const id = request.cookies[SESSION_COOKIE];
    const session = id === undefined ? undefined : await findActiveSession(db, id);
    if (session === undefined) return undefined;
    const [customer] = await db
      .select({ mailAddress: customers.mailAddress, phoneNumber: customers.phoneNumber, contactPhoneNumber: customers.contactPhoneNumber })
      .from(customers)
      .where(eq(customers.sbSystemId, session.sbSystemId))
      .limit(1);
    if (customer === undefined) return undefined;
    // A contact being proved is not on file yet: the customer reads the codes they asked to send there.
    const proving = await db
      .select({ sentTo: otpChallenges.sentTo, channel: otpChallenges.channel })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.sessionId, session.id), isNotNull(otpChallenges.sentTo)));
    return [
      normalizeRecipient('email', customer.mailAddress),
      normalizeRecipient('sms', customer.phoneNumber),
      ...(customer.contactPhoneNumber === null ? [] : [normalizeRecipient('sms', customer.contactPhoneNumber)]),
      ...proving.flatMap((row) => (row.sentTo === null ? [] : [normalizeRecipient(row.channel, row.sentTo)])),
    ];
  };
}
