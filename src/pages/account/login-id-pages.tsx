/**
 * /AccountMenu/SbidSet/Change (ACC0019) and SbidSet/Completed (ACC0020): a new login ID under
 * the rules of ADR 0079, shown before the field. Full-width input is narrowed and the ID kept in
 * lower case (LoginIdSchema); an ID the server refuses (in use, the current one) is shown beside
 * the field. Sent once (spec section 7: no retry).
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { LoginIdRule, LoginIdSchema } from '../../../contracts/api/account-credentials';
import { TextField } from '../service-flow/fields';
import type { AccountActor } from '../service-flow/use-flow-actor';
import { ChangeActions, ChangeStep } from './account-steps';
import { issueFor } from './account-copy';
import { LoginIdRules } from './security-copy';
import { RuleList, SecurityCompletedStep } from './security-steps';
import '../service-flow/service-flow.css';
import './account.css';

const FieldId = 'login-id-new';

export function LoginIdChangePage() {
  return <ChangeStep edit="loginIdChange" saving="loginIdSaving" form={(actor, busy) => <LoginIdForm actor={actor} busy={busy} />} />;
}

function LoginIdForm({ actor, busy }: { readonly actor: AccountActor; readonly busy: boolean }) {
  const { user, profile, rejection } = useSelector(actor, (state) => state.context);
  const [value, setValue] = useState(user.userChangeData?.key === 'loginId' ? user.userChangeData.loginId : '');
  const [error, setError] = useState<string | null>(null);
  const refused = issueFor(rejection, 'loginId');

  // The server's refusal arrives after the page settled: the field takes the focus so its message is read.
  useEffect(() => {
    if (refused !== null) document.getElementById(FieldId)?.focus();
  }, [refused]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LoginIdSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'ログインIDを確認してください。');
      document.getElementById(FieldId)?.focus();
      return;
    }
    setError(null);
    setValue(parsed.data);
    actor.send({ type: 'change.submit', change: { key: 'loginId', loginId: parsed.data } });
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      {profile === null ? null : <p className="status-note">現在のログインID：{profile.userInfo.loginId}</p>}
      <RuleList id="login-id-rules" title="使えるログインID" rules={LoginIdRules} />
      <TextField
        id={FieldId}
        label="新しいログインID"
        required
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        support={`英字で始まる${LoginIdRule.minLength}〜${LoginIdRule.maxLength}文字（例：portal.taro_01）`}
        error={error ?? refused}
        autoComplete="off"
        maxLength={LoginIdRule.maxLength * 2}
        disabled={busy}
      />
      <p className="status-note">変更すると、次回のログインから新しいログインIDをお使いいただきます。パスワードは変わりません。</p>
      <ChangeActions actor={actor} busy={busy} />
    </form>
  );
}

export function LoginIdCompletedPage() {
  return (
    <SecurityCompletedStep state="loginIdCompleted" message="ログインIDを変更しました。">
      {({ user }) =>
        user.userChangeData?.key !== 'loginId' ? null : (
          <section className="card" aria-labelledby="login-id-completed-heading">
            <h2 id="login-id-completed-heading">新しいログインID</h2>
            <p className="account-credential">{user.userChangeData.loginId}</p>
            <ul className="account-notes">
              <li>次回のログインから、新しいログインIDをお使いください。以前のログインIDではログインできません。</li>
              <li>パスワードは変わりません。</li>
              <li>ご登録の連絡先に、変更のお知らせをお送りしました。</li>
              <li>パスワード管理ツールに保存している場合は、ログインIDを書き換えてください。</li>
            </ul>
          </section>
        )
      }
    </SecurityCompletedStep>
  );
}
