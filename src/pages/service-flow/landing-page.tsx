/**
 * A service's landing page (/AnshinDataBox ADB0001, /BasketLive BKL0001): what the service is,
 * its plans and prices tax included, and 申し込む, offered only when the customer's state allows
 * an application (GET service/usage/status); otherwise the way to the contract details.
 * 申し込む starts the eligibility check of the apply flow; a service that confirms the mail
 * address opens that confirmation here when the judge asks for it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import type { ServiceUsageStatus } from '../../../contracts/api/service-contracts';
import { ErrorCode } from '../../../contracts/error-catalogue';
import { servicePath } from '../../../contracts/services/service-definition';
import type { ApplyFlowMachine } from '../../../machines/service-flow/apply.flow';
import { ErrorMessage } from '../../components/error-message';
import { usageStatusQueryOptions } from '../top/usage-status-query';
import { serviceCatalogue } from '../service-catalogue';
import { ServiceStateLabels, monthlyPrice } from './service-copy';
import { useServiceView, type ServiceView } from './service-view';
import { BusyLine } from './busy-line';
import { useKitFlowActor, type ApplyActor } from './use-flow-actor';
import './service-flow.css';

// Only a service that confirms the mail address opens it (and its OTP step): its own chunk.
const MailConfirmationStep = lazy(() => import('./mail-confirmation-step').then((module) => ({ default: module.MailConfirmationStep })));

export function LandingPage() {
  const actor = useKitFlowActor('apply');
  const usage = useQuery(usageStatusQueryOptions());
  return <LandingFlow actor={actor} usage={usage.data} usageFailed={usage.isError} />;
}

export type LandingFlowProps = {
  readonly actor: ApplyActor;
  readonly usage: ServiceUsageStatus | undefined;
  readonly usageFailed: boolean;
};

export function LandingFlow({ actor, usage, usageFailed }: LandingFlowProps) {
  const snapshot = useSelector(actor, (state) => state);
  return <LandingView snapshot={snapshot} send={(event) => actor.send(event)} usage={usage} usageFailed={usageFailed} />;
}

type ApplySnapshot = SnapshotFrom<ApplyFlowMachine>;

export type LandingViewProps = {
  readonly snapshot: ApplySnapshot;
  readonly send: ApplyActor['send'];
  readonly usage: ServiceUsageStatus | undefined;
  readonly usageFailed: boolean;
};

function Hero({ view }: { readonly view: ServiceView }) {
  const { service } = view;
  const entry = serviceCatalogue.find((item) => item.serviceId === service.serviceId);
  const [only] = service.plans;
  return (
    <section className="hero" aria-labelledby="service-about">
      <h2 id="service-about">{view.headline}</h2>
      <p className="lead">{entry?.summary}</p>
      {service.plans.length === 1 ? (
        <p className="price">
          {monthlyPrice(only)}
          {service.firstMonthFree ? <small>（お申し込み月は無料）</small> : null}
        </p>
      ) : (
        <ul className="plan-list" aria-label="プランと月額料金（税込）">
          {service.plans.map((plan) => (
            <li key={plan.planId} className="plan-list__item">
              <p className="plan-list__head">
                <span className="plan-list__name">{plan.name}</span>
                <span className="plan-list__price">{monthlyPrice(plan)}</span>
              </p>
              <p className="plan-list__includes">{plan.includes}</p>
            </li>
          ))}
        </ul>
      )}
      <p className="note">{entry?.priceNote}</p>
    </section>
  );
}

/** What the service is and what it includes: the same in every state of the page. */
function LandingIntro() {
  const view = useServiceView();
  return (
    <>
      <Hero view={view} />
      <section className="card" aria-labelledby="service-included">
        <h2 id="service-included">サービスの内容</h2>
        <ul className="feature-list">
          {view.features.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

/**
 * The landing as the server draws it (docs/decisions/0106-first-view-from-the-server.md): the
 * flow at its first state, from the customer's usage; 申し込む is drawn but not usable yet.
 */
export function LandingFirstView({ usage }: { readonly usage: ServiceUsageStatus }) {
  return (
    <>
      <LandingIntro />
      <ApplyAction canAsk send={undefined} usage={usage} usageFailed={false} />
    </>
  );
}

export function LandingView({ snapshot, send, usage, usageFailed }: LandingViewProps) {
  const confirmation = snapshot.children.mailConfirmation;
  return (
    <>
      <LandingIntro />
      {match(snapshot.value)
        .with('landing', () => <ApplyAction canAsk={snapshot.can({ type: 'wizard.next' })} send={send} usage={usage} usageFailed={usageFailed} />)
        .with('judging', 'judgeRetryWait', () => <BusyLine>お申し込みいただけるか確認しています。</BusyLine>)
        .with('mailConfirmation', () =>
          confirmation === undefined ? null : (
            <Suspense fallback={<BusyLine>メールアドレスの確認を準備しています。</BusyLine>}>
              <MailConfirmationStep confirmation={confirmation} send={send} />
            </Suspense>
          ),
        )
        .with('ineligible', () => (
          <section className="alert alert--error" role="alert" aria-labelledby="service-ineligible">
            <h2 id="service-ineligible" className="alert__title">
              申し訳ありません。現在、お申し込みいただけません。
            </h2>
            <ul>
              {snapshot.context.ineligibleReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <div className="button-row">
              <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
                サービスのご案内に戻る
              </button>
            </div>
          </section>
        ))
        .with(
          'applyForm',
          'couponJudging',
          'loadingPaymentMethods',
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
          // The URL follows the flow to its own page.
          () => <BusyLine>画面を切り替えています。</BusyLine>,
        )
        .exhaustive()}
    </>
  );
}

type ApplyActionProps = Omit<LandingViewProps, 'snapshot' | 'send'> & {
  /** The flow takes 申し込む now. */
  readonly canAsk: boolean;
  /** Undefined while the page is not usable yet (the server's first view): 申し込む is drawn disabled. */
  readonly send: ApplyActor['send'] | undefined;
};

function ApplyAction({ canAsk, send, usage, usageFailed }: ApplyActionProps) {
  const { service: definition } = useServiceView();
  if (usage === undefined) {
    return usageFailed ? (
      <p className="note">ご契約の状況を確認できませんでした。時間をおいて、もう一度お試しください。</p>
    ) : (
      <BusyLine>ご契約の状況を確認しています。</BusyLine>
    );
  }
  const service = usage.services.find((item) => item.serviceId === definition.serviceId);
  const canApply = !usage.restricted && service !== undefined && service.allowedActions.includes('apply');
  if (canApply && canAsk) {
    return (
      <div className="button-row">
        <button type="button" className="button button--block" disabled={send === undefined} onClick={() => send?.({ type: 'wizard.next' })}>
          申し込む
        </button>
      </div>
    );
  }
  return (
    <section className="card" aria-labelledby="service-state">
      <h2 id="service-state">ご契約の状況</h2>
      {usage.restricted ? <ErrorMessage code={ErrorCode.StatusForbidsProcedure} /> : null}
      <p>
        {service === undefined || service.state === 'none'
          ? '現在、ポータルからはお申し込みいただけません。'
          : `このサービスは「${ServiceStateLabels[service.state]}」です。`}
      </p>
      {service !== undefined && service.state !== 'none' && service.state !== 'withdrawn' ? (
        <div className="button-row">
          <Link to={servicePath(definition, 'detail')} className="button button--secondary button--block">
            ご契約内容を見る
          </Link>
        </div>
      ) : null}
    </section>
  );
}
