/**
 * /AccountMenu/Contact/Phone (ACC0009): the contact mobile number to register, confirm or change,
 * proved by a code sent to it by SMS. Full-width digits and any dash are accepted; the number is
 * kept as 11 digits and shown 3-4-4 (spec section 5).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { LeavingPage } from './account-steps';
import { ContactChangeView, type ContactChangeConfig } from './contact-change';
import { phoneContact } from './contact-kinds';
import { useFlowActor } from '../service-flow/use-flow-actor';
import '../service-flow/service-flow.css';
import './account.css';

const phoneConfig: ContactChangeConfig = {
  kind: phoneContact,
  fieldId: 'contact-phoneNumber',
  label: '携帯電話番号',
  support: '070・080・090で始まる11桁（例：090-1234-5678）。ハイフンはなくても入力できます。入力した番号にSMSで確認コードをお送りします。',
  noun: '携帯電話番号',
  currentLabel: '現在の携帯電話番号',
  offersUnconfirmed: true,
  changeOf: (phoneNumber) => ({ key: 'contactPhone', phoneNumber }),
  enteredOf: (change) => (change?.key === 'contactPhone' ? change.phoneNumber : null),
  otpLead: (_shown, confirming) =>
    `この携帯電話番号にSMSで6桁の確認コードをお送りします。確認コードを入力すると、${confirming ? '確認済みになります' : '新しい連絡先として登録されます'}。`,
  submitLabel: (confirming) => (confirming ? '認証して確認する' : '認証して登録する'),
  cancelLabel: '電話番号の入力に戻る',
  savingLine: (confirming) => (confirming ? '確認しています。' : '登録しています。'),
};

export function ContactPhonePage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  return match(value)
    .with('contactPhone', () => <ContactChangeView actor={actor} step="edit" config={phoneConfig} />)
    .with('contactPhoneVerifying', () => <ContactChangeView actor={actor} step="verifying" config={phoneConfig} />)
    .with('contactPhoneSaving', () => <ContactChangeView actor={actor} step="saving" config={phoneConfig} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
