/**
 * What the account flow holds and sends: the account endpoints' own types
 * (contracts/api/account-*.ts) gathered into the spec's `user` store (section 3) and the changes
 * the customer makes. The password is not among them: it travels in its event only.
 */
import type { UpdateMailAddressRequest } from '../../contracts/api/account-contact';
import type { LoginHistory, LoginHistoryEntry } from '../../contracts/api/account-login-history';
import type { Optin } from '../../contracts/api/account-optins';
import type { SecuritySettings, SignInNoticeChannel } from '../../contracts/api/account-security';
import type { UpdateAddressRequest, UpdateUserNameRequest, UserInfo } from '../../contracts/api/account-user-info';

/** Everything the account info pages show, read afresh each time one opens. */
export type AccountProfile = {
  readonly userInfo: UserInfo;
  readonly security: SecuritySettings;
  readonly optins: readonly Optin[];
};

/** userBeforeData of the `user` store: the registered information before a change. */
export type UserBeforeData = {
  readonly name: UserInfo['name'];
  readonly birthday: string;
  readonly address: UserInfo['address'];
  readonly phoneNumber: string | null;
  readonly mailAddress: string | null;
  /** The receive settings on file. */
  readonly notificationList: readonly Optin[];
};

export function userBeforeDataOf(profile: AccountProfile): UserBeforeData {
  const { userInfo } = profile;
  return {
    name: userInfo.name,
    birthday: userInfo.birthday,
    address: userInfo.address,
    phoneNumber: userInfo.phoneNumber.value,
    mailAddress: userInfo.mailAddress.value,
    notificationList: profile.optins,
  };
}

/**
 * A change the customer asks for, by the page it is made on. Update/Email and Contact/Email
 * change the same contact address (and Update/Phone and Contact/Phone the same number); they
 * differ in where the customer came from and goes back to.
 */
export type AccountChange =
  | { readonly key: 'name'; readonly name: UpdateUserNameRequest }
  | { readonly key: 'phoneNumber'; readonly phoneNumber: string }
  | { readonly key: 'mailAddress'; readonly mailAddress: UpdateMailAddressRequest['mailAddress'] }
  | { readonly key: 'address'; readonly address: UpdateAddressRequest }
  | { readonly key: 'contactMail'; readonly mailAddress: UpdateMailAddressRequest['mailAddress'] }
  | { readonly key: 'contactPhone'; readonly phoneNumber: string }
  | { readonly key: 'security'; readonly signInNoticeChannel: SignInNoticeChannel | null }
  | { readonly key: 'loginId'; readonly loginId: string }
  | { readonly key: 'optins'; readonly optins: readonly Optin[] };

/** userChangeKey of the `user` store. */
export type UserChangeKey = AccountChange['key'] | 'password';

/** A field the server refused, with its Japanese message (the A0400 answer's issues). */
export type FieldIssue = { readonly path: string; readonly message: string };

/** How the server answered a change: saved, or refused with a message for each field. */
export type SaveOutcome = { readonly outcome: 'saved' } | { readonly outcome: 'rejected'; readonly issues: readonly FieldIssue[] };

export type PasswordChange = { readonly currentPassword: string; readonly newPassword: string };

/** One page of the login history and the number of the next, null after the last. */
export type LoginHistoryPage = { readonly entries: readonly LoginHistoryEntry[]; readonly nextPage: number | null };

/** The server's page of the login history as the flow keeps it. */
export function loginHistoryPageOf(history: LoginHistory): LoginHistoryPage {
  return { entries: history.entries, nextPage: history.page < history.totalPages ? history.page + 1 : null };
}
