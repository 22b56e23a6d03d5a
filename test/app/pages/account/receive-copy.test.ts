import { describe, expect, it } from 'vitest';
import { ConfirmationStatus, type ConfirmationStatusValue } from '../../../../contracts/codes';
import type { Optin } from '../../../../contracts/api/account-optins';
import { sampleProfile } from '../../../../machines/account-menu/model-entries';
import type { AccountProfile } from '../../../../machines/account-menu/account-data';
import { channelsLine, choosableChannels, unavailableReasons } from '../../../../src/pages/account/receive-copy';

const withContacts = (mail: ConfirmationStatusValue, phone: ConfirmationStatusValue): AccountProfile => ({
  ...sampleProfile,
  userInfo: {
    ...sampleProfile.userInfo,
    mailAddress: { value: mail === ConfirmationStatus.NotSet ? null : 'yumi@example.jp', status: mail },
    phoneNumber: { value: phone === ConfirmationStatus.NotSet ? null : '09012345678', status: phone },
  },
});

const off: Optin = { notice: 'campaign', email: false, sms: false };

describe('受信設定で選べる受け取り方', () => {
  it('確認済みの連絡先の受け取り方だけを選べること', () => {
    expect(choosableChannels(withContacts(ConfirmationStatus.Confirmed, ConfirmationStatus.Confirmed), off)).toEqual(['email', 'sms']);
    expect(choosableChannels(withContacts(ConfirmationStatus.Confirmed, ConfirmationStatus.Unconfirmed), off)).toEqual(['email']);
    expect(choosableChannels(withContacts(ConfirmationStatus.Unconfirmed, ConfirmationStatus.NotSet), off)).toEqual([]);
  });

  it('確認済みでなくても、いま受け取っている受け取り方は止められるよう選択肢に残すこと', () => {
    const smsOn: Optin = { notice: 'billingAmount', email: false, sms: true };
    expect(choosableChannels(withContacts(ConfirmationStatus.Confirmed, ConfirmationStatus.Unconfirmed), smsOn)).toEqual(['email', 'sms']);
  });

  it('選べない理由を、連絡先が未確認か未設定かに合わせて示すこと', () => {
    expect(unavailableReasons(withContacts(ConfirmationStatus.Confirmed, ConfirmationStatus.Confirmed))).toEqual([]);
    expect(unavailableReasons(withContacts(ConfirmationStatus.Confirmed, ConfirmationStatus.Unconfirmed))).toEqual([
      'SMSで受け取るには、連絡先電話番号の確認が必要です。確認が済んでいない番号には、SMSをお送りしません。',
    ]);
    expect(unavailableReasons(withContacts(ConfirmationStatus.NotSet, ConfirmationStatus.NotSet))).toEqual([
      'メールで受け取るには、連絡先メールアドレスの登録が必要です。',
      'SMSで受け取るには、連絡先電話番号の登録と確認が必要です。',
    ]);
  });

  it('受け取り方を日本語で一行にすること', () => {
    expect(channelsLine({ notice: 'campaign', email: true, sms: true })).toBe('メール・SMSで受け取る');
    expect(channelsLine({ notice: 'campaign', email: false, sms: true })).toBe('SMSで受け取る');
    expect(channelsLine(off)).toBe('受け取らない');
  });
});
