/**
 * /AnshinDataBox (ADB0001): what the service is, its price tax included, and 申し込む, offered
 * only when the customer's state allows an application (GET service/usage/status); otherwise the
 * way to the contract details. 申し込む starts the eligibility check of the apply flow.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import type { ServiceUsageStatus } from '../../../contracts/api/service-contracts';
import { ServiceId } from '../../../contracts/codes';
import { ErrorCode } from '../../../contracts/error-catalogue';
import type { anshinApplyMachine } from '../../../machines/anshin-data-box/anshin-apply.machine';
import { ErrorMessage } from '../../components/error-message';
import { usageStatusQueryOptions } from '../top/usage-status-query';
import { serviceCatalogue } from '../service-catalogue';
import { ContractStateLabels, MonthlyPrice } from './anshin-copy';
import { BusyLine } from './steps';
import { useFlowActor, type ApplyActor } from './use-flow-actor';
import './anshin-data-box.css';

export function AnshinLandingPage() {
  const actor = useFlowActor('anshinApply');
  const usage = useQuery(usageStatusQueryOptions());
  return <AnshinLandingFlow actor={actor} usage={usage.data} usageFailed={usage.isError} />;
}

export type AnshinLandingFlowProps = {
  readonly actor: ApplyActor;
  readonly usage: ServiceUsageStatus | undefined;
  readonly usageFailed: boolean;
};

export function AnshinLandingFlow({ actor, usage, usageFailed }: AnshinLandingFlowProps) {
  const snapshot = useSelector(actor, (state) => state);
  return <AnshinLandingView snapshot={snapshot} send={(event) => actor.send(event)} usage={usage} usageFailed={usageFailed} />;
}

type ApplySnapshot = SnapshotFrom<typeof anshinApplyMachine>;

export type AnshinLandingViewProps = {
  readonly snapshot: ApplySnapshot;
  readonly send: ApplyActor['send'];
  readonly usage: ServiceUsageStatus | undefined;
  readonly usageFailed: boolean;
};

const entry = serviceCatalogue.find((service) => service.serviceId === ServiceId.DataStorage);

export function AnshinLandingView({ snapshot, send, usage, usageFailed }: AnshinLandingViewProps) {
  return (
    <>
      <section className="hero" aria-labelledby="adb-about">
        <h2 id="adb-about">写真も連絡先も、まとめて安全に保管</h2>
        <p className="lead">{entry?.summary}</p>
        <p className="price">
          {MonthlyPrice}
          <small>（お申し込み月は無料）</small>
        </p>
        <p className="note">{entry?.priceNote}</p>
      </section>
      <section className="card" aria-labelledby="adb-included">
        <h2 id="adb-included">サービスの内容</h2>
        <ul className="feature-list">
          <li>写真・動画・連絡先・カレンダーを自動でバックアップ</li>
          <li>機種変更や故障・紛失のときに、新しい端末へかんたんに復元</li>
          <li>保存したデータはスマートフォンのアプリとパソコンのブラウザから確認</li>
          <li>解約はこのポータルからいつでも。解約金はかかりません</li>
        </ul>
      </section>
      {match(snapshot.value)
        .with('landing', () => <ApplyAction snapshot={snapshot} send={send} usage={usage} usageFailed={usageFailed} />)
        .with('judging', 'judgeRetryWait', () => <BusyLine>お申し込みいただけるか確認しています。</BusyLine>)
        .with('ineligible', () => (
          <section className="alert alert--error" role="alert" aria-labelledby="adb-ineligible">
            <h2 id="adb-ineligible" className="alert__title">
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

function ApplyAction({ snapshot, send, usage, usageFailed }: AnshinLandingViewProps) {
  if (usage === undefined) {
    return usageFailed ? (
      <p className="note">ご契約の状況を確認できませんでした。時間をおいて、もう一度お試しください。</p>
    ) : (
      <BusyLine>ご契約の状況を確認しています。</BusyLine>
    );
  }
  const service = usage.services.find((item) => item.serviceId === ServiceId.DataStorage);
  const canApply = !usage.restricted && service !== undefined && service.allowedActions.includes('apply');
  if (canApply && snapshot.can({ type: 'wizard.next' })) {
    return (
      <div className="button-row">
        <button type="button" className="button button--block" onClick={() => send({ type: 'wizard.next' })}>
          申し込む
        </button>
      </div>
    );
  }
  return (
    <section className="card" aria-labelledby="adb-state">
      <h2 id="adb-state">ご契約の状況</h2>
      {usage.restricted ? <ErrorMessage code={ErrorCode.StatusForbidsProcedure} /> : null}
      <p>
        {service === undefined || service.state === 'none'
          ? '現在、ポータルからはお申し込みいただけません。'
          : `このサービスは「${ContractStateLabels[service.state]}」です。`}
      </p>
      {service !== undefined && service.state !== 'none' && service.state !== 'withdrawn' ? (
        <div className="button-row">
          <Link to="/AnshinDataBox/Service/Detail" className="button button--secondary button--block">
            ご契約内容を見る
          </Link>
        </div>
      ) : null}
    </section>
  );
}
