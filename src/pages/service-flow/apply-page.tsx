/**
 * A service's Apply page (/AnshinDataBox/Apply ADB0002, /BasketLive/Apply BKL0002): every step
 * of the application on one path, by the flow's state: the plan (when the service has several),
 * terms and consent with an optional coupon, the payment method, the card provider round trip,
 * the final confirmation (特商法 12条の6), the one-time password and the submit.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import { CouponCodeSchema } from '../../../contracts/api/coupon';
import { MobileBillLabel, PaymentMethod } from '../../../contracts/codes';
import { toUpperLatin } from '../../../contracts/text/japanese-text';
import type { ApplyFlowMachine } from '../../../machines/service-flow/apply.flow';
import { billingTerms, cardSuffix, monthlyPrice, paymentLine, planLine, priceLine } from './service-copy';
import { planOf } from '../../../contracts/services/service-definition';
import { CheckboxField, ChoiceGroup, TextField } from './fields';
import { useServiceView } from './service-view';
import { BusyLine } from './busy-line';
import { Notice, SubmitActions, SubmitUnknown } from './step-actions';
import { TermsText } from './terms-text';
import { useBusinessDay } from '../../api/queries/current-date.query';
import { useKitFlowActor, type ApplyActor } from './use-flow-actor';
import './service-flow.css';

// The card provider round trip and the one-time password come late in the application: they
// load when the customer reaches them, so the page's first step stays small.
const CardProviderStep = lazy(() => import('./steps').then((module) => ({ default: module.CardProviderStep })));
const OtpStep = lazy(() => import('./steps').then((module) => ({ default: module.OtpStep })));
const stepLoading = <BusyLine>画面を準備しています。</BusyLine>;

export function ApplyPage() {
  return <ApplyFlow actor={useKitFlowActor('apply')} />;
}

export function ApplyFlow({ actor, today }: { readonly actor: ApplyActor; readonly today?: Date }) {
  const snapshot = useSelector(actor, (state) => state);
  const businessDay = useBusinessDay(today);
  if (businessDay === undefined) return <BusyLine>お手続きの日付を確認しています。</BusyLine>;
  return <ApplyView snapshot={snapshot} send={(event) => actor.send(event)} today={businessDay} />;
}

type ApplySnapshot = SnapshotFrom<ApplyFlowMachine>;

export type ApplyViewProps = {
  readonly snapshot: ApplySnapshot;
  readonly send: ApplyActor['send'];
  readonly today: Date;
};

export function ApplyView(props: ApplyViewProps) {
  const { snapshot, send } = props;
  return match(snapshot.value)
    .with('applyForm', 'couponJudging', () => <TermsStep {...props} />)
    .with('loadingPaymentMethods', () => <BusyLine>お支払い方法を確認しています。</BusyLine>)
    .with('paymentSelect', () => <PaymentStep {...props} />)
    .with({ cardProvider: 'opening' }, { cardProvider: 'away' }, { cardProvider: 'verifying' }, (value) => (
      <Suspense fallback={stepLoading}>
        <CardProviderStep
          step={value.cardProvider}
          redirectOrderUrl={snapshot.context.redirectOrderUrl}
          onBack={snapshot.can({ type: 'wizard.back' }) ? () => send({ type: 'wizard.back' }) : null}
        />
      </Suspense>
    ))
    .with('confirm', 'otp', 'submitting', 'submitUnknown', () => <ConfirmStep {...props} />)
    .with('landing', 'judging', 'judgeRetryWait', 'mailConfirmation', 'ineligible', 'completed', 'failed', () => (
      // Not this page's states: the URL is about to follow the flow.
      <BusyLine>画面を切り替えています。</BusyLine>
    ))
    .exhaustive();
}

function TermsStep({ snapshot, send }: ApplyViewProps) {
  const { service } = useServiceView();
  const { applyInfo, couponError } = snapshot.context;
  const plan = planOf(service, applyInfo.planId);
  const judging = snapshot.matches('couponJudging');
  const [coupon, setCoupon] = useState(applyInfo.couponCode ?? '');
  const [couponSyntaxError, setCouponSyntaxError] = useState<string | null>(null);
  const [consentError, setConsentError] = useState<string | null>(null);

  const applyCoupon = () => {
    const normalized = toUpperLatin(coupon.normalize('NFKC').trim());
    if (!CouponCodeSchema.safeParse(normalized).success) {
      setCouponSyntaxError('クーポンコードは、半角英数字4〜20文字で入力してください。');
      return;
    }
    setCouponSyntaxError(null);
    setCoupon(normalized);
    send({ type: 'coupon.apply', couponCode: normalized });
  };

  const next = () => {
    if (!snapshot.can({ type: 'wizard.next' })) {
      setConsentError('お申し込みには、ご利用規約への同意が必要です。');
      document.getElementById('apply-consent')?.focus();
      return;
    }
    send({ type: 'wizard.next' });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <section className="card" aria-labelledby="apply-plan">
        <h2 id="apply-plan">お申し込みのプラン</h2>
        {service.plans.length === 1 ? (
          <dl className="definition-list">
            <dt>サービス</dt>
            <dd>{service.name}</dd>
            <dt>プラン</dt>
            <dd>{plan.name}</dd>
            <dt>月額料金</dt>
            <dd>{priceLine(service, plan)}</dd>
          </dl>
        ) : (
          <ChoiceGroup
            id="apply-plan-choice"
            legend={`${service.name}のプラン`}
            required
            type="radio"
            options={service.plans.map((item) => ({
              value: item.planId,
              label: planLine(item),
              support: item.includes,
            }))}
            selected={[applyInfo.planId]}
            onChange={(planId) => {
              const chosen = service.plans.find((item) => item.planId === planId);
              if (chosen !== undefined) send({ type: 'plan.select', planId: chosen.planId });
            }}
            support="プランはお申し込み後も「ご契約内容」から変更できます。"
            disabled={judging}
          />
        )}
      </section>
      <section className="card" aria-labelledby="apply-terms">
        <h2 id="apply-terms">ご利用規約</h2>
        <TermsText />
        <CheckboxField
          id="apply-consent"
          label="ご利用規約と重要事項の説明を読み、内容に同意します"
          checked={applyInfo.consented}
          onChange={(consented) => {
            if (consented) setConsentError(null);
            send({ type: 'consent.toggle', consented });
          }}
          error={consentError}
        />
      </section>
      {service.coupons ? (
        <section className="card" aria-labelledby="apply-coupon">
          <h2 id="apply-coupon">クーポン</h2>
          <TextField
            id="apply-coupon-code"
            label="クーポンコード"
            required={false}
            value={coupon}
            onChange={setCoupon}
            maxLength={20}
            autoComplete="off"
            support="お持ちの方のみ入力してください。半角英数字4〜20文字です。"
            error={couponSyntaxError ?? couponError}
            disabled={judging}
          />
          {applyInfo.couponName === null ? null : (
            <p className="field__success" role="status">
              クーポン「{applyInfo.couponName}」を適用します。
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button button--secondary button--block" onClick={applyCoupon} disabled={judging || coupon.trim() === ''}>
              {judging ? 'クーポンを確認しています…' : 'クーポンを適用する'}
            </button>
            {applyInfo.couponName === null ? null : (
              <button
                type="button"
                className="button button--secondary button--block"
                onClick={() => {
                  setCoupon('');
                  send({ type: 'coupon.clear' });
                }}
              >
                クーポンを外す
              </button>
            )}
          </div>
        </section>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button--block" disabled={judging}>
          同意してお支払い方法の選択へ進む
        </button>
        <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
          サービスのご案内に戻る
        </button>
      </div>
    </form>
  );
}

type SelectableMethod = typeof PaymentMethod.WithMobile | typeof PaymentMethod.CreditCard | typeof PaymentMethod.NewCreditCard;

const isSelectable = (value: string): value is SelectableMethod =>
  value === PaymentMethod.WithMobile || value === PaymentMethod.CreditCard || value === PaymentMethod.NewCreditCard;

function methodLabel(value: SelectableMethod, label: string, details: readonly string[]): ReactNode {
  return match(value)
    .with(PaymentMethod.WithMobile, () => label || MobileBillLabel)
    .with(PaymentMethod.CreditCard, () => {
      const suffix = cardSuffix(details);
      return (
        <span>
          登録済みのクレジットカード{suffix === null ? null : <span className="nowrap">（{suffix}）</span>}
        </span>
      );
    })
    .with(PaymentMethod.NewCreditCard, () => '新しいクレジットカード')
    .exhaustive();
}

const methodSupport: Record<SelectableMethod, string> = {
  [PaymentMethod.WithMobile]: '毎月の携帯電話のご利用料金と一緒にお支払いいただきます。',
  [PaymentMethod.CreditCard]: 'すでにご登録いただいているクレジットカードでお支払いいただきます。',
  [PaymentMethod.NewCreditCard]: 'カード決済サービスの画面でカード情報を入力します。入力後、この画面に戻ります。',
};

function PaymentStep({ snapshot, send }: ApplyViewProps) {
  const { service } = useServiceView();
  const { paymentMethods, applyInfo, notice } = snapshot.context;
  const current = applyInfo.paymentMethodValue;
  const [chosen, setChosen] = useState<SelectableMethod | null>(isSelectable(current) ? current : null);
  const [error, setError] = useState<string | null>(null);
  const options = paymentMethods.map((entry) => ({
    value: entry.value,
    label: methodLabel(entry.value, entry.label, entry.details),
    support: methodSupport[entry.value],
  }));
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === null || !snapshot.can({ type: 'payment.select', method: chosen })) {
          setError('お支払い方法を選択してください。');
          return;
        }
        send({ type: 'payment.select', method: chosen });
      }}
    >
      {notice === null ? null : <Notice code={notice} />}
      <ChoiceGroup
        id="apply-payment"
        legend="お支払い方法"
        required
        type="radio"
        options={options}
        selected={chosen === null ? [] : [chosen]}
        onChange={(value) => {
          if (!isSelectable(value)) return;
          setChosen(value);
          setError(null);
        }}
        support={`${monthlyPrice(planOf(service, applyInfo.planId))}のお支払い方法を選択してください。`}
        error={error}
      />
      <div className="button-row">
        <button type="submit" className="button button--block">
          {chosen === PaymentMethod.NewCreditCard && applyInfo.tempCredit === null ? 'カード情報の入力へ進む' : 'お申し込み内容の確認へ進む'}
        </button>
        <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
          ご利用規約に戻る
        </button>
      </div>
    </form>
  );
}

function ConfirmStep({ snapshot, send, today }: ApplyViewProps) {
  const view = useServiceView();
  const { service } = view;
  const { applyInfo } = snapshot.context;
  const plan = planOf(service, applyInfo.planId);
  const terms = billingTerms(service, plan, today);
  const busy = snapshot.hasTag('busy');
  const otp = snapshot.children.verifyContact;
  return (
    <>
      <p className="lead">以下の内容でお申し込みします。内容をご確認のうえ「申し込む」を押してください。</p>
      <section className="card" aria-labelledby="apply-confirm">
        <h2 id="apply-confirm">お申し込み内容</h2>
        <dl className="definition-list">
          <dt>サービス・プラン</dt>
          <dd>
            {service.name}
            <br />
            {plan.name}（1契約）
          </dd>
          <dt>料金</dt>
          <dd>{monthlyPrice(plan)}（毎月同額。日割りはありません）</dd>
          <dt>ご利用開始</dt>
          <dd>{terms.start}</dd>
          <dt>お支払い時期</dt>
          <dd>{terms.charge}</dd>
          <dt>お支払い方法</dt>
          <dd>{paymentLine(applyInfo.paymentMethodLabel, applyInfo.paymentMethodDetails)}</dd>
          {applyInfo.couponName === null ? null : (
            <>
              <dt>クーポン</dt>
              <dd>{applyInfo.couponName}</dd>
            </>
          )}
          <dt>契約期間</dt>
          <dd>定めはありません（解約のお申し出まで毎月自動で更新されます）。</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="apply-cancel-how">
        <h2 id="apply-cancel-how">解約について</h2>
        <ul>
          {view.howToCancel.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {match(snapshot.value)
        .with('otp', () =>
          otp === undefined ? null : (
            <Suspense fallback={stepLoading}>
              <OtpStep otp={otp} send={send} submitLabel="認証して申し込む" />
            </Suspense>
          ),
        )
        .with('submitUnknown', () => <SubmitUnknown onRetry={() => send({ type: 'error.retry' })} />)
        .otherwise(() => (
          <SubmitActions
            busy={busy}
            canSubmit={snapshot.can({ type: 'confirm.submit' })}
            submitLabel="申し込む"
            busyLabel="お申し込みを送信しています…"
            backLabel="お支払い方法の選択に戻る"
            onSubmit={() => send({ type: 'confirm.submit' })}
            onBack={() => send({ type: 'wizard.back' })}
          />
        ))}
    </>
  );
}
