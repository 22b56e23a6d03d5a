/**
 * What the receive-settings pages share: which channels a customer may switch on (the rule the
 * server refuses by, contracts/account/channel-rules.ts) and
 * how a setting reads in Japanese.
 */
import { maySwitchOn } from '../../../contracts/account/channel-rules';
import { ConfirmationStatus } from '../../../contracts/codes';
import type { Optin } from '../../../contracts/api/account-optins';
import type { AccountProfile } from '../../../machines/account-menu/account-data';

export type OptinChannel = 'email' | 'sms';

/** The channels each notice may be set to: a confirmed contact's, or one already on (so it can be switched off). */
export function choosableChannels(profile: AccountProfile, onFile: Optin): readonly OptinChannel[] {
  const mailConfirmed = profile.userInfo.mailAddress.status === ConfirmationStatus.Confirmed;
  const phoneConfirmed = profile.userInfo.phoneNumber.status === ConfirmationStatus.Confirmed;
  return [
    ...(maySwitchOn({ contactConfirmed: mailConfirmed, alreadyOn: onFile.email }) ? (['email'] as const) : []),
    ...(maySwitchOn({ contactConfirmed: phoneConfirmed, alreadyOn: onFile.sms }) ? (['sms'] as const) : []),
  ];
}

/** "メール・SMS", "メール", "受け取らない". */
export function channelsLine(optin: Optin): string {
  const on = [optin.email ? 'メール' : null, optin.sms ? 'SMS' : null].filter((name): name is string => name !== null);
  return on.length === 0 ? '受け取らない' : `${on.join('・')}で受け取る`;
}

export const sameOptin = (a: Optin, b: Optin | undefined) => b !== undefined && a.email === b.email && a.sms === b.sms;

/** Why a channel cannot be switched on, one line each; empty when both can. */
export function unavailableReasons(profile: AccountProfile): readonly string[] {
  const reasons: string[] = [];
  const { mailAddress, phoneNumber } = profile.userInfo;
  if (mailAddress.status !== ConfirmationStatus.Confirmed) {
    reasons.push(
      mailAddress.status === ConfirmationStatus.NotSet
        ? 'メールで受け取るには、連絡先メールアドレスの登録が必要です。'
        : 'メールで受け取るには、連絡先メールアドレスの確認が必要です。確認が済んでいないアドレスには、お知らせをお送りしません。',
    );
  }
  if (phoneNumber.status !== ConfirmationStatus.Confirmed) {
    reasons.push(
      phoneNumber.status === ConfirmationStatus.NotSet
        ? 'SMSで受け取るには、連絡先電話番号の登録と確認が必要です。'
        : 'SMSで受け取るには、連絡先電話番号の確認が必要です。確認が済んでいない番号には、SMSをお送りしません。',
    );
  }
  return reasons;
}
