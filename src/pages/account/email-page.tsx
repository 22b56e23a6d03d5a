/**
 * /AccountMenu/Update/Email (ACC0005): the contact mail address. A code goes to the new address
 * only; once it is entered the address is kept as confirmed (CONFIRMED on Confirm/UserInfo).
 * A mail that cannot be sent is W0012 on the code step (spec section 8, ADR 0066, ADR 0081).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { mailAddressProofProblem } from '../../../contracts/account/contact-proof-rules';
import { MailAddressSchema } from '../../../contracts/text/field-schemas';
import { LeavingPage } from './account-steps';
import { ContactChangeView, type ContactChangeConfig } from './contact-change';
import { useFlowActor } from '../service-flow/use-flow-actor';
import '../service-flow/service-flow.css';
import './account.css';

const emailConfig: ContactChangeConfig = {
  fieldId: 'update-mail-address',
  field: 'mailAddress',
  label: '新しいメールアドレス',
  support: '例：taro@example.jp。このアドレスに確認コードをお送りします。ドメイン指定受信をお使いの方は、お知らせが届くよう設定してください。',
  inputMode: 'email',
  autoComplete: 'email',
  maxLength: 254,
  currentLabel: '現在のメールアドレス',
  contactOf: (info) => info.mailAddress,
  show: (value) => value,
  tidy: (input) => input.normalize('NFKC').trim(),
  parse: (input, onFile) => {
    const parsed = MailAddressSchema.safeParse(input);
    if (!parsed.success) return Promise.resolve({ error: parsed.error.issues[0]?.message ?? 'メールアドレスを入力してください。' });
    const problem = mailAddressProofProblem(parsed.data, onFile);
    return Promise.resolve(problem === null ? { value: parsed.data } : { error: problem });
  },
  changeOf: (mailAddress) => ({ key: 'mailAddress', mailAddress }),
  enteredOf: (change) => (change?.key === 'mailAddress' ? change.mailAddress : null),
  otpLead: (shown) => `ご本人さまの確認のため、${shown} に6桁の確認コードをメールでお送りします。確認できたアドレスが連絡先メールアドレスになります。`,
  cancelLabel: 'メールアドレスの入力に戻る',
  savingLine: 'メールアドレスを変更しています。',
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
