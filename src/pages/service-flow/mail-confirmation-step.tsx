/**
 * The mail-address confirmation a service's application opens over its landing page when the
 * service confirms the address and the entry judge refuses only the mail address (docs/flows/basket-live.md section 5, ADR 0063):
 * the address, a code sent to it, then the confirmation.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { match } from 'ts-pattern';
import type { ActorRefFrom } from 'xstate';
import { isConfirmableAddress } from '../../../machines/basket-live/confirmable-address';
import type { MailConfirmationEvent, mailConfirmationMachine } from '../../../machines/basket-live/mail-confirmation.machine';
import { TextField } from './fields';
import { BusyLine } from './busy-line';
import { useServiceView } from './service-view';
import { OtpStep } from './steps';

export type MailConfirmationStepProps = {
  readonly confirmation: ActorRefFrom<typeof mailConfirmationMachine>;
  /**
   * The application flow's send: it forwards the step's events to the confirmation it invoked, as
   * it does the one-time password's, so the apply chart's transitions are the ones the page takes.
   */
  readonly send: (event: MailConfirmationEvent) => void;
};

const ProblemText = {
  unconfirmed: (serviceName: string) =>
    `ご登録のメールアドレスがまだ確認されていません。${serviceName}のお申し込みの前に、メールアドレスを確認させてください。`,
  undeliverable: () =>
    'ご登録のメールアドレスは、ドメインが受け付けられないため、お知らせをお届けできません。メールを受け取れる別のメールアドレスを入力してください。',
} as const;

function AddressStep({ confirmation, send }: MailConfirmationStepProps) {
  const { service } = useServiceView();
  const context = useSelector(confirmation, (state) => state.context);
  const [value, setValue] = useState(context.mailAddress);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const mailAddress = value.trim();
    if (!isConfirmableAddress({ ...context, mailAddress })) {
      setError(
        context.problem === 'undeliverable' && mailAddress.toLowerCase() === context.currentMailAddress?.toLowerCase()
          ? 'このメールアドレスはご利用いただけません。別のメールアドレスを入力してください。'
          : 'メールアドレスを正しく入力してください（例：taro@example.jp）。',
      );
      return;
    }
    setError(null);
    send({ type: 'mail.enter', mailAddress });
    send({ type: 'mail.confirm' });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p>{ProblemText[context.problem](service.name)}</p>
      <TextField
        id="mail-confirmation-address"
        label="確認するメールアドレス"
        required
        value={value}
        onChange={setValue}
        autoComplete="email"
        maxLength={254}
        support="このアドレスに6桁の確認コードをお送りします。確認できたアドレスが、ご登録のメールアドレスになります。"
        error={error}
      />
      <div className="button-row">
        <button type="submit" className="button button--block">
          確認コードの送信へ進む
        </button>
        <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'mail.cancel' })}>
          お申し込みをやめる
        </button>
      </div>
    </form>
  );
}

export function MailConfirmationStep({ confirmation, send }: MailConfirmationStepProps) {
  const value = useSelector(confirmation, (state) => state.value);
  const otp = useSelector(confirmation, (state) => state.children.verifyAddress);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step opens over the landing page: take the customer (and the screen reader) to it.
  useEffect(() => headingRef.current?.focus(), []);
  const body = match(value)
    .with('address', () => <AddressStep confirmation={confirmation} send={send} />)
    .with('otp', () =>
      otp === undefined ? null : <OtpStep otp={otp} send={send} submitLabel="確認してお申し込みへ進む" />,
    )
    .with('registering', () => <BusyLine>メールアドレスを登録しています。</BusyLine>)
    .with('confirmed', 'cancelled', 'failed', () => null)
    .exhaustive();
  return (
    <section className="card step" aria-labelledby="mail-confirmation-heading">
      <h2 id="mail-confirmation-heading" ref={headingRef} tabIndex={-1}>
        メールアドレスの確認
      </h2>
      {body}
    </section>
  );
}
