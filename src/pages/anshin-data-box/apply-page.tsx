/**
 * /AnshinDataBox/Apply (ADB0002): every step of the application on one path, by the flow's
 * state: terms and consent with an optional coupon, the payment method, the card provider
 * round trip, the final confirmation (特商法 12条の6), the one-time password and the submit.
 */
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import { CouponCodeSchema } from '../../../contracts/api/coupon';
import { MobileBillLabel, PaymentMethod } from '../../../contracts/codes';
import { toUpperLatin } from '../../../contracts/text/japanese-text';
import type { anshinApplyMachine } from '../../../machines/anshin-data-box/anshin-apply.machine';
import { billingTerms, cardSuffix, HowToCancel, MonthlyPrice, paymentLine, PlanName, ServiceName } from './anshin-copy';
import { CheckboxField, ChoiceGroup, TextField } from './fields';
import { BusyLine, CardProviderStep, Notice, OtpStep, SubmitActions, SubmitUnknown } from './steps';
import { TermsText } from './terms-text';
import { useBusinessDay } from '../../api/queries/current-date.query';
import { useFlowActor, type ApplyActor } from './use-flow-actor';
import './anshin-data-box.css';

export function AnshinApplyPage() {
  return <AnshinApplyFlow actor={useFlowActor('anshinApply')} />;
}

export function AnshinApplyFlow({ actor, today }: { readonly actor: ApplyActor; readonly today?: Date }) {
  const snapshot = useSelector(actor, (state) => state);
  const businessDay = useBusinessDay(today);
  if (businessDay === undefined) return <BusyLine>お手続きの日付を確認しています。</BusyLine>;
  return <AnshinApplyView snapshot={snapshot} send={(event) => actor.send(event)} today={businessDay} />;
}

type ApplySnapshot = SnapshotFrom<typeof anshinApplyMachine>;

export type AnshinApplyViewProps = {
  readonly snapshot: ApplySnapshot;
  readonly send: ApplyActor['send'];
  readonly today: Date;
};

export function AnshinApplyView(props: AnshinApplyViewProps) {
  const { snapshot, send } = props;
  return match(snapshot.value)
    .with('applyForm', 'couponJudging', () => <TermsStep {...props} />)
    .with('loadingPaymentMethods', () => <BusyLine>お支払い方法を確認しています。</BusyLine>)
    .with('paymentSelect', () => <PaymentStep {...props} />)
    .with({ cardProvider: 'opening' }, { cardProvider: 'away' }, { cardProvider: 'verifying' }, (value) => (
      <CardProviderStep
        step={value.cardProvider}
        redirectOrderUrl={snapshot.context.redirectOrderUrl}
        onBack={snapshot.can({ type: 'wizard.back' }) ? () => send({ type: 'wizard.back' }) : null}
      />
    ))
    .with('confirm', 'otp', 'submitting', 'submitUnknown', () => <ConfirmStep {...props} />)
    .with('landing', 'judging', 'judgeRetryWait', 'ineligible', 'completed', 'failed', () => (
      // Not this page's states: the URL is about to follow the flow.
      <BusyLine>画面を切り替えています。</BusyLine>
    ))
    .exhaustive();
}

function TermsStep({ snapshot, send }: AnshinApplyViewProps) {
  const { applyInfo, couponError } = snapshot.context;
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
      document.getElementById('adb-consent')?.focus();
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
      <section className="card" aria-labelledby="adb-plan">
        <h2 id="adb-plan">お申し込みのプラン</h2>
        <dl className="definition-list">
          <dt>サービス</dt>
          <dd>{ServiceName}</dd>
          <dt>プラン</dt>
          <dd>{PlanName}</dd>
          <dt>月額料金</dt>
          <dd>{MonthlyPrice}（お申し込み月は無料）</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="adb-terms">
        <h2 id="adb-terms">ご利用規約</h2>
        <TermsText />
        <CheckboxField
          id="adb-consent"
          label="ご利用規約と重要事項の説明を読み、内容に同意します"
          checked={applyInfo.consented}
          onChange={(consented) => {
            if (consented) setConsentError(null);
            send({ type: 'consent.toggle', consented });
          }}
          error={consentError}
        />
      </section>
      <section className="card" aria-labelledby="adb-coupon">
        <h2 id="adb-coupon">クーポン</h2>
        <TextField
          id="adb-coupon-code"
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

function PaymentStep({ snapshot, send }: AnshinApplyViewProps) {
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
        id="adb-payment"
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
        support={`${MonthlyPrice}のお支払い方法を選択してください。`}
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

function ConfirmStep({ snapshot, send, today }: AnshinApplyViewProps) {
  const { applyInfo } = snapshot.context;
  const terms = billingTerms(today);
  const busy = snapshot.hasTag('busy');
  const otp = snapshot.children.verifyContact;
  return (
    <>
      <p className="lead">以下の内容でお申し込みします。内容をご確認のうえ「申し込む」を押してください。</p>
      <section className="card" aria-labelledby="adb-confirm">
        <h2 id="adb-confirm">お申し込み内容</h2>
        <dl className="definition-list">
          <dt>サービス・プラン</dt>
          <dd>
            {ServiceName}
            <br />
            {PlanName}（1契約）
          </dd>
          <dt>料金</dt>
          <dd>{MonthlyPrice}（毎月同額。日割りはありません）</dd>
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
      <section className="card" aria-labelledby="adb-cancel-how">
        <h2 id="adb-cancel-how">解約について</h2>
        <ul>
          {HowToCancel.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {match(snapshot.value)
        .with('otp', () => (otp === undefined ? null : <OtpStep otp={otp} send={send} submitLabel="認証して申し込む" />))
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
