/** Pieces the data storage flows share: their input, the request key, and how a card is shown. */
import type { CardToken } from '../../contracts/api/payment';
import type { ReturnUrls } from '../card-provider.machine';

export type Contact = { readonly mailAddress: string | null; readonly phoneNumber: string | null };

/** What the app hands every data storage flow when it starts one. */
export type AnshinFlowInput = {
  readonly sbSystemId: string;
  /** The customer's contacts for the one-time password (ADR 0025). */
  readonly contact: Contact;
  /** Absolute /Payment/Redirect and /Payment/Cancel/Redirect URLs carrying this flow's id. */
  readonly returnUrls: ReturnUrls;
};

export type TokenValues = {
  tokenPAN: string | null;
  tokenPanEffectiveDate: string | null;
  checkRequestValidityToken: string | null;
};

export const NoTokens: TokenValues = { tokenPAN: null, tokenPanEffectiveDate: null, checkRequestValidityToken: null };

export function tokensOf(card: CardToken): TokenValues {
  return {
    tokenPAN: card.tokenPAN,
    tokenPanEffectiveDate: card.tokenPanEffectiveDate,
    checkRequestValidityToken: card.checkRequestValidityToken,
  };
}

export function hasTokens(values: TokenValues): boolean {
  return values.tokenPAN !== null && values.tokenPanEffectiveDate !== null && values.checkRequestValidityToken !== null;
}

/** Card masking shows only the last 4 digits (spec section 5). */
export function cardDetails(last4: string): string[] {
  return [`**** **** **** ${last4}`];
}

/** A fresh per-request key (the idempotency key of spec section 7's per-request key header). */
export function newRequestKey(): string {
  return globalThis.crypto.randomUUID();
}
