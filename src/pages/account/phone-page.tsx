/**
 * /AccountMenu/Update/Phone (ACC0004): the contact phone for SMS. Full-width digits and any dash
 * are accepted and shown 3-4-4 (spec section 5); a code goes by SMS to the new number only, and
 * the number is kept once the code is entered (docs/flows/account-menu.md section 2, ADR 0081).
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
  fieldId: 'update-phone-number',
  label: '新しい携帯電話番号',
  support: '11桁（例：090-1234-5678）。全角数字やハイフンの有無は問いません。SMSを受け取れる番号を入力してください。',
  noun: '携帯電話番号',
  currentLabel: '現在の連絡先電話番号',
  offersUnconfirmed: false,
  changeOf: (phoneNumber) => ({ key: 'phoneNumber', phoneNumber }),
  enteredOf: (change) => (change?.key === 'phoneNumber' ? change.phoneNumber : null),
  otpLead: (shown) => `ご本人さまの確認のため、${shown} にSMSで6桁の確認コードをお送りします。確認できた番号が連絡先電話番号になります。`,
  submitLabel: () => '認証して変更する',
  cancelLabel: '電話番号の入力に戻る',
  savingLine: () => '電話番号を変更しています。',
};

export function PhonePage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  return match(value)
    .with('phone', () => <ContactChangeView actor={actor} step="edit" config={phoneConfig} />)
    .with('phoneVerifying', () => <ContactChangeView actor={actor} step="verifying" config={phoneConfig} />)
    .with('phoneSaving', () => <ContactChangeView actor={actor} step="saving" config={phoneConfig} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
