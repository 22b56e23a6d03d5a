/**
 * /AccountMenu/PasswordSet/Change (ACC0021) and PasswordSet/Completed (ACC0022). The policy of
 * ADR 0079 stands before the fields; the fields carry the autocomplete tokens password managers
 * read (a hidden username field names the account the new password belongs to, ADR 0085). The
 * passwords live in this form's state and the `password.submit` event only, never in the flow's
 * persisted context; the server's refusal stands beside its field.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { PasswordRule } from '../../../contracts/api/account-credentials';
import type { PasswordChange } from '../../../machines/account-menu/account-data';
import type { AccountActor } from '../service-flow/use-flow-actor';
import { ChangeActions, ChangeStep } from './account-steps';
import { issueFor } from './account-copy';
import { PasswordField, ShowPasswordsToggle } from './password-field';
import { passwordFormErrors, type PasswordFormField as Field } from './password-checks';
import { PasswordRules } from './security-copy';
import { RuleList, SecurityCompletedStep } from './security-steps';
import '../service-flow/service-flow.css';
import './account.css';


/** In the order shown; autocomplete tells password managers which to fill and where to offer a new password. */
const fields: readonly { readonly name: Field; readonly label: string; readonly autoComplete: 'current-password' | 'new-password'; readonly support?: string }[] = [
  { name: 'currentPassword', label: '現在のパスワード', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: '新しいパスワード',
    autoComplete: 'new-password',
    support: `${PasswordRule.minLength}〜${PasswordRule.maxLength}文字の半角英数字・記号。長めの文やことばの組み合わせがおすすめです。`,
  },
  { name: 'newPasswordConfirm', label: '新しいパスワード（確認）', autoComplete: 'new-password', support: '確認のため、もう一度入力してください。' },
];
const fieldOrder: readonly Field[] = fields.map((field) => field.name);
const fieldId = (field: Field) => `password-${field}`;
/** Longer than any password we accept, so an over-long paste is refused with a message, not cut silently. */
const InputMaxLength = PasswordRule.maxLength * 2;


export function PasswordChangePage() {
  return <ChangeStep edit="passwordChange" saving="passwordSaving" form={(actor, busy) => <PasswordForm actor={actor} busy={busy} />} />;
}

function PasswordForm({ actor, busy }: { readonly actor: AccountActor; readonly busy: boolean }) {
  const { profile, rejection } = useSelector(actor, (state) => state.context);
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', newPasswordConfirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [shown, setShown] = useState(false);
  const refused: Partial<Record<Field, string | null>> = {
    currentPassword: issueFor(rejection, 'currentPassword'),
    newPassword: issueFor(rejection, 'newPassword'),
  };
  const firstRefused = fieldOrder.find((field) => refused[field] != null);

  // The server's refusal arrives after the page settled: its field takes the focus so the message is read.
  useEffect(() => {
    if (firstRefused !== undefined) document.getElementById(fieldId(firstRefused))?.focus();
  }, [rejection, firstRefused]);

  const set = (field: Field) => (next: string) => {
    setValues((current) => ({ ...current, [field]: next }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passwordFormErrors(values);
    setErrors(found);
    const first = fieldOrder.find((field) => found[field] !== undefined);
    if (first !== undefined) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    // Hidden again before sending, so a password manager sees password fields when it offers to save.
    setShown(false);
    const change: PasswordChange = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    actor.send({ type: 'password.submit', change });
  };

  const errorOf = (field: Field) => errors[field] ?? refused[field] ?? null;
  return (
    <form className="card" onSubmit={submit} noValidate>
      <RuleList id="password-rules" title="新しいパスワードの条件" rules={PasswordRules} />
      {/* The account the new password belongs to, for password managers (not shown, not sent). */}
      {profile === null ? null : <input type="text" name="username" autoComplete="username" value={profile.userInfo.loginId} readOnly hidden />}
      {fields.map((field) => (
        <PasswordField
          key={field.name}
          id={fieldId(field.name)}
          label={field.label}
          value={values[field.name]}
          onChange={set(field.name)}
          autoComplete={field.autoComplete}
          support={field.support}
          error={errorOf(field.name)}
          maxLength={InputMaxLength}
          shown={shown}
          disabled={busy}
        />
      ))}
      <ShowPasswordsToggle id="password-show" shown={shown} onChange={setShown} disabled={busy} />
      <p className="status-note">変更すると、この端末以外でログインしている端末はすべてログアウトします。ご登録の連絡先に変更のお知らせをお送りします。</p>
      <ChangeActions actor={actor} busy={busy} />
    </form>
  );
}

export function PasswordCompletedPage() {
  return (
    <SecurityCompletedStep state="passwordCompleted" message="パスワードを変更しました。">
      {() => (
        <section className="card" aria-labelledby="password-completed-heading">
          <h2 id="password-completed-heading">ご確認ください</h2>
          <ul className="account-notes">
            <li>この端末以外でログインしていた端末は、すべてログアウトしました。次回から新しいパスワードでログインしてください。</li>
            <li>ご登録の連絡先に、変更のお知らせをお送りしました。</li>
            <li>パスワード管理ツールをお使いの場合は、保存しているパスワードも新しいものに更新してください。</li>
            <li>お心当たりのない変更のお知らせが届いたときは、すぐにお問い合わせください。</li>
          </ul>
        </section>
      )}
    </SecurityCompletedStep>
  );
}
