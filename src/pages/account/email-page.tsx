/**
 * /AccountMenu/Update/Email (ACC0005): the contact mail address. A code goes to the new address
 * only; once it is entered the address is kept as confirmed (CONFIRMED on Confirm/UserInfo).
 * A mail that cannot be sent is W0012 on the code step (spec section 8, ADR 0066, ADR 0081).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { LeavingPage } from './account-steps';
import { ContactChangeView, type ContactChangeConfig } from './contact-change';
import { mailContact } from './contact-kinds';
import { useFlowActor } from '../service-flow/use-flow-actor';
import '../service-flow/service-flow.css';
import './account.css';

const emailConfig: ContactChangeConfig = {
  kind: mailContact,
  fieldId: 'update-mail-address',
  label: '新しいメールアドレス',
  support: '例：taro@example.jp。このアドレスに確認コードをお送りします。ドメイン指定受信をお使いの方は、お知らせが届くよう設定してください。',
  noun: 'メールアドレス',
  currentLabel: '現在のメールアドレス',
  offersUnconfirmed: false,
  changeOf: (mailAddress) => ({ key: 'mailAddress', mailAddress }),
  enteredOf: (change) => (change?.key === 'mailAddress' ? change.mailAddress : null),
  otpLead: (shown) => `ご本人さまの確認のため、${shown} に6桁の確認コードをメールでお送りします。確認できたアドレスが連絡先メールアドレスになります。`,
  submitLabel: () => '認証して変更する',
  cancelLabel: 'メールアドレスの入力に戻る',
  savingLine: () => 'メールアドレスを変更しています。',
};

export function EmailPage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  return match(value)
    .with('email', () => <ContactChangeView actor={actor} step="edit" config={emailConfig} />)
    .with('emailVerifying', () => <ContactChangeView actor={actor} step="verifying" config={emailConfig} />)
    .with('emailSaving', () => <ContactChangeView actor={actor} step="saving" config={emailConfig} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
