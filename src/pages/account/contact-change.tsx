/**
 * The change of one contact, proved at the value itself (ADR 0080, ADR 0081, ADR 0084): the
 * address or number, then a one-time password sent to it only, then the save. Update/Phone,
 * Update/Email, Contact/Email and Contact/Phone are this one view with their own copy and
 * states; the contact's kind (contact-kinds.ts) gives the checks, the same on every page. The
 * value is normalised as the customer leaves the field, so what they see is what will be sent;
 * sending the unconfirmed value on file unchanged confirms it.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import type { ContactState } from '../../../contracts/api/account-user-info';
import { ConfirmationStatus } from '../../../contracts/codes';
import type { ContactOnFile } from '../../../contracts/account/contact-proof-rules';
import type { AccountChange } from '../../../machines/account-menu/account-data';
import { BusyLine } from '../service-flow/busy-line';
import { TextField } from '../service-flow/fields';
import { SubmitActions } from '../service-flow/step-actions';
import type { AccountActor } from '../service-flow/use-flow-actor';
import { issueFor } from './account-copy';
import { ConfirmationBadge } from './contact-copy';
import type { ContactKind } from './contact-kinds';

// The one-time password loads when the customer has entered the contact.
const OtpStep = lazy(() => import('../service-flow/steps').then((module) => ({ default: module.OtpStep })));

export type ContactChangeConfig = {
  readonly kind: ContactKind;
  /** The field's id, also the prefix of its error and support ids. */
  readonly fieldId: string;
  readonly label: string;
  readonly support: string;
  /** 携帯電話番号 / メールアドレス: the code step's heading is 「新しい…」 or 「確認する…」. */
  readonly noun: string;
  /** 現在の連絡先電話番号 / 現在のメールアドレス */
  readonly currentLabel: string;
  /** An unconfirmed contact on file fills the field, ready to be proved as it is. */
  readonly offersUnconfirmed: boolean;
  readonly changeOf: (value: string) => AccountChange;
  /** The value of this page's change, if the change in the store is one. */
  readonly enteredOf: (change: AccountChange | null) => string | null;
  /** `confirming`: the value sent is the one on file, so the code confirms rather than changes it. */
  readonly otpLead: (shown: string, confirming: boolean) => string;
  readonly submitLabel: (confirming: boolean) => string;
  /** The code step's way back to the field (it returns to the field, so it says so). */
  readonly cancelLabel: string;
  readonly savingLine: (confirming: boolean) => string;
};

export type ContactChangeStep = 'edit' | 'verifying' | 'saving';

export function ContactChangeView({ actor, step, config }: { readonly actor: AccountActor; readonly step: ContactChangeStep; readonly config: ContactChangeConfig }) {
  const { user, profile, rejection } = useSelector(actor, (state) => state.context);
  const otp = useSelector(actor, (state) => state.children.verifyContact);
  const { kind } = config;
  useEffect(() => {
    kind.preload();
  }, [kind]);
  const entered = config.enteredOf(user.userChangeData);
  const current = profile === null ? null : kind.contactOf(profile.userInfo);
  if (step === 'edit') return <ContactChangeForm actor={actor} config={config} current={current} entered={entered} rejection={issueFor(rejection, kind.field)} />;

  const target = entered ?? '';
  const shown = kind.show(target);
  const confirming = current?.value != null && kind.same(current.value, target);
  const headingId = `${config.fieldId}-target-heading`;
  return (
    <>
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>{confirming ? `確認する${config.noun}` : `新しい${config.noun}`}</h2>
        <p className="account-new-value">{shown}</p>
        <p className="status-note">{config.otpLead(shown, confirming)}</p>
      </section>
      {step === 'saving' ? (
        <BusyLine>{config.savingLine(confirming)}</BusyLine>
      ) : otp === undefined ? null : (
        <Suspense fallback={<BusyLine>画面を準備しています。</BusyLine>}>
          <OtpStep otp={otp} send={(event) => actor.send(event)} submitLabel={config.submitLabel(confirming)} cancelLabel={config.cancelLabel} />
        </Suspense>
      )}
    </>
  );
}

type FormProps = {
  readonly actor: AccountActor;
  readonly config: ContactChangeConfig;
  readonly current: ContactState | null;
  readonly entered: string | null;
  readonly rejection: string | null;
};

function ContactChangeForm({ actor, config, current, entered, rejection }: FormProps) {
  const { kind } = config;
  // Back from the code or a refusal: what was entered. An unconfirmed contact, where offered: itself.
  const unconfirmed = config.offersUnconfirmed && current?.status === ConfirmationStatus.Unconfirmed ? current.value : null;
  const initial = entered ?? unconfirmed;
  const [value, setValue] = useState(initial === null ? '' : kind.show(initial));
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // The server's refusal was about the value it was sent; once the customer edits it, it no longer applies.
  const [edited, setEdited] = useState(false);
  const onFile: ContactOnFile = { value: current?.value ?? null, confirmed: current?.status === ConfirmationStatus.Confirmed };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    const parsed = await kind.parse(value, onFile);
    setChecking(false);
    if ('error' in parsed) {
      setError(parsed.error);
      document.getElementById(config.fieldId)?.focus();
      return;
    }
    setError(null);
    // The form shows what is sent if the customer comes back to it.
    setValue(kind.show(parsed.value));
    actor.send({ type: 'change.submit', change: config.changeOf(parsed.value) });
  };

  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate>
      {current === null ? null : (
        <p className="contact-value">
          {config.currentLabel}：<span className="contact-value__text">{current.value === null ? '未設定' : kind.show(current.value)}</span>
          {/* Read as text, the line is 「…（確認済み）」; seen, the status is a badge. */}
          <span className="visually-hidden">（</span>
          <ConfirmationBadge status={current.status} />
          <span className="visually-hidden">）</span>
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
        inputMode={kind.inputMode}
        autoComplete={kind.autoComplete}
        maxLength={kind.maxLength}
        onBlur={() => setValue(kind.tidy(value))}
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
