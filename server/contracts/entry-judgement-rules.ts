/**
 * Whether a customer may apply for a service now (docs/decisions/0034-entry-judgement-and-coupons.md).
 * Every rule is checked, so the answer lists every reason; the client decides what a failure
 * means (the data storage service ignores one that is only about the mail address).
 */
import { registerServiceEndpoint } from '../../contracts/api/service-requests';
import {
  EntryJudgementResult,
  MailAddressParameter,
  type EntryJudgementNg,
  type EntryJudgementResponse,
} from '../../contracts/api/entry-judgement';
import { LineStatus, type ServiceIdValue } from '../../contracts/codes';
import { ActionsByService } from '../../contracts/lifecycle';
import { isDeliverableMailAddress } from '../../contracts/text/mail-address';
import type { Db } from '../db/client';
import { invalidRequest } from '../http/app-error';
import { hasLiveClaim } from '../idempotency/idempotency-store';
import type { ProcessLock } from '../idempotency/process-lock';
import { currentContract, listContracts, type CustomerRow } from './contract-repository';

/** The entry judge refuses the customer's mail address (unconfirmed or undeliverable). */
export function mailAddressNeedsConfirmation(customer: Pick<CustomerRow, 'mailAddress' | 'mailAddressConfirmed'>): boolean {
  return !customer.mailAddressConfirmed || !isDeliverableMailAddress(customer.mailAddress);
}

/**
 * A confirmation (and its code) is only for a customer whose address the entry judge refuses:
 * that address while it is merely unconfirmed, or a new address that can receive mail. The OTP
 * cool-down and lock limit the codes like any other, so this cannot send mail anywhere at will.
 */
export function assertConfirmableAddress(customer: CustomerRow, mailAddress: string): void {
  if (!mailAddressNeedsConfirmation(customer)) {
    throw invalidRequest([{ path: 'body', message: 'ご登録のメールアドレスは確認済みです。' }]);
  }
  if (!isDeliverableMailAddress(mailAddress)) {
    throw invalidRequest([{ path: 'body.mailAddress', message: 'このメールアドレスはご利用いただけません。別のメールアドレスを入力してください。' }]);
  }
}

const REGISTER_ENDPOINT = `${registerServiceEndpoint.method} ${registerServiceEndpoint.path}`;

export async function judgeEntry(db: Db, lock: ProcessLock, customer: CustomerRow, serviceId: ServiceIdValue): Promise<EntryJudgementResponse> {
  const ngList: EntryJudgementNg[] = [];
  if (!ActionsByService[serviceId].includes('apply')) {
    ngList.push({ parameter: 'contentsServiceId', reason: 'SERVICE_NOT_OFFERED' });
  }
  if (customer.lineStatus === LineStatus.Restricted) {
    ngList.push({ parameter: 'lineStatus', reason: 'LINE_RESTRICTED' });
  }
  const contract = currentContract(await listContracts(db, customer.sbSystemId), serviceId);
  if (contract !== undefined && contract.status !== 'withdrawn') {
    ngList.push({ parameter: 'contract', reason: 'ALREADY_CONTRACTED' });
  }
  // A registration still being processed: the client asks again shortly (a retryable parameter).
  if (await hasLiveClaim(db, lock, customer.sbSystemId, REGISTER_ENDPOINT)) {
    ngList.push({ parameter: 'orderInProgress', reason: 'ORDER_IN_PROGRESS' });
  }
  if (!customer.mailAddressConfirmed) {
    ngList.push({ parameter: MailAddressParameter, reason: 'MAIL_ADDRESS_UNCONFIRMED' });
  } else if (!isDeliverableMailAddress(customer.mailAddress)) {
    ngList.push({ parameter: MailAddressParameter, reason: 'MAIL_ADDRESS_UNDELIVERABLE' });
  }
  return { result: ngList.length === 0 ? EntryJudgementResult.Ok : EntryJudgementResult.Ng, ngList };
}
