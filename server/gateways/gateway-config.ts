/**
 * Where the portal's external systems are and how it authenticates to them, resolved from the
 * environment once at start-up. A system without a configured URL is the sandbox stand-in on
 * this very server, reached over real HTTP on the address the server listens on; the sandbox
 * and the portal then share credentials derived from SESSION_SECRET, so every process of one
 * deployment agrees on them (docs/decisions/0046-two-processes.md) and none lives in the
 * repository beyond the development secret's.
 */
import type { Env } from '../env';
import { deriveKey } from '../security/app-secret';
import type { BaseUrl } from './gateway-http';

export type CardProviderConfig = { baseUrl: BaseUrl; merchantKey: string; secret: string };
export type MessageGatewayConfig = { baseUrl: BaseUrl; key: string };

export type GatewayConfig = {
  cardProvider: CardProviderConfig;
  messageGateway: MessageGatewayConfig;
  /** Options for `cardProviderSandbox`; undefined when a real provider is configured. */
  cardSandbox: { merchantKey: string; secret: string; publicOrigin: string | (() => string) } | undefined;
  /** Options for `outboxSandbox`; undefined when a real gateway is configured. */
  outboxSandbox: { apiKey: string } | undefined;
};

export type GatewayConfigOptions = {
  /**
   * The origin this server answers on, read when a call is made, e.g. `() => app.listeningOrigin`
   * (needed when PORT is 0). Default: http://HOST:PORT, with a wildcard host read as loopback.
   */
  localOrigin?: () => string;
};

export function resolveGatewayConfig(env: Env, options: GatewayConfigOptions = {}): GatewayConfig {
  const localOrigin = options.localOrigin ?? (() => defaultLocalOrigin(env));
  const problems: string[] = [];
  const needSandbox = (name: string) => {
    if (!env.SANDBOX) problems.push(`${name} is required when SANDBOX is off`);
  };

  let cardProvider: CardProviderConfig;
  let cardSandbox: GatewayConfig['cardSandbox'];
  if (env.CARD_PROVIDER_URL !== undefined) {
    if (env.CARD_PROVIDER_MERCHANT_KEY === undefined) problems.push('CARD_PROVIDER_MERCHANT_KEY is required with CARD_PROVIDER_URL');
    if (env.CARD_PROVIDER_SECRET === undefined) problems.push('CARD_PROVIDER_SECRET is required with CARD_PROVIDER_URL');
    cardProvider = {
      baseUrl: env.CARD_PROVIDER_URL,
      merchantKey: env.CARD_PROVIDER_MERCHANT_KEY ?? '',
      secret: env.CARD_PROVIDER_SECRET ?? '',
    };
  } else {
    needSandbox('CARD_PROVIDER_URL');
    const merchantKey = env.CARD_PROVIDER_MERCHANT_KEY ?? derivedKey(env, 'sandbox-card-merchant-key');
    const secret = env.CARD_PROVIDER_SECRET ?? derivedKey(env, 'sandbox-card-secret');
    cardProvider = { baseUrl: () => `${localOrigin()}/sandbox/card`, merchantKey, secret };
    // The origin customers use, never a request's Host: PUBLIC_URL, or this server's address.
    cardSandbox = { merchantKey, secret, publicOrigin: env.PUBLIC_URL ?? localOrigin };
  }

  let messageGateway: MessageGatewayConfig;
  let outboxSandbox: GatewayConfig['outboxSandbox'];
  if (env.MESSAGE_GATEWAY_URL !== undefined) {
    if (env.MESSAGE_GATEWAY_KEY === undefined) problems.push('MESSAGE_GATEWAY_KEY is required with MESSAGE_GATEWAY_URL');
    messageGateway = { baseUrl: env.MESSAGE_GATEWAY_URL, key: env.MESSAGE_GATEWAY_KEY ?? '' };
  } else {
    needSandbox('MESSAGE_GATEWAY_URL');
    const key = env.MESSAGE_GATEWAY_KEY ?? derivedKey(env, 'sandbox-message-gateway-key');
    messageGateway = { baseUrl: () => `${localOrigin()}/sandbox/outbox`, key };
    outboxSandbox = { apiKey: key };
  }

  if (problems.length > 0) throw new Error(`invalid gateway configuration:\n  ${problems.join('\n  ')}`);
  return { cardProvider, messageGateway, cardSandbox, outboxSandbox };
}

function defaultLocalOrigin(env: Env): string {
  const wildcard = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '';
  const bareIpv6 = env.HOST.includes(':') && !env.HOST.startsWith('[');
  const host = wildcard ? '127.0.0.1' : bareIpv6 ? `[${env.HOST}]` : env.HOST;
  return `http://${host}:${env.PORT}`;
}

function derivedKey(env: Env, purpose: string): string {
  return deriveKey(env, purpose).toString('base64url');
}
