/**
 * /AccountMenu/Contact/Phone (ACC0009): the contact mobile number to register, confirm or change,
 * proved by a code sent to it by SMS. Full-width digits and any dash are accepted; the number is
 * kept as 11 digits and shown 3-4-4 (spec section 5).
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { match, P } from 'ts-pattern';
import { formatMobilePhone } from '../../../contracts/text/number-format';
import { LeavingPage } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { ContactChangeForm, type ContactFieldSpec } from './contact-change-form';
import { samePhoneNumber } from './contact-copy';

// The mobile-number check carries the numbering plan (~30 KB gzip): it loads beside the page, not in it.
const loadMobilePhoneSchema = () => import('../../../contracts/text/mobile-phone-schema');

const phoneSpec: ContactFieldSpec = {
  field: 'phoneNumber',
  label: '携帯電話番号',
  support: '070・080・090で始まる11桁（例：090-1234-5678）。ハイフンはなくても入力できます。入力した番号にSMSで確認コードをお送りします。',
  inputMode: 'numeric',
  autoComplete: 'tel-national',
  maxLength: 20,
  display: formatMobilePhone,
  parse: async (raw) => {
    const schema = await loadMobilePhoneSchema().catch(() => null);
    if (schema === null) return { error: '番号を確認できませんでした。通信状態をご確認のうえ、もう一度お試しください。' };
    const parsed = schema.MobilePhoneSchema.safeParse(raw);
    return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]?.message ?? '携帯電話番号を入力してください。' };
  },
  same: samePhoneNumber,
  changeOf: (phoneNumber) => ({ key: 'contactPhone', phoneNumber }),
  valueOf: (change) => (change?.key === 'contactPhone' ? change.phoneNumber : null),
  alreadyConfirmed: 'ご登録の連絡先電話番号と同じです。確認済みのため変更の必要はありません。',
  by: 'SMSで',
};

export function ContactPhonePage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  const contact = useSelector(actor, (state) => state.context.profile?.userInfo.phoneNumber);
  // Fetched while the customer types, so the check is there when they send.
  useEffect(() => void loadMobilePhoneSchema().catch(() => undefined), []);
  if (contact === undefined) return <LeavingPage />;
  return match(value)
    .with('contactPhone', () => <ContactChangeForm actor={actor} step="edit" spec={phoneSpec} contact={contact} />)
    .with('contactPhoneVerifying', () => <ContactChangeForm actor={actor} step="verifying" spec={phoneSpec} contact={contact} />)
    .with('contactPhoneSaving', () => <ContactChangeForm actor={actor} step="saving" spec={phoneSpec} contact={contact} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
