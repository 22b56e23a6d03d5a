import { describe, expect, it } from 'vitest';
import { sampleProfile } from '../../../../machines/account-menu/model-entries';
import { userBeforeDataOf, type UserBeforeData } from '../../../../machines/account-menu/account-data';
import { contactResultOf } from '../../../../src/pages/account/contact-copy';

const onFile: UserBeforeData = { ...userBeforeDataOf(sampleProfile), mailAddress: 'Yumi@example.jp', phoneNumber: '09012340021' };

describe('連絡先の変更完了で知らせる内容', () => {
  it('ご登録と同じ値を確かめたときは「確認しました」（メールアドレスは大文字小文字を区別しない）', () => {
    const result = contactResultOf({ key: 'contactMail', mailAddress: 'yumi@example.jp' }, onFile);
    expect(result?.outcome).toBe('confirmed');
    expect(result?.headline).toBe('連絡先のメールアドレスを確認しました。');
  });

  it('なかった連絡先は「登録しました」、別の値は「変更しました」と、電話番号は3-4-4で示すこと', () => {
    const registered = contactResultOf({ key: 'contactPhone', phoneNumber: '08098760021' }, { ...onFile, phoneNumber: null });
    expect(registered?.headline).toBe('連絡先の電話番号を登録しました。');
    expect(registered?.show(registered.before)).toBe('未設定');
    const changed = contactResultOf({ key: 'contactPhone', phoneNumber: '08098760021' }, onFile);
    expect(changed?.outcome).toBe('changed');
    expect(changed?.headline).toBe('連絡先の電話番号を変更しました。');
    expect(changed?.show(changed.after)).toBe('080-9876-0021');
  });

  it('連絡先の変更でなければ何も示さないこと', () => {
    expect(contactResultOf({ key: 'loginId', loginId: 'yumi.kato' }, onFile)).toBeNull();
    expect(contactResultOf(null, onFile)).toBeNull();
  });
});
