/**
 * A service's Update/Payment page (ADB0005, BKL0005): the new payment method. The mobile bill is offered
 * to a card-paying contract only; a new card goes through the card provider.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import { MobileBillLabel, PaymentMethod } from '../../../contracts/codes';
import type { ChangePaymentFlowMachine } from '../../../machines/service-flow/change-payment.flow';
import { paymentLine } from './service-copy';
import { ChoiceGroup } from './fields';
import { BusyLine } from './busy-line';
import { CardProviderStep } from './steps';
import { Notice } from './step-actions';
import { useKitFlowActor, type ChangePaymentActor } from './use-flow-actor';
import './service-flow.css';

export function UpdatePaymentPage() {
  return <UpdatePaymentFlow actor={useKitFlowActor('changePayment')} />;
}

export function UpdatePaymentFlow({ actor }: { readonly actor: ChangePaymentActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <UpdatePaymentView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

export type ChangePaymentViewProps = {
  readonly snapshot: SnapshotFrom<ChangePaymentFlowMachine>;
  readonly send: ChangePaymentActor['send'];
};

export function UpdatePaymentView(props: ChangePaymentViewProps) {
  const { snapshot, send } = props;
  return match(snapshot.value)
    .with('paymentSelect', () => <PaymentChoice {...props} />)
    .with({ cardProvider: 'opening' }, { cardProvider: 'away' }, { cardProvider: 'verifying' }, (value) => (
      <CardProviderStep
        step={value.cardProvider}
        redirectOrderUrl={snapshot.context.redirectOrderUrl}
        onBack={snapshot.can({ type: 'wizard.back' }) ? () => send({ type: 'wizard.back' }) : null}
      />
    ))
    .with('loading', 'detail', 'confirm', 'otp', 'submitting', 'submitUnknown', 'completed', 'failed', () => (
      <BusyLine>画面を切り替えています。</BusyLine>
    ))
    .exhaustive();
}

type ChangeMethod = typeof PaymentMethod.WithMobile | typeof PaymentMethod.NewCreditCard;

function PaymentChoice({ snapshot, send }: ChangePaymentViewProps) {
  const { contract, notice } = snapshot.context;
  const [chosen, setChosen] = useState<ChangeMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mobileAllowed = snapshot.can({ type: 'payment.select', method: PaymentMethod.WithMobile, label: MobileBillLabel });
  const options = [
    ...(mobileAllowed
      ? [{ value: PaymentMethod.WithMobile, label: MobileBillLabel, support: '毎月の携帯電話のご利用料金と一緒にお支払いいただきます。' }]
      : []),
    {
      value: PaymentMethod.NewCreditCard,
      label: '新しいクレジットカード',
      support: 'カード決済サービスの画面でカード情報を入力します。入力後、この画面に戻ります。',
    },
  ];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === null) {
          setError('新しいお支払い方法を選択してください。');
          return;
        }
        send({ type: 'payment.select', method: chosen, label: chosen === PaymentMethod.WithMobile ? MobileBillLabel : 'クレジットカード' });
      }}
    >
      {notice === null ? null : <Notice code={notice} />}
      {contract === null || contract.paymentMethod === null ? null : (
        <section className="card" aria-labelledby="update-current-payment">
          <h2 id="update-current-payment">現在のお支払い方法</h2>
          <p>{paymentLine(contract.paymentMethodLabel, contract.paymentMethodDetails)}</p>
        </section>
      )}
      <ChoiceGroup
        id="update-new-payment"
        legend="新しいお支払い方法"
        required
        type="radio"
        options={options}
        selected={chosen === null ? [] : [chosen]}
        onChange={(value) => {
          setChosen(value === PaymentMethod.WithMobile ? PaymentMethod.WithMobile : PaymentMethod.NewCreditCard);
          setError(null);
        }}
        support="変更後のお支払い方法は、翌月ご請求分から適用されます。"
        error={error}
      />
      <div className="button-row">
        <button type="submit" className="button button--block">
          {chosen === PaymentMethod.NewCreditCard ? 'カード情報の入力へ進む' : '変更内容の確認へ進む'}
        </button>
        <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
          ご契約内容に戻る
        </button>
      </div>
    </form>
  );
}
