/**
 * Registry entry of the account flow: one input per page the flow can start on, every change
 * of every page (each page takes only its own), and the rules of the `user` store checked after
 * every step.
 */
import type { SnapshotFrom } from 'xstate';
import type { LoginHistoryEntry } from '../../contracts/api/account-login-history';
import { Channel, ConfirmationStatus } from '../../contracts/codes';
import { atStep, unless } from '../mbt/invariant-helpers';
import { failures, modelEvents, otpEvents, sampleInput } from '../model-fixtures';
import type { MachineEntry } from '../registry';
import type { AccountChange, AccountProfile } from './account-data';
import { accountMachine } from './account.machine';
import { AccountPages, type AccountPage } from './account-pages';

type AccountSnapshot = SnapshotFrom<typeof accountMachine>;

export const sampleProfile: AccountProfile = {
  userInfo: {
    loginId: 'taro.yamada',
    name: { lastNameKanji: '山田', firstNameKanji: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' },
    birthday: '1985/04/01',
    address: { postalCode: '9200961', address: '石川県金沢市香林坊1丁目1-1', subAddress: 'ポータルビル301' },
    lineNumber: '09012345678',
    mailAddress: { value: 'taro@example.jp', status: ConfirmationStatus.Confirmed },
    phoneNumber: { value: '09012345678', status: ConfirmationStatus.Unconfirmed },
  },
  security: { signInNoticeChannel: Channel.AccountIdSms, passwordChangedAt: null },
  optins: [
    { notice: 'billingAmount', email: true, sms: false },
    { notice: 'serviceNews', email: true, sms: false },
    { notice: 'campaign', email: false, sms: false },
  ],
};

export const sampleChanges: readonly AccountChange[] = [
  { key: 'name', name: { lastNameKanji: '佐藤', firstNameKanji: '花子', lastNameKana: 'サトウ', firstNameKana: 'ハナコ' } },
  { key: 'phoneNumber', phoneNumber: '08098765432' },
  { key: 'mailAddress', mailAddress: 'hanako@example.jp' },
  { key: 'address', address: { postalCode: '1000001', address: '東京都千代田区千代田1-1', subAddress: '' } },
  { key: 'contactMail', mailAddress: 'notice@example.jp' },
  { key: 'contactPhone', phoneNumber: '07011112222' },
  { key: 'security', signInNoticeChannel: Channel.AccountIdEmail },
  { key: 'loginId', loginId: 'hanako.sato' },
  {
    key: 'optins',
    optins: [
      { notice: 'billingAmount', email: true, sms: true },
      { notice: 'serviceNews', email: false, sms: false },
      { notice: 'campaign', email: false, sms: false },
    ],
  },
];

/** A sign-in as GET auth/history answers it. */
export const signIn = (occurredAt: string, result: LoginHistoryEntry['result'] = 'SUCCESS'): LoginHistoryEntry => ({
  occurredAt,
  result,
  reason: result === 'SUCCESS' ? null : 'パスワードが正しくありません。',
  device: 'スマートフォン（iPhone）',
  os: 'iOS 18.1',
  browser: 'Safari 18.1',
  ipAddress: '203.0.113.7',
});

/** Passwords the model submits: they must never show up in the store. */
const modelPasswords = { currentPassword: 'Old-pass-2026!', newPassword: 'New-pass-2026!' };


const entryInput = (entryPath: AccountPage) => ({ sbSystemId: sampleInput.sbSystemId, entryPath });

/** Pages a change started from Confirm/UserInfo is on. */
const userInfoChangeSteps = ['userName', 'userNameSaving', 'phone', 'phoneVerifying', 'phoneSaving', 'email', 'emailVerifying', 'emailSaving', 'address', 'addressSaving'];
const contactChangeSteps = ['contactEmail', 'contactEmailVerifying', 'contactEmailSaving', 'contactPhone', 'contactPhoneVerifying', 'contactPhoneSaving', 'contactCompleted'];

export const accountEntry: MachineEntry = {
  id: 'account',
  title: 'アカウント管理（お客さま情報・連絡先・セキュリティ・ログイン履歴・受信設定）',
  machine: accountMachine,
  input: entryInput(AccountPages.menu),
  events: modelEvents(
    { type: 'userinfo.open' },
    { type: 'contact.open' },
    { type: 'security.open' },
    { type: 'history.open' },
    { type: 'receive.open' },
    { type: 'guide.open' },
    { type: 'menu.open' },
    { type: 'name.edit' },
    { type: 'phone.edit' },
    { type: 'email.edit' },
    { type: 'address.edit' },
    { type: 'security.edit' },
    { type: 'loginid.edit' },
    { type: 'password.edit' },
    { type: 'receive.edit' },
    { type: 'wizard.back' },
    { type: 'history.more' },
    ...sampleChanges.map((change) => ({ type: 'change.submit', change })),
    { type: 'password.submit', change: modelPasswords },
    { type: 'xstate.done.actor.loadProfile', output: sampleProfile },
    { type: 'xstate.error.actor.loadProfile', error: failures.unknown },
    { type: 'xstate.done.actor.loadLoginHistory', output: { entries: [signIn('2026/11/25 09:00:00')], nextPage: 2 } },
    { type: 'xstate.done.actor.loadLoginHistory', output: { entries: [signIn('2026/11/24 09:00:00', 'FAILURE')], nextPage: null } },
    { type: 'xstate.error.actor.loadLoginHistory', error: failures.unknown },
    { type: 'xstate.done.actor.saveChange', output: { outcome: 'saved' } },
    { type: 'xstate.done.actor.saveChange', output: { outcome: 'rejected', issues: [{ path: 'body.loginId', message: 'このログインIDはご利用いただけません。' }] } },
    { type: 'xstate.error.actor.saveChange', error: failures.unknown },
    { type: 'xstate.done.actor.changePassword', output: { outcome: 'saved' } },
    { type: 'xstate.done.actor.changePassword', output: { outcome: 'rejected', issues: [{ path: 'body.currentPassword', message: '現在のパスワードが正しくありません。' }] } },
    { type: 'xstate.error.actor.changePassword', error: failures.unknown },
    ...otpEvents('verifyContact'),
  ),
  serializeState: (raw) => {
    const snapshot = raw as AccountSnapshot;
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      source: context.user.transitionSource,
      more: context.loginHistory.nextPage !== null,
    });
  },
  variants: [
    { title: 'お客さま情報の確認から', input: entryInput(AccountPages.userInfo) },
    { title: '連絡先の確認から', input: entryInput(AccountPages.contactInfo) },
    { title: 'セキュリティ設定の確認から', input: entryInput(AccountPages.securityInfo) },
    { title: 'ログイン履歴から', input: entryInput(AccountPages.loginHistory) },
    { title: '受信設定の確認から', input: entryInput(AccountPages.receiveInfo) },
    { title: '受信設定のご案内から', input: entryInput(AccountPages.receiveGuide) },
  ],
  invariants: [
    {
      id: 'account.password-never-stored',
      description: '現在のパスワードも新しいパスワードも、user ストア（保存されるスナップショット）に入らないこと',
      check: (raw) => {
        const text = JSON.stringify((raw as AccountSnapshot).context);
        return unless(!text.includes(modelPasswords.currentPassword) && !text.includes(modelPasswords.newPassword), 'a password is in the context');
      },
    },
    {
      id: 'account.member-info-flag',
      description: 'お客さま情報の変更画面にいる間だけ、お客さま情報の確認からの遷移（fromMemberInfoConfirmFlg）が立っていること',
      check: (raw) => {
        const snapshot = raw as AccountSnapshot;
        const flag = snapshot.context.user.fromMemberInfoConfirmFlg;
        return unless(atStep(snapshot, ['failed']) || flag === atStep(snapshot, userInfoChangeSteps), `fromMemberInfoConfirmFlg ${String(flag)} in ${JSON.stringify(snapshot.value)}`);
      },
    },
    {
      id: 'account.contact-source',
      description: '連絡先の変更画面・完了画面は、連絡先の確認かセキュリティ設定の確認から来ていること',
      check: (raw) => {
        const snapshot = raw as AccountSnapshot;
        const source = snapshot.context.user.transitionSource;
        return unless(
          !atStep(snapshot, contactChangeSteps) || source === AccountPages.contactInfo || source === AccountPages.securityInfo,
          `transitionSource ${String(source)} in ${JSON.stringify(snapshot.value)}`,
        );
      },
    },
    {
      id: 'account.own-change-page',
      description: 'ログインID・パスワードの変更完了は、それぞれの変更を保存したときだけ表示すること',
      check: (raw) => {
        const snapshot = raw as AccountSnapshot;
        const { userChangeKey } = snapshot.context.user;
        if (atStep(snapshot, ['loginIdCompleted'])) return unless(userChangeKey === 'loginId' && snapshot.context.saved === 'loginId', `key ${String(userChangeKey)}`);
        if (atStep(snapshot, ['passwordCompleted'])) return unless(userChangeKey === 'password' && snapshot.context.saved === 'password', `key ${String(userChangeKey)}`);
        return undefined;
      },
    },
    {
      id: 'account.change-matches-page',
      description: '変更画面から送る内容は、その画面の項目（userChangeKey）の変更であること',
      check: (raw) => {
        const { userChangeKey, userChangeData } = (raw as AccountSnapshot).context.user;
        return unless(userChangeData === null || userChangeData.key === userChangeKey, `${String(userChangeKey)} vs ${userChangeData?.key ?? ''}`);
      },
    },
  ],
};
