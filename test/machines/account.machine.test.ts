import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import type { OtpResponse } from '../../contracts/api/otp';
import type { AccountChange, AccountProfile, LoginHistoryPage, SaveOutcome } from '../../machines/account-menu/account-data';
import { AccountPages, type AccountPage } from '../../machines/account-menu/account-pages';
import {
  accountMachine,
  otpInputFor,
  type ChangePasswordInput,
  type LoadLoginHistoryInput,
  type LoadProfileInput,
  type SaveChangeInput,
} from '../../machines/account-menu/account.machine';
import { sampleChanges, sampleProfile, signIn } from '../../machines/account-menu/model-entries';
import { failures, sampleInput } from '../../machines/model-fixtures';
import { otpMachine, type CheckOtpInput, type SendOtpInput } from '../../machines/otp.machine';
import { routeFor } from '../../src/flows/flow-registry';
import { fail, ok, scripted, type Answer } from './support/fake-actors';

type AccountSnapshot = SnapshotFrom<typeof accountMachine>;

const changeOf = <K extends AccountChange['key']>(key: K) => sampleChanges.find((c) => c.key === key) as Extract<AccountChange, { key: K }>;

function start(
  entryPath: AccountPage,
  answers: {
    save?: Answer<SaveOutcome>[];
    password?: Answer<SaveOutcome>[];
    history?: Answer<LoginHistoryPage>[];
    check?: Answer<OtpResponse>[];
    profile?: Answer<AccountProfile>[];
  } = {},
) {
  const loadProfile = scripted<LoadProfileInput, AccountProfile>(...(answers.profile ?? [ok(sampleProfile)]));
  const saveChange = scripted<SaveChangeInput, SaveOutcome>(...(answers.save ?? [ok({ outcome: 'saved' })]));
  const changePassword = scripted<ChangePasswordInput, SaveOutcome>(...(answers.password ?? [ok({ outcome: 'saved' })]));
  const loadLoginHistory = scripted<LoadLoginHistoryInput, LoginHistoryPage>(...(answers.history ?? [ok({ entries: [], nextPage: null })]));
  const sendOtp = scripted<SendOtpInput, OtpResponse>(ok({ result: 'OK', ngMessage: null }));
  const checkOtp = scripted<CheckOtpInput, OtpResponse>(...(answers.check ?? [ok({ result: 'OK', ngMessage: null })]));
  const actor = createActor(
    accountMachine.provide({
      actors: {
        loadProfile: loadProfile.logic,
        saveChange: saveChange.logic,
        changePassword: changePassword.logic,
        loadLoginHistory: loadLoginHistory.logic,
        verifyContact: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, checkOtp: checkOtp.logic } }),
      },
    }),
    { input: { sbSystemId: sampleInput.sbSystemId, entryPath } },
  ).start();
  return { actor, loadProfile, saveChange, changePassword, loadLoginHistory, sendOtp };
}

type Started = ReturnType<typeof start>;

/** Sends the code by `channel` and enters it, as the customer does on the change page. */
async function enterCode(h: Started, channel: 'email' | 'sms') {
  h.actor.send({ type: 'otp.send', channel });
  const otp = h.actor.getSnapshot().children.verifyContact;
  if (otp === undefined) throw new Error('no one-time password step is running');
  await waitFor(otp, (s) => s.matches('codeEntry'));
  h.actor.send({ type: 'otp.submit', code: '123456' });
}

type StateName = Parameters<AccountSnapshot['matches']>[0];
const rest = (actor: Started['actor'], state: StateName) => waitFor(actor, (s) => s.matches(state));
const routeOf = (s: AccountSnapshot) => routeFor(s);

describe('account（アカウント管理）', () => {
  it.each([
    [AccountPages.menu, AccountPages.menu],
    [AccountPages.userInfo, AccountPages.userInfo],
    [AccountPages.contactInfo, AccountPages.contactInfo],
    [AccountPages.securityInfo, AccountPages.securityInfo],
    [AccountPages.loginHistory, AccountPages.loginHistory],
    [AccountPages.receiveInfo, AccountPages.receiveInfo],
    [AccountPages.receiveGuide, AccountPages.receiveGuide],
    // A change page is no entry: the flow starts on the menu, so the URL check refuses it (E9998).
    [AccountPages.passwordChange, AccountPages.menu],
  ])('%s を開くと、フローは最初から %s にいること', (entryPath, route) => {
    const { actor } = start(entryPath);
    expect(routeOf(actor.getSnapshot())).toBe(route);
  });

  it('メニューに戻っても、開いた入口の画面へ再び飛ばないこと', async () => {
    const { actor } = start(AccountPages.userInfo);
    await rest(actor, 'userInfo');
    actor.send({ type: 'menu.open' });
    expect(actor.getSnapshot().value).toBe('menu');
  });

  it('メールアドレスの変更は、新しいアドレスに確認コードを送って確かめてから1回だけ保存し、確認画面で読み直すこと', async () => {
    const h = start(AccountPages.userInfo);
    await rest(h.actor, 'userInfo');
    h.actor.send({ type: 'email.edit' });
    expect(routeOf(h.actor.getSnapshot())).toBe(AccountPages.email);
    expect(h.actor.getSnapshot().context.user).toMatchObject({
      userChangeKey: 'mailAddress',
      transitionSource: AccountPages.userInfo,
      fromMemberInfoConfirmFlg: true,
      userBeforeData: { name: sampleProfile.userInfo.name, mailAddress: 'taro@example.jp', notificationList: sampleProfile.optins },
    });
    // Another page's change is not this page's to send.
    expect(h.actor.getSnapshot().can({ type: 'change.submit', change: changeOf('contactMail') })).toBe(false);
    h.actor.send({ type: 'change.submit', change: changeOf('mailAddress') });
    // The code cannot go by SMS: the number on file proves nothing about the new address.
    h.actor.send({ type: 'otp.send', channel: 'sms' });
    expect(h.sendOtp.calls).toEqual([]);
    expect(h.saveChange.calls).toEqual([]);
    await enterCode(h, 'email');
    await rest(h.actor, 'userInfo');
    expect(h.sendOtp.calls).toEqual([{ sbSystemId: sampleInput.sbSystemId, body: { mailAddress: 'hanako@example.jp', purpose: 'contactChange' } }]);
    expect(h.saveChange.calls).toMatchObject([{ sbSystemId: sampleInput.sbSystemId, change: changeOf('mailAddress') }]);
    expect(h.saveChange.calls[0]?.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.loadProfile.calls).toHaveLength(2);
    const { context } = h.actor.getSnapshot();
    expect(context.saved).toBe('mailAddress');
    expect(context.user).toMatchObject({ userChangeKey: null, userChangeData: null, fromMemberInfoConfirmFlg: false });
  });

  it('確認コードを中止すると変更画面に戻り、ロックされるとW0011でエラー画面へ進み、何も保存しないこと', async () => {
    const cancelled = start(AccountPages.userInfo);
    await rest(cancelled.actor, 'userInfo');
    cancelled.actor.send({ type: 'phone.edit' });
    cancelled.actor.send({ type: 'change.submit', change: changeOf('phoneNumber') });
    cancelled.actor.send({ type: 'otp.cancel' });
    await rest(cancelled.actor, 'phone');

    const locked = start(AccountPages.userInfo, { check: [ok({ result: 'NG', ngMessage: 'W0011' })] });
    await rest(locked.actor, 'userInfo');
    locked.actor.send({ type: 'phone.edit' });
    locked.actor.send({ type: 'change.submit', change: changeOf('phoneNumber') });
    await enterCode(locked, 'sms');
    await rest(locked.actor, 'failed');
    expect(locked.sendOtp.calls).toEqual([{ sbSystemId: sampleInput.sbSystemId, body: { phoneNumber: '08098765432', type: 'SMS', purpose: 'contactChange' } }]);
    expect(locked.actor.getSnapshot().context.errorCode).toBe('W0011');
    expect([...cancelled.saveChange.calls, ...locked.saveChange.calls]).toEqual([]);
  });

  it('連絡先の変更は、セキュリティ設定の確認から来たらそこへ、連絡先の確認から来たらそこへ戻ること（仕様 §4）', async () => {
    const fromSecurity = start(AccountPages.securityInfo);
    await rest(fromSecurity.actor, 'securityInfo');
    fromSecurity.actor.send({ type: 'email.edit' });
    expect(routeOf(fromSecurity.actor.getSnapshot())).toBe(AccountPages.contactEmail);
    fromSecurity.actor.send({ type: 'change.submit', change: changeOf('contactMail') });
    await enterCode(fromSecurity, 'email');
    await rest(fromSecurity.actor, 'contactCompleted');
    expect(routeOf(fromSecurity.actor.getSnapshot())).toBe(AccountPages.contactCompleted);
    expect(fromSecurity.actor.getSnapshot().context.user.userChangeData).toEqual(changeOf('contactMail'));
    fromSecurity.actor.send({ type: 'wizard.back' });
    await rest(fromSecurity.actor, 'securityInfo');

    const fromContact = start(AccountPages.contactInfo);
    await rest(fromContact.actor, 'contactInfo');
    fromContact.actor.send({ type: 'phone.edit' });
    expect(routeOf(fromContact.actor.getSnapshot())).toBe(AccountPages.contactPhone);
    fromContact.actor.send({ type: 'wizard.back' });
    expect(fromContact.actor.getSnapshot().value).toBe('contactInfo');
  });

  it('セキュリティ設定の変更・ログインID・パスワードの変更は、セキュリティ設定の確認からしか開けないこと（仕様 §4）', async () => {
    const { actor } = start(AccountPages.contactInfo);
    await rest(actor, 'contactInfo');
    for (const type of ['security.edit', 'loginid.edit', 'password.edit'] as const) expect(actor.getSnapshot().can({ type })).toBe(false);
    const security = start(AccountPages.securityInfo);
    await rest(security.actor, 'securityInfo');
    for (const type of ['security.edit', 'loginid.edit', 'password.edit'] as const) expect(security.actor.getSnapshot().can({ type })).toBe(true);
  });

  const taken = { path: 'body.loginId', message: 'このログインIDはご利用いただけません。' };

  it('ログインIDの変更完了は、その変更を保存したときだけ表示し、断られたら理由を添えて変更画面に戻ること', async () => {
    const h = start(AccountPages.securityInfo, { save: [ok({ outcome: 'rejected', issues: [taken] }), ok({ outcome: 'saved' })] });
    await rest(h.actor, 'securityInfo');
    h.actor.send({ type: 'loginid.edit' });
    h.actor.send({ type: 'change.submit', change: changeOf('loginId') });
    await rest(h.actor, 'loginIdChange');
    expect(h.actor.getSnapshot().context.rejection).toEqual([taken]);
    h.actor.send({ type: 'change.submit', change: changeOf('loginId') });
    await rest(h.actor, 'loginIdCompleted');
    expect(routeOf(h.actor.getSnapshot())).toBe(AccountPages.loginIdCompleted);
    expect(h.actor.getSnapshot().context.rejection).toBeNull();
    // Each content its own idempotency key: the refused one is not replayed.
    expect(new Set(h.saveChange.calls.map((c) => c.requestKey)).size).toBe(2);
  });

  it('パスワードは現在と新しいものを変更の送信にだけ渡し、ストア（保存されるスナップショット）に残さないこと', async () => {
    const h = start(AccountPages.securityInfo);
    await rest(h.actor, 'securityInfo');
    h.actor.send({ type: 'password.edit' });
    const passwords = { currentPassword: 'Old-pass-2026!', newPassword: 'New-pass-2026!' };
    h.actor.send({ type: 'password.submit', change: passwords });
    await rest(h.actor, 'passwordCompleted');
    expect(h.changePassword.calls).toMatchObject([{ sbSystemId: sampleInput.sbSystemId, change: passwords }]);
    const persisted = JSON.stringify(h.actor.getPersistedSnapshot());
    expect(persisted).not.toContain(passwords.currentPassword);
    expect(persisted).not.toContain(passwords.newPassword);
    expect(h.actor.getSnapshot().context.saved).toBe('password');
  });

  it('ログイン履歴は続きがある間だけ「もっと見る」で次のページを足すこと', async () => {
    const first: LoginHistoryPage = { entries: [signIn('2026/11/25 09:00:00')], nextPage: 2 };
    const second: LoginHistoryPage = { entries: [signIn('2026/11/24 09:00:00', 'FAILURE')], nextPage: null };
    const h = start(AccountPages.loginHistory, { history: [ok(first), ok(second)] });
    await rest(h.actor, 'loginHistory');
    h.actor.send({ type: 'history.more' });
    await waitFor(h.actor, (s) => s.matches('loginHistory') && s.context.loginHistory.entries.length === 2);
    expect(h.loadLoginHistory.calls).toEqual([
      { sbSystemId: sampleInput.sbSystemId, page: 1 },
      { sbSystemId: sampleInput.sbSystemId, page: 2 },
    ]);
    expect(h.actor.getSnapshot().can({ type: 'history.more' })).toBe(false);
  });

  it('受信設定の変更は optins に選んだ内容を持ち、完了から戻ると読み直した受信設定の確認へ戻ること', async () => {
    const h = start(AccountPages.receiveInfo);
    await rest(h.actor, 'receiveInfo');
    h.actor.send({ type: 'receive.edit' });
    h.actor.send({ type: 'change.submit', change: changeOf('optins') });
    await rest(h.actor, 'receiveCompleted');
    expect(h.actor.getSnapshot().context.user.optins).toEqual(changeOf('optins').optins);
    h.actor.send({ type: 'wizard.back' });
    await rest(h.actor, 'receiveInfo');
    expect(h.loadProfile.calls).toHaveLength(2);
  });

  it('読み込みや保存に失敗するとエラー画面へ進み、サーバーのエラーコードを持つこと', async () => {
    const h = start(AccountPages.userInfo, { profile: [fail(failures.statusForbids)] });
    await rest(h.actor, 'failed');
    expect(routeOf(h.actor.getSnapshot())).toBe('/Error');
    expect(h.actor.getSnapshot().context.errorCode).toBe('E0008');
  });

  it('確認コードがロック以外の理由で終わると、そのコードでエラー画面へ進むこと（W0011 ではない）', async () => {
    const h = start(AccountPages.userInfo, { check: [ok({ result: 'NG', ngMessage: 'X9999' })] });
    await rest(h.actor, 'userInfo');
    h.actor.send({ type: 'phone.edit' });
    h.actor.send({ type: 'change.submit', change: changeOf('phoneNumber') });
    await enterCode(h, 'sms');
    await rest(h.actor, 'failed');
    expect(h.actor.getSnapshot().context.errorCode).not.toBe('W0011');
  });

  it('お客さま情報の確認から開いた変更だけが fromMemberInfoConfirmFlg を立て、受信設定でない変更は optins を変えないこと', async () => {
    const h = start(AccountPages.contactInfo);
    await rest(h.actor, 'contactInfo');
    h.actor.send({ type: 'email.edit' });
    expect(h.actor.getSnapshot().context.user.fromMemberInfoConfirmFlg).toBe(false);
    const optins = h.actor.getSnapshot().context.user.optins;
    h.actor.send({ type: 'change.submit', change: changeOf('contactMail') });
    expect(h.actor.getSnapshot().context.user.optins).toEqual(optins);
  });

  it('パスワードの変更が断られたら、理由を添えて変更画面に戻ること', async () => {
    const issues = [{ path: 'body.currentPassword', message: '現在のパスワードが正しくありません。' }];
    const h = start(AccountPages.securityInfo, { password: [ok({ outcome: 'rejected', issues })] });
    await rest(h.actor, 'securityInfo');
    h.actor.send({ type: 'password.edit' });
    h.actor.send({ type: 'password.submit', change: { currentPassword: 'wrong-pass-2026', newPassword: 'New-pass-2026!' } });
    await rest(h.actor, 'passwordChange');
    expect(h.actor.getSnapshot().context.rejection).toEqual(issues);
  });

  it('パスワードの変更は送るたびに新しい冪等キーを付け、断られた内容のキーを使い回さないこと', async () => {
    const issues = [{ path: 'body.currentPassword', message: '現在のパスワードが正しくありません。' }];
    const h = start(AccountPages.securityInfo, { password: [ok({ outcome: 'rejected', issues }), ok({ outcome: 'saved' })] });
    await rest(h.actor, 'securityInfo');
    h.actor.send({ type: 'password.edit' });
    h.actor.send({ type: 'password.submit', change: { currentPassword: 'wrong-pass-2026', newPassword: 'New-pass-2026!' } });
    await rest(h.actor, 'passwordChange');
    h.actor.send({ type: 'password.submit', change: { currentPassword: 'Old-pass-2026!', newPassword: 'New-pass-2026!' } });
    await rest(h.actor, 'passwordCompleted');
    const keys = h.changePassword.calls.map((c) => c.requestKey);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(2);
  });

  it('ログイン履歴を開き直すと、最初のページから読み直して前の一覧に足さないこと', async () => {
    const page: LoginHistoryPage = { entries: [signIn('2026/11/25 09:00:00')], nextPage: null };
    const h = start(AccountPages.loginHistory, { history: [ok(page)] });
    await rest(h.actor, 'loginHistory');
    h.actor.send({ type: 'menu.open' });
    h.actor.send({ type: 'history.open' });
    await rest(h.actor, 'loginHistory');
    expect(h.actor.getSnapshot().context.loginHistory.entries).toHaveLength(1);
  });

  it('確認コードは、メールの変更なら新しいアドレスに、電話番号の変更なら新しい番号にだけ送り、ほかの変更には宛先がないこと', () => {
    const id = sampleInput.sbSystemId;
    const none = { sbSystemId: id, mailAddress: null, phoneNumber: null };
    expect(otpInputFor(id, changeOf('contactMail'))).toEqual({ sbSystemId: id, mailAddress: 'notice@example.jp', phoneNumber: null, purpose: 'contactChange' });
    expect(otpInputFor(id, changeOf('contactPhone'))).toEqual({ sbSystemId: id, mailAddress: null, phoneNumber: '07011112222', purpose: 'contactChange' });
    for (const key of ['name', 'address', 'security', 'loginId', 'optins'] as const) expect(otpInputFor(id, changeOf(key))).toEqual(none);
    expect(otpInputFor(id, null)).toEqual(none);
  });
});
