/**
 * /AccountMenu/Contact/Email (ACC0008): the contact mail address to register, confirm or change,
 * proved by a code sent to it (docs/flows/account-menu.md section 3).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { LeavingPage } from './account-steps';
import { ContactChangeView, type ContactChangeConfig } from './contact-change';
import { mailContact } from './contact-kinds';
import { useFlowActor } from '../service-flow/use-flow-actor';
import '../service-flow/service-flow.css';
import './account.css';

const mailConfig: ContactChangeConfig = {
  kind: mailContact,
  fieldId: 'contact-mailAddress',
  label: 'メールアドレス',
  support: '入力したアドレスに確認コードをお送りします。迷惑メール対策をご利用の場合は、確認コードのメールを受け取れるよう設定してください。',
  noun: 'メールアドレス',
  currentLabel: '現在のメールアドレス',
  offersUnconfirmed: true,
  changeOf: (mailAddress) => ({ key: 'contactMail', mailAddress }),
  enteredOf: (change) => (change?.key === 'contactMail' ? change.mailAddress : null),
  otpLead: (_shown, confirming) =>
    `このメールアドレスに6桁の確認コードをお送りします。確認コードを入力すると、${confirming ? '確認済みになります' : '新しい連絡先として登録されます'}。`,
  submitLabel: (confirming) => (confirming ? '認証して確認する' : '認証して登録する'),
  cancelLabel: 'メールアドレスの入力に戻る',
  savingLine: (confirming) => (confirming ? '確認しています。' : '登録しています。'),
};

export function ContactEmailPage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  return match(value)
    .with('contactEmail', () => <ContactChangeView actor={actor} step="edit" config={mailConfig} />)
    .with('contactEmailVerifying', () => <ContactChangeView actor={actor} step="verifying" config={mailConfig} />)
    .with('contactEmailSaving', () => <ContactChangeView actor={actor} step="saving" config={mailConfig} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
