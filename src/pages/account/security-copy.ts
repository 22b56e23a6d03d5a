/** Japanese copy of the security pages (Security/*, SbidSet/*, PasswordSet/*): the sign-in notice and the credential rules. */
import { LoginIdRule, PasswordRule } from '../../../contracts/api/account-credentials';
import type { SignInNoticeChannel } from '../../../contracts/api/account-security';
import type { ContactState, UserInfo } from '../../../contracts/api/account-user-info';
import { Channel, ConfirmationStatus } from '../../../contracts/codes';
import type { ChoiceOption } from '../service-flow/fields';
import { phoneLine } from './account-copy';

/** How each sign-in notice channel reads (spec section 4: 4 account-ID SMS, 5 account-ID e-mail). */
export const SignInNoticeLabel: Record<SignInNoticeChannel, string> = {
  [Channel.AccountIdSms]: 'SMS（連絡先電話番号あて）',
  [Channel.AccountIdEmail]: 'メール（連絡先メールアドレスあて）',
};

export const NoSignInNotice = '受け取らない';

/** The contact a channel sends to. */
export function noticeContact(channel: SignInNoticeChannel, userInfo: UserInfo): ContactState {
  return channel === Channel.AccountIdSms ? userInfo.phoneNumber : userInfo.mailAddress;
}

/** The contact a channel sends to, by name: 連絡先電話番号 or 連絡先メールアドレス. */
function contactNameOf(channel: SignInNoticeChannel): string {
  return channel === Channel.AccountIdSms ? '連絡先電話番号' : '連絡先メールアドレス';
}

/** "taro@example.jp" or "090-1234-5678", or 未設定. */
export function noticeDestination(channel: SignInNoticeChannel, userInfo: UserInfo): string {
  const { value } = noticeContact(channel, userInfo);
  return channel === Channel.AccountIdSms ? phoneLine(value) : (value ?? '未設定');
}

/** "メール（連絡先メールアドレスあて）：taro@example.jp", or 受け取らない. */
export function signInNoticeLine(channel: SignInNoticeChannel | null, userInfo: UserInfo): string {
  return channel === null ? NoSignInNotice : `${SignInNoticeLabel[channel]}：${noticeDestination(channel, userInfo)}`;
}

/** Why a channel cannot be chosen, or null when its contact is confirmed (the server accepts only confirmed contacts). */
export function unavailableReason(channel: SignInNoticeChannel, userInfo: UserInfo): string | null {
  const { status } = noticeContact(channel, userInfo);
  const what = contactNameOf(channel);
  if (status === ConfirmationStatus.Confirmed) return null;
  if (status === ConfirmationStatus.NotSet) return `${what}が登録されていないため選べません。${what}を登録して確認を済ませると選べるようになります。`;
  return `${what}の確認が済んでいないため選べません。確認コードによる確認を済ませると選べるようになります。`;
}

/** A choice on Security/Change: a channel, or no notice. */
export const NoNotice = 'none';
export type NoticeChoice = SignInNoticeChannel | typeof NoNotice;

export const choiceOf = (channel: SignInNoticeChannel | null): NoticeChoice => channel ?? NoNotice;

/**
 * What Security/Change starts with: the current setting, unless its contact is no longer
 * confirmed (changed since): then nothing, so the customer chooses again instead of re-sending a
 * channel that delivers nothing.
 */
export function initialNoticeChoice(current: SignInNoticeChannel | null, userInfo: UserInfo): NoticeChoice | null {
  if (current !== null && unavailableReason(current, userInfo) !== null) return null;
  return choiceOf(current);
}

/** Said beside the current setting when its contact is not confirmed: the notices are not being sent. */
export function undeliveredNotice(current: SignInNoticeChannel | null, userInfo: UserInfo): string | null {
  if (current === null || unavailableReason(current, userInfo) === null) return null;
  return `${contactNameOf(current)}の確認が済んでいないため、いまはログインのお知らせをお送りできていません。受け取り方を選び直してください。`;
}

export const NoNoticeChosen = 'ログインのお知らせの受け取り方を選んでください。';
export const channelOf = (choice: NoticeChoice): SignInNoticeChannel | null => (choice === NoNotice ? null : choice);

/** The choices of Security/Change: a channel whose contact is not confirmed is shown, not selectable, and says why. */
export function noticeChoices(userInfo: UserInfo): readonly ChoiceOption<NoticeChoice>[] {
  const channelChoice = (channel: SignInNoticeChannel): ChoiceOption<NoticeChoice> => {
    const reason = unavailableReason(channel, userInfo);
    return { value: channel, label: SignInNoticeLabel[channel], support: reason ?? `送り先：${noticeDestination(channel, userInfo)}`, disabled: reason !== null };
  };
  return [
    channelChoice(Channel.AccountIdEmail),
    channelChoice(Channel.AccountIdSms),
    { value: NoNotice, label: NoSignInNotice, support: 'ログインがあってもお知らせしません。' },
  ];
}

/** The login ID rules (ADR 0079), shown before the field. */
export const LoginIdRules: readonly string[] = [
  `${LoginIdRule.minLength}〜${LoginIdRule.maxLength}文字の半角英数字と「.」「_」「-」`,
  '先頭は英字（a〜z）',
  '大文字と小文字は区別しません（小文字で登録します）。全角で入力しても半角に変換します',
  'ほかのお客さまが使っているIDや、現在のIDは使えません',
];

/** The password policy (ADR 0079), shown before the fields. */
export const PasswordRules: readonly string[] = [
  `${PasswordRule.minLength}〜${PasswordRule.maxLength}文字の半角英数字・記号（スペースも使えます）。文字の種類の組み合わせは問いません`,
  'ログインIDを含まないこと',
  '現在のパスワードと異なること',
  'よく使われるパスワードや、お名前・生年月日・電話番号など推測されやすいものは使えません',
];
