/**
 * The change page of one contact (Contact/Email, Contact/Phone; docs/flows/account-menu.md
 * section 3): the address or number to keep, then a one-time password sent to it (the proof it
 * reaches the customer), then the update. An unconfirmed contact is confirmed the same way: its
 * value is filled in, and sending it unchanged proves it.
 */
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ConfirmationStatus } from '../../../contracts/codes';
import type { ContactState } from '../../../contracts/api/account-user-info';
import type { AccountChange } from '../../../machines/account-menu/account-data';
import { BusyLine } from '../service-flow/busy-line';
import { TextField } from '../service-flow/fields';
import { SubmitActions } from '../service-flow/step-actions';
import type { AccountActor } from '../service-flow/use-flow-actor';
import { issueFor } from './account-copy';
import { ConfirmationBadge, isConfirmedAlready } from './contact-copy';
import '../service-flow/service-flow.css';
import './account.css';

// The one-time password step loads when the customer has entered the contact.
const OtpStep = lazy(() => import('../service-flow/steps').then((module) => ({ default: module.OtpStep })));

type ContactStep = 'edit' | 'verifying' | 'saving';

type ParseResult = { readonly value: string } | { readonly error: string };

export type ContactFieldSpec = {
  /** The field's name in the update's body (the server's issue path). */
  readonly field: 'mailAddress' | 'phoneNumber';
  readonly label: string;
  readonly support: string;
  readonly inputMode: 'text' | 'numeric';
  readonly autoComplete: string;
  readonly maxLength: number;
  /** The value as the customer reads it (a phone number 3-4-4). */
  readonly display: (value: string) => string;
  /** The canonical value, or the Japanese message for the field; a heavy check may load first. */
  readonly parse: (raw: string) => ParseResult | Promise<ParseResult>;
  readonly same: (a: string, b: string) => boolean;
  readonly changeOf: (value: string) => AccountChange;
  /** The value of this page's change, if the change in the store is one. */
  readonly valueOf: (change: AccountChange | null) => string | null;
  readonly alreadyConfirmed: string;
  /** How the code travels, when the noun does not say it: 「SMSで」, or empty. */
  readonly by: string;
};

export function ContactChangeForm({ actor, step, spec, contact }: { readonly actor: AccountActor; readonly step: ContactStep; readonly spec: ContactFieldSpec; readonly contact: ContactState }) {
  const { user, rejection } = useSelector(actor, (state) => state.context);
  const otp = useSelector(actor, (state) => state.children.verifyContact);
  const entered = spec.valueOf(user.userChangeData);
  const fieldId = `contact-${spec.field}`;
  // Back from the code or a refusal: what was entered. An unconfirmed contact: itself, ready to prove.
  const initial = entered ?? (contact.status === ConfirmationStatus.Unconfirmed && contact.value !== null ? contact.value : null);
  const [raw, setRaw] = useState(initial === null ? '' : spec.display(initial));
  const [error, setError] = useState<string | null>(null);

  const refuse = (message: string) => {
    setError(message);
    document.getElementById(fieldId)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await spec.parse(raw);
    if ('error' in parsed) return refuse(parsed.error);
    if (isConfirmedAlready(contact, parsed.value, spec.same)) return refuse(spec.alreadyConfirmed);
    setError(null);
    // The form shows what is sent (NFKC, the phone 3-4-4) if the customer comes back to it.
    setRaw(spec.display(parsed.value));
    actor.send({ type: 'change.submit', change: spec.changeOf(parsed.value) });
  };

  const current = (
    <p className="contact-value">
      現在の{spec.label}：<span className="contact-value__text">{contact.value === null ? '未設定' : spec.display(contact.value)}</span>{' '}
      <ConfirmationBadge status={contact.status} />
    </p>
  );

  if (step !== 'edit') {
    const target = entered ?? '';
    const confirming = contact.value !== null && spec.same(contact.value, target);
    return (
      <>
        <section className="card" aria-labelledby="contact-target-heading">
          <h2 id="contact-target-heading">{confirming ? `確認する${spec.label}` : `新しい${spec.label}`}</h2>
          <p className="contact-value">
            <span className="contact-value__text">{spec.display(target)}</span>
          </p>
          <p className="status-note">
            この{spec.label}に{spec.by}6桁の確認コードをお送りします。確認コードを入力すると、{confirming ? '確認済みになります' : '新しい連絡先として登録されます'}。
          </p>
        </section>
        {step === 'saving' ? (
          <BusyLine>{confirming ? '確認しています。' : '登録しています。'}</BusyLine>
        ) : otp === undefined ? null : (
          <Suspense fallback={<BusyLine>画面を準備しています。</BusyLine>}>
            <OtpStep otp={otp} send={(event) => actor.send(event)} submitLabel={confirming ? '認証して確認する' : '認証して登録する'} />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <form className="card" onSubmit={(event) => void submit(event)} noValidate>
      {current}
      <TextField
        id={fieldId}
        label={spec.label}
        required
        value={raw}
        onChange={setRaw}
        support={spec.support}
        error={error ?? issueFor(rejection, spec.field)}
        inputMode={spec.inputMode}
        autoComplete={spec.autoComplete}
        maxLength={spec.maxLength}
      />
      <SubmitActions
        busy={false}
        canSubmit
        submitLabel="確認コードの送信へ進む"
        busyLabel="確認コードの送信へ進んでいます"
        backLabel="変更せずに戻る"
        onBack={() => actor.send({ type: 'wizard.back' })}
      />
    </form>
  );
}
