import { describe, expect, it } from 'vitest';
import { Channel, ConfirmationStatus } from '../../../contracts/codes';
import { passwordFormErrors } from '../../../src/pages/account/password-checks';
import { userInfoOf } from '../support/account-fixtures';
import { initialNoticeChoice, NoNotice, noticeChoices, signInNoticeLine, undeliveredNotice } from '../../../src/pages/account/security-copy';

describe('ログインのお知らせの選択肢（Security/Change）', () => {
  it('確認済みの連絡先だけ選べ、送り先を添えること', () => {
    const choices = noticeChoices(
      userInfoOf({ value: 'makoto@example.jp', status: ConfirmationStatus.Confirmed }, { value: '09012340020', status: ConfirmationStatus.Confirmed }),
    );
    expect(choices.map((choice) => [choice.value, choice.disabled ?? false, choice.support])).toEqual([
      [Channel.AccountIdEmail, false, '送り先：makoto@example.jp'],
      [Channel.AccountIdSms, false, '送り先：090-1234-0020'],
      [NoNotice, false, 'ログインがあってもお知らせしません。'],
    ]);
  });

  it('未確認・未登録の連絡先は選べず、その理由を添えること（受け取らないはいつでも選べる）', () => {
    const choices = noticeChoices(userInfoOf({ value: 'makoto@example.jp', status: ConfirmationStatus.Unconfirmed }, { value: null, status: ConfirmationStatus.NotSet }));
    const [mail, sms, none] = choices;
    expect(mail?.disabled).toBe(true);
    expect(mail?.support).toBe('連絡先メールアドレスの確認が済んでいないため選べません。確認コードによる確認を済ませると選べるようになります。');
    expect(sms?.disabled).toBe(true);
    expect(sms?.support).toBe('連絡先電話番号が登録されていないため選べません。連絡先電話番号を登録して確認を済ませると選べるようになります。');
    expect(none?.disabled ?? false).toBe(false);
  });

  it('今の受け取り方を送り先とともに1行で示すこと', () => {
    const info = userInfoOf({ value: 'makoto@example.jp', status: ConfirmationStatus.Confirmed }, { value: '09012340020', status: ConfirmationStatus.Confirmed });
    expect(signInNoticeLine(Channel.AccountIdSms, info)).toBe('SMS（連絡先電話番号あて）：090-1234-0020');
    expect(signInNoticeLine(null, info)).toBe('受け取らない');
  });
});

describe('パスワードの変更画面の入力チェック', () => {
  const valid = { currentPassword: 'Demo1234!', newPassword: 'sapporo kita ichijo 2-1', newPasswordConfirm: 'sapporo kita ichijo 2-1' };

  it('正しく入力されていれば何も言わないこと', () => {
    expect(passwordFormErrors(valid)).toEqual({});
  });

  it('空欄・短すぎる・全角・確認の不一致を、それぞれの項目に言うこと', () => {
    expect(passwordFormErrors({ currentPassword: '', newPassword: 'short', newPasswordConfirm: '' })).toEqual({
      currentPassword: '現在のパスワードを入力してください。',
      newPassword: 'パスワードは12文字以上で入力してください。',
      newPasswordConfirm: '確認のため、新しいパスワードをもう一度入力してください。',
    });
    expect(passwordFormErrors({ ...valid, newPassword: 'ｓａｐｐｏｒｏ ｋｉｔａ ｉｃｈｉｊｏ' }).newPassword).toBe('パスワードは半角の英数字・記号で入力してください。');
    expect(passwordFormErrors({ ...valid, newPasswordConfirm: 'sapporo kita ichijo 2-2' })).toEqual({
      newPasswordConfirm: '新しいパスワードと一致しません。もう一度入力してください。',
    });
  });
});

describe('Security/Change の最初の選択（今の送り先の確認が外れたとき）', () => {
  const confirmedMail = { value: 'makoto@example.jp', status: ConfirmationStatus.Confirmed } as const;
  const unconfirmedMail = { value: 'makoto@example.jp', status: ConfirmationStatus.Unconfirmed } as const;
  const confirmedPhone = { value: '09012340020', status: ConfirmationStatus.Confirmed } as const;

  it('今の受け取り方の連絡先が確認済みなら、それを選んだ状態で始まり、注意は出さないこと', () => {
    const info = userInfoOf(confirmedMail, confirmedPhone);
    expect(initialNoticeChoice(Channel.AccountIdEmail, info)).toBe(Channel.AccountIdEmail);
    expect(initialNoticeChoice(null, info)).toBe(NoNotice);
    expect(undeliveredNotice(Channel.AccountIdEmail, info)).toBeNull();
    expect(undeliveredNotice(null, info)).toBeNull();
  });

  it('今の送り先の確認が済んでいなければ、何も選ばずに始まり、お知らせが届いていないと伝えること', () => {
    const info = userInfoOf(unconfirmedMail, confirmedPhone);
    expect(initialNoticeChoice(Channel.AccountIdEmail, info)).toBeNull();
    expect(undeliveredNotice(Channel.AccountIdEmail, info)).toBe(
      '連絡先メールアドレスの確認が済んでいないため、いまはログインのお知らせをお送りできていません。受け取り方を選び直してください。',
    );
    expect(initialNoticeChoice(Channel.AccountIdSms, info)).toBe(Channel.AccountIdSms);
  });
});
