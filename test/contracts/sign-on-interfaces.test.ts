import { describe, expect, it } from 'vitest';
import { SignOnType } from '../../contracts/codes';
import { signOnInterfaceFrom, signOnInterfaceOf, SignOnInterfaces } from '../../contracts/sign-on-interfaces';
import { findLivePage } from '../../machines/page-table';

describe('the sign-on interface table (spec sections 3 and 4)', () => {
  it('1行に1つの種別で、仕様の種別 1・2・3・4・5・8 がそろい、行き先はその種別のものであること', () => {
    expect(SignOnInterfaces.map((row) => [row.type, row.pageName, row.path, row.startedBy])).toEqual([
      ['1', 'Top', '/Top', 'portal'],
      ['2', 'MailAddressConfirmation', '/BasketLive', 'mail'],
      ['3', 'Landing', null, 'portal'],
      ['4', 'BasketLive', '/BasketLive', 'portal'],
      ['5', 'BasketLiveMailAddressConfirmation', '/BasketLive', 'mail'],
      ['8', 'Invoice', '/Invoice', 'portal'],
    ]);
    expect(new Set(SignOnInterfaces.map((row) => row.type))).toEqual(new Set(Object.values(SignOnType)));
  });

  it('決まった行き先はページ表の公開ページで、どの行にも名前・リダイレクトURL種別・クライアントID種別があること', () => {
    for (const row of SignOnInterfaces) {
      if (row.path !== null) expect(findLivePage(row.path)?.path, row.type).toBe(row.path);
      expect(row.name, row.type).not.toBe('');
      expect(row.redirectUrlKind, row.type).toBe('callback');
      expect(row.clientIdKind, row.type).toBe('portal');
    }
  });

  it('種別のない sign-on は元のページへ戻る行（3）で、ページからはそのページかフローの始まりに着く行を選ぶこと', () => {
    expect(signOnInterfaceOf(undefined).type).toBe(SignOnType.ReturnToLanding);
    expect(signOnInterfaceFrom(['/Top']).type).toBe(SignOnType.ReturnToTop);
    expect(signOnInterfaceFrom(['/BasketLive']).type).toBe(SignOnType.BasketLiveLanding);
    expect(signOnInterfaceFrom(['/Invoice/Services', '/Invoice']).type).toBe(SignOnType.Invoice);
    expect(signOnInterfaceFrom(['/AnshinDataBox']).type).toBe(SignOnType.ReturnToLanding);
  });
});
