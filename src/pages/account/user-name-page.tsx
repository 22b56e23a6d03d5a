/**
 * /AccountMenu/Update/UserName (ACC0003): the name in kanji and in katakana. Half-width kana and
 * hiragana become full-width katakana (contracts' KatakanaNameSchema); each error stands beside
 * its field, and the first invalid field takes the focus so a screen reader reads its error.
 */
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { match, P } from 'ts-pattern';
import { UpdateUserNameRequestSchema, type UpdateUserNameRequest } from '../../../contracts/api/account-user-info';
import { LeavingPage } from './account-steps';
import { TextField } from '../service-flow/fields';
import { SubmitActions } from '../service-flow/step-actions';
import { useFlowActor, type AccountActor } from '../service-flow/use-flow-actor';
import { fieldErrorsOf, issueFor } from './account-copy';
import '../service-flow/service-flow.css';

type NameField = keyof UpdateUserNameRequest;

const fields: readonly { readonly name: NameField; readonly label: string; readonly support: string; readonly autoComplete: string }[] = [
  { name: 'lastNameKanji', label: '姓', support: '例：山田', autoComplete: 'family-name' },
  { name: 'firstNameKanji', label: '名', support: '例：太郎', autoComplete: 'given-name' },
  { name: 'lastNameKana', label: 'セイ（フリガナ）', support: '全角カタカナ（例：ヤマダ）。ひらがな・半角カナも入力できます。', autoComplete: 'off' },
  { name: 'firstNameKana', label: 'メイ（フリガナ）', support: '全角カタカナ（例：タロウ）。ひらがな・半角カナも入力できます。', autoComplete: 'off' },
];

const fieldId = (name: NameField) => `user-name-${name}`;

export function UserNamePage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  return match(value)
    .with('userName', 'userNameSaving', (step) => <UserNameForm actor={actor} busy={step === 'userNameSaving'} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}

function UserNameForm({ actor, busy }: { readonly actor: AccountActor; readonly busy: boolean }) {
  const { user, rejection } = useSelector(actor, (state) => state.context);
  const before = user.userBeforeData?.name;
  const entered = user.userChangeData?.key === 'name' ? user.userChangeData.name : before;
  const [values, setValues] = useState<Record<NameField, string>>({
    lastNameKanji: entered?.lastNameKanji ?? '',
    firstNameKanji: entered?.firstNameKanji ?? '',
    lastNameKana: entered?.lastNameKana ?? '',
    firstNameKana: entered?.firstNameKana ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<NameField, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateUserNameRequestSchema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      actor.send({ type: 'change.submit', change: { key: 'name', name: parsed.data } });
      return;
    }
    const { errors: found, first } = fieldErrorsOf(parsed.error.issues, fields.map((field) => field.name));
    setErrors(found);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      {before === undefined ? null : (
        <p className="status-note">
          現在のお名前：{before.lastNameKanji} {before.firstNameKanji}（{before.lastNameKana} {before.firstNameKana}）
        </p>
      )}
      {fields.map((field) => (
        <TextField
          key={field.name}
          id={fieldId(field.name)}
          label={field.label}
          required
          value={values[field.name]}
          onChange={(next) => setValues((current) => ({ ...current, [field.name]: next }))}
          support={field.support}
          error={errors[field.name] ?? issueFor(rejection, field.name)}
          autoComplete={field.autoComplete}
          maxLength={30}
          disabled={busy}
        />
      ))}
      <SubmitActions
        busy={busy}
        canSubmit
        submitLabel="変更する"
        busyLabel="変更しています"
        backLabel="変更せずに戻る"
        onBack={() => actor.send({ type: 'wizard.back' })}
      />
    </form>
  );
}
