/**
 * A service's Update/Confirm page (ADB0006, BKL0006): the payment change to confirm (current and new
 * method, from when it applies), then the one-time password and the update.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { match } from 'ts-pattern';
import { nextMonthOf, paymentLine } from './service-copy';
import { planOf } from '../../../contracts/services/service-definition';
import { useServiceView } from './service-view';
import { BusyLine } from './busy-line';
import { SubmitActions, SubmitUnknown } from './step-actions';
import type { ChangePaymentViewProps } from './update-payment-page';
import { useBusinessDay } from '../../api/queries/current-date.query';
import { useKitFlowActor, type ChangePaymentActor } from './use-flow-actor';
import './service-flow.css';

// The one-time password loads when the customer confirms the change.
const OtpStep = lazy(() => import('./steps').then((module) => ({ default: module.OtpStep })));

export function UpdateConfirmPage() {
  return <UpdateConfirmFlow actor={useKitFlowActor('changePayment')} />;
}

export function UpdateConfirmFlow({ actor, today }: { readonly actor: ChangePaymentActor; readonly today?: Date }) {
  const snapshot = useSelector(actor, (state) => state);
  const businessDay = useBusinessDay(today);
  if (businessDay === undefined) return <BusyLine>お手続きの日付を確認しています。</BusyLine>;
  return <UpdateConfirmView snapshot={snapshot} send={(event) => actor.send(event)} today={businessDay} />;
}

export function UpdateConfirmView({ snapshot, send, today }: ChangePaymentViewProps & { readonly today: Date }) {
  const { service } = useServiceView();
  const { contract, changeInfo } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const otp = snapshot.children.verifyContact;
  const summary = (
    <>
      <p className="lead">以下の内容でお支払い方法を変更します。</p>
      <section className="card" aria-labelledby="update-change">
        <h2 id="update-change">変更内容</h2>
        <dl className="definition-list">
          <dt>サービス</dt>
          <dd>{service.name}</dd>
          <dt>プラン</dt>
          <dd>{planOf(service, changeInfo.planId).name}（変わりません）</dd>
          <dt>現在のお支払い方法</dt>
          <dd>{contract === null ? '—' : paymentLine(contract.paymentMethodLabel, contract.paymentMethodDetails)}</dd>
          <dt>新しいお支払い方法</dt>
          <dd>{paymentLine(changeInfo.paymentMethodLabel, changeInfo.paymentMethodDetails)}</dd>
          <dt>適用時期</dt>
          <dd>{nextMonthOf(today)}ご請求分から、新しいお支払い方法でのお支払いとなります。</dd>
        </dl>
      </section>
    </>
  );
  return match(snapshot.value)
    .with('confirm', 'submitting', () => (
      <>
        {summary}
        <SubmitActions
          busy={busy}
          canSubmit={snapshot.can({ type: 'confirm.submit' })}
          submitLabel="変更する"
          busyLabel="変更を送信しています…"
          backLabel="お支払い方法の選択に戻る"
          onSubmit={() => send({ type: 'confirm.submit' })}
          onBack={() => send({ type: 'wizard.back' })}
        />
      </>
    ))
    .with('otp', () => (
      <>
        {summary}
        {otp === undefined ? null : (
          <Suspense fallback={<BusyLine>画面を準備しています。</BusyLine>}>
            <OtpStep otp={otp} send={send} submitLabel="認証して変更する" />
          </Suspense>
        )}
      </>
    ))
    .with('submitUnknown', () => (
      <>
        {summary}
        <SubmitUnknown onRetry={() => send({ type: 'error.retry' })} />
      </>
    ))
    .with(
      'loading',
      'detail',
      'paymentSelect',
      { cardProvider: 'opening' },
      { cardProvider: 'away' },
      { cardProvider: 'verifying' },
      'completed',
      'failed',
      () => <BusyLine>画面を切り替えています。</BusyLine>,
    )
    .exhaustive();
}
