/** A contract as the service pages show it: plan, state, payment (card masked). */
import type { FlowContract } from '../../../contracts/api/service-contracts';
import { ServiceStateLabels, formatDate, monthlyPrice, paymentLine } from './service-copy';
import { planOf } from '../../../contracts/services/service-definition';
import { useServiceView } from './service-view';

export function ContractSummary({ contract }: { readonly contract: FlowContract }) {
  const plan = planOf(useServiceView().service, contract.planId);
  return (
    <dl className="definition-list">
      <dt>プラン</dt>
      <dd>{plan.name}</dd>
      <dt>月額料金</dt>
      <dd>{monthlyPrice(plan)}</dd>
      <dt>ご契約の状態</dt>
      <dd>
        <span className={`status status--${contract.status}`}>{ServiceStateLabels[contract.status]}</span>
        {contract.withdrawalDate === null ? null : (
          <span className="status-note">
            {contract.status === 'withdrawn' ? `${formatDate(contract.withdrawalDate)}に解約` : `${formatDate(contract.withdrawalDate)}に解約予定`}
          </span>
        )}
      </dd>
      {contract.startedDate === null ? null : (
        <>
          <dt>ご利用開始日</dt>
          <dd>{formatDate(contract.startedDate)}</dd>
        </>
      )}
      <dt>お支払い方法</dt>
      <dd>{contract.paymentMethod === null ? '—' : paymentLine(contract.paymentMethodLabel, contract.paymentMethodDetails)}</dd>
    </dl>
  );
}
