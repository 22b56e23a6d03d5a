/**
 * A service's Service/Detail page (ADB0004, BKL0004): the contract (plan, state, start, payment
 * with the card masked to its last 4 digits), the section only this service has (storage used,
 * a plan change waiting...), and the procedures the contract's state allows for this service
 * (contracts/lifecycle.ts): payment change (this flow's next step), cancel, resume, plan change
 * and the withdrawal-reservation cancel (each the entry page of its own flow).
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import type { FlowContract } from '../../../contracts/api/service-contracts';
import { allowedActionsFor } from '../../../contracts/lifecycle';
import { servicePath } from '../../../contracts/services/service-definition';
import type { ChangePaymentFlowMachine } from '../../../machines/service-flow/change-payment.flow';
import { ContractSummary } from './contract-summary';
import { IncentiveSection } from './incentive-section';
import { ProcedureList } from './procedure-list';
import { useServiceView } from './service-view';
import { BusyLine } from './busy-line';
import { useKitFlowActor, type ChangePaymentActor } from './use-flow-actor';
import './service-flow.css';

export function ServiceDetailPage() {
  return <ServiceDetailFlow actor={useKitFlowActor('changePayment')} />;
}

export function ServiceDetailFlow({ actor }: { readonly actor: ChangePaymentActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <ServiceDetailView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

export type ServiceDetailViewProps = {
  readonly snapshot: SnapshotFrom<ChangePaymentFlowMachine>;
  /** Undefined on the server's first view (ADR 0106): the payment change is drawn but not usable until the app has taken over. */
  readonly send: ChangePaymentActor['send'] | undefined;
};

export function ServiceDetailView(props: ServiceDetailViewProps) {
  return match(props.snapshot.value)
    .with('loading', () => <BusyLine>ご契約内容を確認しています。</BusyLine>)
    .with('detail', () => {
      const contract = props.snapshot.context.contract;
      return contract === null ? null : <Detail {...props} current={contract} />;
    })
    .with(
      'paymentSelect',
      { cardProvider: 'opening' },
      { cardProvider: 'away' },
      { cardProvider: 'verifying' },
      'confirm',
      'otp',
      'submitting',
      'submitUnknown',
      'completed',
      'failed',
      () => <BusyLine>画面を切り替えています。</BusyLine>,
    )
    .exhaustive();
}

function Detail({ snapshot, send, current }: ServiceDetailViewProps & { readonly current: FlowContract }) {
  const { service, DetailSection } = useServiceView();
  if (current.status === 'none') {
    return (
      <section className="card">
        <p>{service.name}のご契約はありません。</p>
        <div className="button-row">
          <Link to={servicePath(service, 'landing')} className="button button--block">
            サービスのご案内・お申し込み
          </Link>
        </div>
      </section>
    );
  }
  const actions = allowedActionsFor(service.serviceId, current.status);
  return (
    <>
      <section className="card" aria-labelledby="detail-contract">
        <h2 id="detail-contract">ご契約内容</h2>
        <ContractSummary contract={current} />
      </section>
      {current.status === 'withdrawn' || DetailSection === undefined ? null : <DetailSection contract={current} />}
      <ProcedureList
        service={service}
        actions={actions}
        changePayment={
          actions.includes('changePayment') && snapshot.can({ type: 'wizard.next' }) ? (
            <button type="button" className="button button--secondary button--block" disabled={send === undefined} onClick={() => send?.({ type: 'wizard.next' })}>
              お支払い方法の変更
            </button>
          ) : null
        }
      />
      {current.status === 'withdrawn' ? null : <IncentiveSection serviceId={service.serviceId} />}
    </>
  );
}
