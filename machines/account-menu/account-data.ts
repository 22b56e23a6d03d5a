/**
 * What the account flow holds and sends, as the flow sees it: the spec's `user` store
 * (section 3) and the changes the customer makes. The app's actors translate between these and
 * the account endpoints' contracts (contracts/api/account*.ts), so the machine does not change
 * when a response grows a field.
 */
import type { ChannelValue } from '../../contracts/codes';

export type UserName = {
  readonly lastNameKanji: string;
  readonly firstNameKanji: string;
  readonly lastNameKana: string;
  readonly firstNameKana: string;
};

export type PostalAddress = {
  /** 7 digits. */
  readonly postalCode: string;
  /** Prefecture, city, town and block number. */
  readonly address: string;
  /** Building and room: its own line. */
  readonly subAddress: string;
};

/** One kind of notice and the channels the customer receives it on. */
export type Optin = { readonly noticeId: string; readonly email: boolean; readonly sms: boolean };

/** userBeforeData of the `user` store: the registered information before a change. */
export type UserBeforeData = {
  readonly name: UserName;
  /** yyyy-mm-dd. */
  readonly birthday: string;
  readonly address: PostalAddress;
  /** 11 digits. */
  readonly phoneNumber: string;
  readonly mailAddress: string;
  /** The receive settings on file. */
  readonly notificationList: readonly Optin[];
};

/** Where notices and sign-in codes go, each with whether the customer proved it (spec section 4). */
export type ContactInfo = {
  readonly mailAddress: string | null;
  readonly mailConfirmed: boolean;
  readonly phoneNumber: string | null;
  readonly phoneConfirmed: boolean;
};

export type SecuritySettings = {
  readonly loginId: string;
  /** Where the sign-in confirmation code goes: account-ID SMS (4) or account-ID e-mail (5); null when off. */
  readonly signInCodeChannel: ChannelValue | null;
};

/** Everything the account pages show, read in one call. */
export type AccountProfile = {
  readonly userBeforeData: UserBeforeData;
  readonly contact: ContactInfo;
  readonly security: SecuritySettings;
};

/** A change the customer asks for; the password travels apart (never in the store). */
export type AccountChange =
  | { readonly key: 'name'; readonly name: UserName }
  | { readonly key: 'phoneNumber'; readonly phoneNumber: string }
  | { readonly key: 'mailAddress'; readonly mailAddress: string }
  | { readonly key: 'address'; readonly address: PostalAddress }
  | { readonly key: 'contactMail'; readonly mailAddress: string }
  | { readonly key: 'contactPhone'; readonly phoneNumber: string }
  | { readonly key: 'security'; readonly signInCodeChannel: ChannelValue | null }
  | { readonly key: 'loginId'; readonly loginId: string }
  | { readonly key: 'optins'; readonly optins: readonly Optin[] };

/** userChangeKey of the `user` store. */
export type UserChangeKey = AccountChange['key'] | 'password';

/** How the server answered a change: saved, or refused for a reason shown beside the field. */
export type SaveOutcome = { readonly outcome: 'saved' } | { readonly outcome: 'rejected'; readonly reason: string };

export type PasswordChange = { readonly currentPassword: string; readonly newPassword: string };

/** One sign-in or failed attempt (GET auth/history). */
export type LoginEvent = {
  /** ISO 8601 with offset. */
  readonly at: string;
  readonly result: 'success' | 'failure';
  readonly device: string;
  readonly browser: string;
  readonly ipAddress: string;
};

export type LoginHistoryPage = { readonly entries: readonly LoginEvent[]; readonly nextCursor: string | null };
