/**
 * A contact change proved at the new address (ADR 0080, ADR 0081): the new value, then a
 * one-time password sent to that value only, then the save. Update/Phone and Update/Email are
 * this view with their own field, copy and states; the value is normalised as the customer
 * leaves the field, so what they see is what will be sent.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { ContactState } from '../../../contracts/api/account-user-info';
import { ConfirmationStatus } from '../../../contracts/codes';
import type { ContactOnFile } from '../../../contracts/account/contact-proof-rules';
import type { AccountChange } from '../../../machines/account-menu/account-data';
import { BusyLine } from '../service-flow/busy-line';
import { TextField } from '../service-flow/fields';
import { SubmitActions } from '../service-flow/step-actions';
import type { AccountActor } from '../service-flow/use-flow-actor';
import { ConfirmationStatusLabel, issueFor } from './account-copy';

// The one-time password loads when the customer has entered the new contact.
const OtpStep = lazy(() => import('../service-flow/steps').then((module) => ({ default: module.OtpStep })));

/** The new value as it will be sent, or the Japanese message for the field. */
export type ContactParse = { readonly value: string } | { readonly error: string };

export type ContactChangeConfig = {
  /** The field's id, also the prefix of its error and support ids. */
  readonly fieldId: string;
  /** The server's name for the field (its A0400 issue path is "body.<field>"). */
  readonly field: 'phoneNumber' | 'mailAddress';
  readonly label: string;
  readonly support: string;
  readonly inputMode: 'numeric' | 'email';
  readonly autoComplete: string;
  readonly maxLength: number;
  /** 現在の連絡先電話番号 / 現在のメールアドレス */
  readonly currentLabel: string;
  readonly contactOf: (info: { phoneNumber: ContactState; mailAddress: ContactState }) => ContactState;
  readonly show: (value: string) => string;
  /** What the customer typed, as it will be shown and sent when it is well formed. */
  readonly tidy: (input: string) => string;
  readonly parse: (input: string, onFile: ContactOnFile) => Promise<ContactParse>;
  readonly changeOf: (value: string) => AccountChange;
  readonly enteredOf: (change: AccountChange | null) => string | null;
  readonly otpLead: (shown: string) => string;
  readonly cancelLabel: string;
  readonly savingLine: string;
};

export type ContactChangeStep = 'edit' | 'verifying' | 'saving';

export function ContactChangeView({ actor, step, config }: { readonly actor: AccountActor; readonly step: ContactChangeStep; readonly config: ContactChangeConfig }) {
  const { user, profile, rejection } = useSelector(actor, (state) => state.context);
  const otp = useSelector(actor, (state) => state.children.verifyContact);
  const entered = config.enteredOf(user.userChangeData);
  if (step === 'saving') return <BusyLine>{config.savingLine}</BusyLine>;
  if (step === 'verifying') {
    const shown = entered === null ? '' : config.show(entered);
    return (
      <>
        <section className="card" aria-labelledby={`${config.fieldId}-new-heading`}>
          <h2 id={`${config.fieldId}-new-heading`}>{config.label}</h2>
          <p className="account-new-value">{shown}</p>
          <p className="status-note">{config.otpLead(shown)}</p>
        </section>
        {otp === undefined ? null : (
          <Suspense fallback={<BusyLine>画面を準備しています。</BusyLine>}>
            <OtpStep otp={otp} send={(event) => actor.send(event)} submitLabel="認証して変更する" cancelLabel={config.cancelLabel} />
          </Suspense>
        )}
      </>
    );
  }
  const current = profile === null ? null : config.contactOf(profile.userInfo);
  return <ContactChangeForm actor={actor} config={config} current={current} entered={entered} rejection={issueFor(rejection, config.field)} />;
}

type FormProps = {
  readonly actor: AccountActor;
  readonly config: ContactChangeConfig;
  readonly current: ContactState | null;
  readonly entered: string | null;
  readonly rejection: string | null;
};

function ContactChangeForm({ actor, config, current, entered, rejection }: FormProps) {
  const [value, setValue] = useState(entered === null ? '' : config.show(entered));
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // The server's refusal was about the value it was sent; once the customer edits it, it no longer applies.
  const [edited, setEdited] = useState(false);
  const onFile: ContactOnFile = { value: current?.value ?? null, confirmed: current?.status === ConfirmationStatus.Confirmed };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    const parsed = await config.parse(value, onFile);
    setChecking(false);
    if ('error' in parsed) {
      setError(parsed.error);
      document.getElementById(config.fieldId)?.focus();
      return;
    }
    setError(null);
    actor.send({ type: 'change.submit', change: config.changeOf(parsed.value) });
  };

  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate>
      {current === null ? null : (
        <p className="status-note">
          {config.currentLabel}：{current.value === null ? '未設定' : config.show(current.value)}（{ConfirmationStatusLabel[current.status]}）
        </p>
      )}
      <TextField
        id={config.fieldId}
        label={config.label}
        required
        value={value}
        onChange={(next) => {
          setValue(next);
          setEdited(true);
        }}
        support={config.support}
        error={error ?? (edited ? null : rejection)}
        inputMode={config.inputMode}
        autoComplete={config.autoComplete}
        maxLength={config.maxLength}
        onBlur={() => setValue(config.tidy(value))}
      />
      <SubmitActions
        busy={checking}
        canSubmit
        submitLabel="確認コードの送信へ進む"
        busyLabel="確認しています"
        backLabel="変更せずに戻る"
        onBack={() => actor.send({ type: 'wizard.back' })}
      />
    </form>
  );
}
