/**
 * The contract a flow works on (the common store's serviceContractId, spec sections 3 and 9):
 * held sealed with the session token from the moment the flow reads the contract, and sent with
 * the flow's update so the server can refuse it when the live contract is no longer that one
 * (docs/decisions/0089-service-contract-id-sealed.md).
 */
import { liveContractOf, type ServiceContract } from '../../contracts/api/service-contracts';
import type { ServiceIdValue } from '../../contracts/codes';
import { ErrorCode } from '../../contracts/error-catalogue';
import { readServiceContractId, setServiceContractId } from '../stores/service-contract-id';

/** The flow holds no contract id this session sealed: E9998 (unexpected or invalid access), nothing is sent. */
export class ContractNotHeldError extends Error {
  override readonly name = 'ContractNotHeldError';
  readonly errorCode = ErrorCode.InvalidAccess;

  constructor() {
    super('no service contract id sealed under this session token');
  }
}

/** Seals the id of the service's live contract (none: clears it). */
export async function holdContract(contracts: readonly ServiceContract[], serviceId: ServiceIdValue): Promise<void> {
  await setServiceContractId(liveContractOf(contracts, serviceId)?.contractId ?? null);
}

/** The held id; a value sealed under another session token, tampered with or never held is refused. */
export async function heldContractId(): Promise<string> {
  const id = await readServiceContractId();
  if (id === null) throw new ContractNotHeldError();
  return id;
}
