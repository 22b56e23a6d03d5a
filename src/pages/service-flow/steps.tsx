/**
 * The one-time password step and the card provider round trip, shown inside a page's own step.
 * The notice and the submit actions are in ./step-actions.tsx, so a page loads these only when
 * it reaches them.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { match } from 'ts-pattern';
import type { ActorRefFrom } from 'xstate';
import { BusyLine } from './busy-line';
import { Notice } from './step-actions';
import { OtpResendCooldownMs } from '../../../contracts/api/otp';
import { ErrorCode } from '../../../contracts/error-catalogue';
import { maskMailAddress, maskPhoneNumber } from '../../../contracts/text/masking';
import { digitField } from '../../../contracts/text/field-schemas';
import type { OtpChannel, OtpEvent, otpMachine } from '../../../machines/otp.machine';
import { ChoiceGroup, TextField } from './fields';

const OtpCodeField = digitField('確認コード', 6);

/** Seconds until a new code may be asked for, counted from the last send; null before any send was seen. */
function useCooldownSeconds(otp: ActorRefFrom<typeof otpMachine>): number | null {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const subscription = otp.subscribe((snapshot) => {
      if (snapshot.value !== 'sending') return;
      const sentAt = Date.now();
      setDeadline(sentAt + OtpResendCooldownMs);
      setNow(sentAt);
    });
    return () => subscription.unsubscribe();
  }, [otp]);
  useEffect(() => {
    if (deadline === null) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
}

export type OtpStepProps = {
  readonly otp: ActorRefFrom<typeof otpMachine>;
  readonly send: (event: OtpEvent) => void;
  /** What confirming the code does, e.g. 「認証して申し込む」. */
  readonly submitLabel: string;
  /** Where cancelling the step goes back to; 「内容の確認に戻る」 on a confirm page. */
  readonly cancelLabel?: string;
};

/** The one-time password step (docs/flows/anshin-data-box.md section 5), inside a confirm page. */
export function OtpStep({ otp, send, submitLabel, cancelLabel = '内容の確認に戻る' }: OtpStepProps) {
  const snapshot = useSelector(otp, (state) => state);
  const { mailAddress, phoneNumber, notice, channel } = snapshot.context;
  const [chosen, setChosen] = useState<OtpChannel | null>(mailAddress !== null ? 'email' : phoneNumber !== null ? 'sms' : null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const cooldown = useCooldownSeconds(otp);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step opens below the summary: take the customer (and the screen reader) to it.
  useEffect(() => headingRef.current?.focus(), []);
  // A code is expected now (first time or after a wrong one): the cursor goes to the field.
  useEffect(() => {
    if (snapshot.value === 'codeEntry') document.getElementById('otp-code')?.focus();
  }, [snapshot.value]);
  const destination = channel === 'sms' && phoneNumber !== null ? `${maskPhoneNumber(phoneNumber)} へのSMS` : mailAddress !== null ? `${maskMailAddress(mailAddress)} へのメール` : '';

  const submitCode = () => {
    const parsed = OtpCodeField.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? '確認コードを入力してください。');
      return;
    }
    setCodeError(null);
    send({ type: 'otp.submit', code: parsed.data });
  };

  const body = match(snapshot.value)
    .with('choosing', () => {
      const options = [
        ...(mailAddress === null ? [] : [{ value: 'email', label: 'メールで受け取る', support: maskMailAddress(mailAddress) }]),
        ...(phoneNumber === null ? [] : [{ value: 'sms', label: 'SMSで受け取る', support: maskPhoneNumber(phoneNumber) }]),
      ];
      return (
        <>
          {notice === null ? null : <Notice code={notice} />}
          {options.length === 0 ? (
            <p>確認コードの送信先が登録されていません。お客さま情報にメールアドレスまたは携帯電話番号をご登録ください。</p>
          ) : (
            <ChoiceGroup
              id="otp-channel"
              legend="確認コードの送信先"
              required
              type="radio"
              options={options}
              selected={chosen === null ? [] : [chosen]}
              onChange={(value) => setChosen(value === 'sms' ? 'sms' : 'email')}
              support="ご本人さまの確認のため、6桁の確認コードをお送りします。"
            />
          )}
          <div className="button-row">
            <button
              type="button"
              className="button button--block"
              disabled={chosen === null}
              onClick={() => chosen !== null && send({ type: 'otp.send', channel: chosen })}
            >
              確認コードを送信する
            </button>
            <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'otp.cancel' })}>
              {cancelLabel}
            </button>
          </div>
        </>
      );
    })
    .with('sending', () => <BusyLine>確認コードを送信しています。</BusyLine>)
    .with('codeEntry', 'verifying', (value) => (
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submitCode();
        }}
      >
        {notice === null ? null : <Notice code={notice} />}
        <p>{destination}で、6桁の確認コードをお送りしました。</p>
        <TextField
          id="otp-code"
          label="確認コード"
          required
          value={code}
          onChange={setCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          size="short"
          support="半角・全角どちらの数字でも入力できます。貼り付けもできます。"
          error={codeError}
          disabled={value === 'verifying'}
        />
        <p className="note">確認コードの入力誤りが続くと、確認コードによる認証がロックされ、お手続きを続けられなくなります（W0011）。</p>
        <div className="button-row">
          <button type="submit" className="button button--block" disabled={value === 'verifying'}>
            {value === 'verifying' ? '確認しています…' : submitLabel}
          </button>
        </div>
        <div className="otp-resend">
          <button
            type="button"
            className="button button--secondary button--block"
            disabled={!snapshot.can({ type: 'otp.resend' })}
            onClick={() => send({ type: 'otp.resend' })}
          >
            確認コードを再送信する
          </button>
          <p className="note" aria-live="polite">
            {snapshot.can({ type: 'otp.resend' })
              ? '確認コードが届かない場合は、再送信できます。'
              : cooldown === null || cooldown === 0
                ? '再送信は、送信から60秒後にできます。'
                : `再送信は${cooldown}秒後からできます。`}
          </p>
          <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'otp.cancel' })} disabled={value === 'verifying'}>
            {cancelLabel}
          </button>
        </div>
      </form>
    ))
    .with('verified', () => <BusyLine>確認できました。お手続きを送信しています。</BusyLine>)
    .with('locked', () => <Notice code={ErrorCode.OtpLocked} />)
    .with('cancelled', 'failed', () => null)
    .exhaustive();

  return (
    <section className="card step" aria-labelledby="otp-heading">
      <h2 id="otp-heading" ref={headingRef} tabIndex={-1}>
        ご本人さまの確認
      </h2>
      {body}
    </section>
  );
}

export type CardProviderStepProps = {
  readonly step: 'opening' | 'away' | 'verifying';
  readonly redirectOrderUrl: string | null;
  readonly onBack: (() => void) | null;
};

/** The card provider round trip as the host page shows it (the app leaves on its own). */
export function CardProviderStep({ step, redirectOrderUrl, onBack }: CardProviderStepProps) {
  return match(step)
    .with('opening', () => <BusyLine>カード情報の入力画面へ移動します。そのままお待ちください。</BusyLine>)
    .with('verifying', () => <BusyLine>カード情報を確認しています。</BusyLine>)
    .with('away', () => (
      <section className="card step" aria-labelledby="card-away-heading">
        <h2 id="card-away-heading">カード情報の入力</h2>
        <p>カード決済サービスの画面で、クレジットカード情報を入力してください。入力が終わると、この画面に戻ります。</p>
        <div className="button-row">
          {redirectOrderUrl === null ? null : (
            <a className="button button--block" href={redirectOrderUrl}>
              カード情報の入力画面へ進む
            </a>
          )}
          {onBack === null ? null : (
            <button type="button" className="button button--secondary button--block" onClick={onBack}>
              お支払い方法の選択に戻る
            </button>
          )}
        </div>
      </section>
    ))
    .exhaustive();
}
