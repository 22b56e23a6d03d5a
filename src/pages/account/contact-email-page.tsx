/**
 * /AccountMenu/Contact/Email (ACC0008): the contact mail address to register, confirm or change,
 * proved by a code sent to it (docs/flows/account-menu.md section 3).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { MailAddressSchema } from '../../../contracts/text/field-schemas';
import { LeavingPage } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { ContactChangeForm, type ContactFieldSpec } from './contact-change-form';
import { sameMailAddress } from './contact-copy';

const mailSpec: ContactFieldSpec = {
  field: 'mailAddress',
  label: 'メールアドレス',
  support: '入力したアドレスに確認コードをお送りします。迷惑メール対策をご利用の場合は、確認コードのメールを受け取れるよう設定してください。',
  inputMode: 'text',
  autoComplete: 'email',
  maxLength: 254,
  display: (value) => value,
  parse: (raw) => {
    const parsed = MailAddressSchema.safeParse(raw);
    return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'メールアドレスの形式が正しくありません。' };
  },
  same: sameMailAddress,
  changeOf: (mailAddress) => ({ key: 'contactMail', mailAddress }),
  valueOf: (change) => (change?.key === 'contactMail' ? change.mailAddress : null),
  alreadyConfirmed: 'ご登録のメールアドレスと同じです。確認済みのため変更の必要はありません。',
  by: '',
};

export function ContactEmailPage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  const contact = useSelector(actor, (state) => state.context.profile?.userInfo.mailAddress);
  if (contact === undefined) return <LeavingPage />;
  return match(value)
    .with('contactEmail', () => <ContactChangeForm actor={actor} step="edit" spec={mailSpec} contact={contact} />)
    .with('contactEmailVerifying', () => <ContactChangeForm actor={actor} step="verifying" spec={mailSpec} contact={contact} />)
    .with('contactEmailSaving', () => <ContactChangeForm actor={actor} step="saving" spec={mailSpec} contact={contact} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
