/** The account endpoints' answers as the app's tests need them: one customer (demo20's registration). */
import type { UserInfo } from '../../../contracts/api/account-user-info';
import { ConfirmationStatus } from '../../../contracts/codes';

/** GET user/info for demo20, with the contacts the test sets (by default a confirmed mail address and no SMS number). */
export const userInfoOf = (
  mail: UserInfo['mailAddress'] = { value: 'makoto@example.jp', status: ConfirmationStatus.Confirmed },
  phone: UserInfo['phoneNumber'] = { value: null, status: ConfirmationStatus.NotSet },
): UserInfo => ({
  loginId: 'demo20',
  name: { lastNameKanji: '小林', firstNameKanji: '誠', lastNameKana: 'コバヤシ', firstNameKana: 'マコト' },
  birthday: '1978/12/20',
  address: { postalCode: '0600001', address: '北海道札幌市中央区北一条西2-1', subAddress: '' },
  lineNumber: '09012340020',
  mailAddress: mail,
  phoneNumber: phone,
});
