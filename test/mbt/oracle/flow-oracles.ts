/**
 * The oracle of every registered flow, by flow id: the transitions where a flow document states
 * them, the pages for every flow (spec-pages.ts).
 */
import type { FlowOracle } from './path-oracle';
import { applyOracle, cancelOracle, changePaymentOracle, resumeOracle } from './kit-oracles';
import { accountOracle } from './account-oracle';
import { cardProviderOracle } from './card-provider-oracle';
import { invoiceOracle } from './invoice-oracle';
import { otpOracle } from './otp-oracle';
import { planChangeOracle } from './plan-change-oracle';
import { supportHistoryOracle } from './support-history-oracle';
import { flowPages, SpecServices } from './spec-pages';

const { anshin, basketLive, inStoreSupport } = SpecServices;

// Each oracle keeps its own facts; the run only hands them back to the oracle that made them.
const stated = [
  applyOracle('anshinApply', anshin),
  changePaymentOracle('anshinChangePayment', anshin),
  resumeOracle('anshinResume', anshin),
  applyOracle('basketLiveApply', basketLive),
  changePaymentOracle('basketLiveChangePayment', basketLive),
  cancelOracle('anshinCancel', anshin),
  cancelOracle('basketLiveCancel', basketLive),
  cancelOracle('inStoreSupportCancel', inStoreSupport),
  planChangeOracle,
  otpOracle,
  invoiceOracle,
  supportHistoryOracle,
  cardProviderOracle,
  accountOracle,
] as unknown as readonly FlowOracle<unknown>[];

const byId = new Map(stated.map((oracle) => [oracle.flowId, oracle]));

/** The oracle of a flow; pages only where its transitions are not stated here yet. */
export function oracleFor(flowId: string): FlowOracle<unknown> {
  const known = byId.get(flowId);
  if (known !== undefined) return known;
  const pages = flowPages[flowId];
  if (pages === undefined) throw new Error(`${flowId}: no page table of the spec names this flow (test/mbt/oracle/spec-pages.ts)`);
  return { flowId, pages, initial: () => ({ step: '', facts: undefined }) };
}
