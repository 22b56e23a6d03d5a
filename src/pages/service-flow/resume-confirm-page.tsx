/**
 * Resume/Confirm of a service that resumes (ADB0011 for data storage): lifting a suspension. The
 * customer keeps the payment method, or changes it to the mobile bill or a new card on the same
 * page (docs/flows/anshin-data-box.md section 4), then confirms by one-time password.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import { CreditCardLabel, MobileBillLabel, PaymentMethod, type PaymentMethodValue } from '../../../contracts/codes';
import { ErrorCode } from '../../../contracts/error-catalogue';
import { allowedActionsFor } from '../../../contracts/lifecycle';
import { planOf, servicePath } from '../../../contracts/services/service-definition';
import type { ResumeFlowMachine } from '../../../machines/service-flow/resume.flow';
import { ErrorMessage } from '../../components/error-message';
import { monthlyPrice, paymentLine } from './service-copy';
import { ContractSummary } from './contract-summary';
import { ChoiceGroup } from './fields';
import { BusyLine } from './busy-line';
import { Notice, SubmitUnknown } from './step-actions';
import { useKitFlowActor, type ResumeActor } from './use-flow-actor';
import { useServiceView, whatResumesOf } from './service-view';
import './service-flow.css';

// The card provider and one-time password steps load when the customer reaches them.
const CardProviderStep = lazy(() => import('./steps').then((module) => ({ default: module.CardProviderStep })));
const OtpStep = lazy(() => import('./steps').then((module) => ({ default: module.OtpStep })));
const preparing = <BusyLine>画面を準備しています。</BusyLine>;

export function ResumeConfirmPage() {
  return <ResumeConfirmFlow actor={useKitFlowActor('resume')} />;
}

export function ResumeConfirmFlow({ actor }: { readonly actor: ResumeActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <ResumeConfirmView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

export type ResumeViewProps = {
  readonly snapshot: SnapshotFrom<ResumeFlowMachine>;
  /** Undefined in the server's first view: the choice and the submit are drawn, not yet usable (ADR 0106). */
  readonly send: ResumeActor['send'] | undefined;
};

export function ResumeConfirmView(props: ResumeViewProps) {
  const { snapshot, send } = props;
  return match(snapshot.value)
    .with('loading', () => <BusyLine>ご契約内容を確認しています。</BusyLine>)
    .with('confirm', 'otp', 'submitting', 'submitUnknown', () => <ResumeStep {...props} />)
    .with({ cardProvider: 'opening' }, { cardProvider: 'away' }, { cardProvider: 'verifying' }, (value) => (
      <Suspense fallback={preparing}>
        <CardProviderStep
          step={value.cardProvider}
          redirectOrderUrl={snapshot.context.redirectOrderUrl}
          onBack={send !== undefined && snapshot.can({ type: 'wizard.back' }) ? () => send({ type: 'wizard.back' }) : null}
        />
      </Suspense>
    ))
    .with('completed', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}

type ResumeMethod = typeof PaymentMethod.WithMobile | typeof PaymentMethod.CreditCard | typeof PaymentMethod.NewCreditCard;

const asResumeMethod = (value: PaymentMethodValue): ResumeMethod | null =>
  value === PaymentMethod.WithMobile || value === PaymentMethod.CreditCard || value === PaymentMethod.NewCreditCard ? value : null;

function ResumeStep({ snapshot, send }: ResumeViewProps) {
  const view = useServiceView();
  const { service } = view;
  const whatResumes = whatResumesOf(view);
  const { contract, resumeInfo, notice } = snapshot.context;
  const [chosen, setChosen] = useState<ResumeMethod | null>(asResumeMethod(resumeInfo.paymentMethodValue));
  const [error, setError] = useState<string | null>(null);
  const busy = snapshot.hasTag('busy');
  const stage = snapshot.value;
  if (contract === null) return null;
  const current = contract.paymentMethod;
  // The lifecycle the machine's canResume guard reads: only a suspended contract resumes.
  const resumable = allowedActionsFor(service.serviceId, contract.status).includes('resume');
  const newCardReady = resumeInfo.paymentMethodValue === PaymentMethod.NewCreditCard;
  const labelFor = (method: ResumeMethod) => (method === PaymentMethod.WithMobile ? MobileBillLabel : CreditCardLabel);
  const options = [
    ...(current === null
      ? []
      : [{ value: current, label: `現在のお支払い方法のまま（${paymentLine(contract.paymentMethodLabel, contract.paymentMethodDetails)}）` }]),
    ...(snapshot.can({ type: 'payment.select', method: PaymentMethod.WithMobile, label: MobileBillLabel }) && current !== PaymentMethod.WithMobile
      ? [{ value: PaymentMethod.WithMobile, label: MobileBillLabel }]
      : []),
    {
      value: PaymentMethod.NewCreditCard,
      label: paymentLine('新しいクレジットカード', newCardReady ? resumeInfo.paymentMethodDetails : []),
      support: newCardReady ? undefined : 'カード決済サービスの画面でカード情報を入力します。入力後、この画面に戻ります。',
    },
  ];

  const submit = () => {
    if (send === undefined) return;
    if (chosen === null) {
      setError('お支払い方法を選択してください。');
      return;
    }
    if (chosen === PaymentMethod.NewCreditCard && !newCardReady) {
      send({ type: 'payment.select', method: chosen, label: CreditCardLabel });
      return;
    }
    if (chosen !== PaymentMethod.NewCreditCard) send({ type: 'payment.select', method: chosen, label: labelFor(chosen) });
    send({ type: 'confirm.submit' });
  };

  return (
    <>
      <section className="card" aria-labelledby="resume-contract">
        <h2 id="resume-contract">現在のご契約</h2>
        <ContractSummary contract={contract} />
      </section>
      {resumable ? null : <ErrorMessage code={ErrorCode.StatusForbidsProcedure} />}
      {notice === null ? null : <Notice code={notice} />}
      {resumable ? (
        <section className="card" aria-labelledby="resume-terms">
          <h2 id="resume-terms">利用再開について</h2>
          <ul>
            <li>お手続きの完了後すぐに、{whatResumes}をふたたびご利用いただけます。</li>
            <li>再開した月から、{monthlyPrice(planOf(service, contract.planId))}のご利用料金がかかります。日割りはありません。</li>
          </ul>
        </section>
      ) : null}
      {!resumable ? (
        <div className="button-row">
          <Link to={servicePath(service, 'detail')} className="button button--secondary button--block">
            ご契約内容に戻る
          </Link>
        </div>
      ) : null}
      {resumable && stage === 'confirm' ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <ChoiceGroup
            id="resume-payment"
            legend="再開後のお支払い方法"
            required
            type="radio"
            disabled={send === undefined}
            options={options}
            selected={chosen === null ? [] : [chosen]}
            onChange={(value) => {
              const method = options.find((option) => option.value === value)?.value;
              if (method !== undefined) setChosen(method);
              setError(null);
            }}
            error={error}
          />
          <div className="button-row">
            <button type="submit" className="button button--block" disabled={send === undefined}>
              {chosen === PaymentMethod.NewCreditCard && !newCardReady ? 'カード情報の入力へ進む' : '利用を再開する'}
            </button>
            <Link to={servicePath(service, 'detail')} className="button button--secondary button--block">
              ご契約内容に戻る
            </Link>
          </div>
        </form>
      ) : null}
      {match(stage)
        .with('otp', () => {
          const otp = snapshot.children.verifyContact;
          return otp === undefined || send === undefined ? null : (
            <Suspense fallback={preparing}>
              <OtpStep otp={otp} send={send} submitLabel="認証して利用を再開する" />
            </Suspense>
          );
        })
        .with('submitting', () => (
          <div className="button-row">
            <button type="button" className="button button--block" disabled={busy}>
              利用再開を送信しています…
            </button>
          </div>
        ))
        .with('submitUnknown', () => <SubmitUnknown onRetry={() => send?.({ type: 'error.retry' })} />)
        .otherwise(() => null)}
    </>
  );
}
