/**
 * The account menu (アカウント管理): user information, contact, security, login ID, password,
 * login history and receive settings as one flow whose context is the spec's `user` store
 * (section 3), so every account page reads the same store. docs/flows/account-menu.md,
 * docs/decisions/0080-account-menu-flow.md.
 *
 * The flow starts on the page the customer opened (its input's entryPath): the menu or one of
 * the info pages. The page guards of spec section 4 are its transitions: the contact change pages
 * only from Security/Info or Contact/Info, Security/Change only from Security/Info, each
 * completion only from its own change page; any other URL is refused (E9998).
 *
 * menu -> info page -> change page (-> one-time password to the new address) -> saving -> completed
 */
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import { ErrorCode } from '../../contracts/error-catalogue';
import { errorCodeOf } from '../flow-errors';
import { backTags, pageMeta, readPage, type FlowTag, type StateMeta } from '../flow-meta';
import { otpMachine, type OtpEvent, type OtpInput, type OtpOutput } from '../otp.machine';
import { js, withScxml } from '../scxml-semantics';
import { newRequestKey } from '../service-flow/shared';
import { otpForwarding } from '../service-flow/steps';
import type { RequirementId } from '../requirements';
import { ContactChangeOtpPurpose } from '../../contracts/api/otp';
import type { LoginHistoryEntry } from '../../contracts/api/account-login-history';
import type { Optin } from '../../contracts/api/account-optins';
import {
  userBeforeDataOf,
  type AccountChange,
  type AccountProfile,
  type FieldIssue,
  type LoginHistoryPage,
  type PasswordChange,
  type SaveOutcome,
  type UserBeforeData,
  type UserChangeKey,
} from './account-data';
import { AccountPages, type AccountPage } from './account-pages';


const ErrorPage = '/Error';

export type AccountFlowInput = {
  readonly sbSystemId: string;
  /** The page the customer opened; the flow starts there (ADR 0080). */
  readonly entryPath?: string;
};

/** The spec's `user` store (section 3). */
export type UserStore = {
  userChangeKey: UserChangeKey | null;
  /** What the customer entered on the change page; never the password. */
  userChangeData: AccountChange | null;
  /** The info page a contact change started from: Contact/Info or Security/Info. */
  transitionSource: AccountPage | null;
  /** True while a change started from Confirm/UserInfo (the update pages go back there). */
  fromMemberInfoConfirmFlg: boolean;
  /** The receive settings chosen on ReceiveSet/Change. */
  optins: readonly Optin[];
  userBeforeData: UserBeforeData | null;
};

export type AccountContext = AccountFlowInput & {
  user: UserStore;
  profile: AccountProfile | null;
  loginHistory: { entries: readonly LoginHistoryEntry[]; nextPage: number | null };
  /** What the server refused in the last change, each message shown beside its field. */
  rejection: readonly FieldIssue[] | null;
  /** The user-information item just saved, announced on Confirm/UserInfo. */
  saved: UserChangeKey | null;
  requestKey: string | null;
  errorCode: ErrorCodeValue | null;
};

export type SaveChangeInput = { readonly sbSystemId: string; readonly requestKey: string; readonly change: AccountChange };
export type ChangePasswordInput = { readonly sbSystemId: string; readonly requestKey: string; readonly change: PasswordChange };
export type LoadProfileInput = { readonly sbSystemId: string };
export type LoadLoginHistoryInput = { readonly sbSystemId: string; readonly page: number };

export type AccountEvent =
  | { type: 'userinfo.open' }
  | { type: 'contact.open' }
  | { type: 'security.open' }
  | { type: 'history.open' }
  | { type: 'receive.open' }
  | { type: 'guide.open' }
  | { type: 'name.edit' }
  | { type: 'phone.edit' }
  | { type: 'email.edit' }
  | { type: 'address.edit' }
  | { type: 'security.edit' }
  | { type: 'loginid.edit' }
  | { type: 'password.edit' }
  | { type: 'receive.edit' }
  | { type: 'change.submit'; change: AccountChange }
  | { type: 'password.submit'; change: PasswordChange }
  | { type: 'history.more' }
  | { type: 'menu.open' }
  | { type: 'wizard.back' }
  | OtpEvent;

type OutputArgs<T> = { readonly event: { readonly output: T } };
type ErrorArgs = { readonly event: { readonly error: unknown } };
type ContextArgs = { readonly context: AccountContext };

const emptyUserStore: UserStore = {
  userChangeKey: null,
  userChangeData: null,
  transitionSource: null,
  fromMemberInfoConfirmFlg: false,
  optins: [],
  userBeforeData: null,
};

const storeErrorOf = { type: 'storeError', params: ({ event }: ErrorArgs) => ({ errorCode: errorCodeOf(event.error) }) } as const;

/** Reads the profile afresh on `page` (an info page shows what is on file now), then `target`. */
function loadProfileStep<const T extends string>(page: AccountPage, target: T, requirements: readonly RequirementId[]) {
  return {
    tags: [...backTags(page), 'busy'],
    meta: pageMeta(page, requirements),
    invoke: {
      id: 'loadProfile',
      src: 'loadProfile',
      input: ({ context }: ContextArgs) => ({ sbSystemId: context.sbSystemId }),
      onDone: { target, actions: { type: 'storeProfile', params: ({ event }: OutputArgs<AccountProfile>) => ({ profile: event.output }) } },
      onError: { target: 'failed', actions: storeErrorOf },
    },
  } as const;
}

/** A change page: the customer's change of this key is taken, anything else is not this page's. */
function changePage<const T extends string, const TBack>(page: AccountPage, key: AccountChange['key'], next: T, back: TBack, requirements: readonly RequirementId[]) {
  return {
    ...readPage(page, requirements),
    on: {
      'change.submit': { guard: { type: 'isChangeOf', params: { key } }, target: next, actions: 'storeChange' },
      'wizard.back': back,
    },
  } as const;
}

/** The one-time password to the address or number being registered: proof it reaches the customer. */
function verifyingStep<const TSave extends string, const TEdit extends string>(page: AccountPage, saving: TSave, edit: TEdit) {
  return {
    tags: backTags(page),
    meta: pageMeta(page, ['DEC.account-otp-new-contact', 'SPEC-7.otp-send', 'SPEC-7.otp-auth']),
    invoke: {
      id: 'verifyContact',
      src: 'verifyContact',
      input: ({ context }: ContextArgs): OtpInput => otpInputFor(context.sbSystemId, context.user.userChangeData),
      onDone: [
        { guard: { type: 'isOtpVerified', params: ({ event }: OutputArgs<OtpOutput>) => ({ output: event.output }) }, target: saving },
        { guard: { type: 'isOtpCancelled', params: ({ event }: OutputArgs<OtpOutput>) => ({ output: event.output }) }, target: edit },
        {
          guard: { type: 'isOtpLocked', params: ({ event }: OutputArgs<OtpOutput>) => ({ output: event.output }) },
          target: 'failed',
          actions: { type: 'storeError', params: { errorCode: ErrorCode.OtpLocked } },
        },
        {
          target: 'failed',
          actions: {
            type: 'storeError',
            params: ({ event }: OutputArgs<OtpOutput>) => ({ errorCode: event.output.outcome === 'failed' ? event.output.errorCode : null }),
          },
        },
      ],
      onError: { target: 'failed', actions: { type: 'storeError', params: { errorCode: null } } },
    },
    on: otpForwarding,
  } as const;
}

/** Where a saved user-information change goes: the confirmation page, read again (the update pages have no completion page). */
const UserInfoReload = 'userInfoLoading';

/**
 * Sends the change once (spec section 7: updates are not retried); a refusal goes back to the
 * change page. A completion page keeps the change to show it; the confirmation page ends it.
 */
function savingStep<const TDone extends string, const TEdit extends string>(page: AccountPage, done: TDone, edit: TEdit, requirements: readonly RequirementId[]) {
  return {
    tags: [...backTags(page), 'busy'],
    meta: pageMeta(page, requirements),
    invoke: {
      id: 'saveChange',
      src: 'saveChange',
      input: ({ context }: ContextArgs) => ({
        sbSystemId: context.sbSystemId,
        // Stryker disable next-line StringLiteral: never read: storeChange gives the key on the way into every saving step
        requestKey: context.requestKey ?? '',
        change: context.user.userChangeData as AccountChange,
      }),
      onDone: [
        { guard: { type: 'isSaved', params: ({ event }: OutputArgs<SaveOutcome>) => ({ outcome: event.output }) }, target: done, actions: done === UserInfoReload ? (['markSaved', 'endChange'] as const) : 'markSaved' },
        { target: edit, actions: { type: 'storeRejection', params: ({ event }: OutputArgs<SaveOutcome>) => ({ outcome: event.output }) } },
      ],
      onError: { target: 'failed', actions: storeErrorOf },
    },
  } as const;
}

/** The one-time password goes only to the new address or number: the one it must prove. */
export function otpInputFor(sbSystemId: string, change: AccountChange | null): OtpInput {
  switch (change?.key) {
    case 'mailAddress':
    case 'contactMail':
      return { sbSystemId, mailAddress: change.mailAddress, phoneNumber: null, purpose: ContactChangeOtpPurpose };
    case 'phoneNumber':
    case 'contactPhone':
      return { sbSystemId, mailAddress: null, phoneNumber: change.phoneNumber, purpose: ContactChangeOtpPurpose };
    case 'name':
    case 'address':
    case 'security':
    case 'loginId':
    case 'optins':
    case undefined:
      return { sbSystemId, mailAddress: null, phoneNumber: null };
  }
}

/** A contact change goes back to the info page it started from (spec section 4: Security/Info or Contact/Info). */
const backToContactSource = [
  { guard: 'isFromSecurityInfo', target: 'securityInfo', actions: 'endChange' },
  { target: 'contactInfo', actions: 'endChange' },
] as const;

/** From the completion page: the info page it started from, read again to show the change. */
const reloadContactSource = [
  { guard: 'isFromSecurityInfo', target: 'securityLoading', actions: 'endChange' },
  { target: 'contactLoading', actions: 'endChange' },
] as const;

/** Taken once: the entry is forgotten, so the menu opened later stays the menu. */
const entry = <const T extends string>(path: AccountPage, target: T) => ({ guard: { type: 'isEntry', params: { path } }, target, actions: 'forgetEntry' }) as const;

export const accountMachine = withScxml(setup({
  types: {
    meta: {} as StateMeta,
    input: {} as AccountFlowInput,
    context: {} as AccountContext,
    events: {} as AccountEvent,
    tags: {} as FlowTag,
    children: {} as {
      loadProfile: 'loadProfile';
      loadLoginHistory: 'loadLoginHistory';
      saveChange: 'saveChange';
      changePassword: 'changePassword';
      verifyContact: 'verifyContact';
    },
  },
  // Stryker disable StringLiteral: the messages of placeholders the app always replaces (machine.provide)
  actors: {
    loadProfile: fromPromise<AccountProfile, LoadProfileInput>(() => Promise.reject(new Error('loadProfile is provided by the app'))),
    loadLoginHistory: fromPromise<LoginHistoryPage, LoadLoginHistoryInput>(() => Promise.reject(new Error('loadLoginHistory is provided by the app'))),
    saveChange: fromPromise<SaveOutcome, SaveChangeInput>(() => Promise.reject(new Error('saveChange is provided by the app'))),
    changePassword: fromPromise<SaveOutcome, ChangePasswordInput>(() => Promise.reject(new Error('changePassword is provided by the app'))),
    verifyContact: otpMachine,
  },
  // Stryker restore StringLiteral
  actions: {
    storeProfile: assign(({ context }, params: { profile: AccountProfile }) => ({
      profile: params.profile,
      user: { ...context.user, userBeforeData: userBeforeDataOf(params.profile) },
    })),
    startChange: assign(({ context }, params: { key: UserChangeKey; source: AccountPage }) => ({
      user: {
        ...context.user,
        userChangeKey: params.key,
        userChangeData: null,
        transitionSource: params.source,
        fromMemberInfoConfirmFlg: params.source === AccountPages.userInfo,
      },
      rejection: null,
      saved: null,
    })),
    storeChange: assign(({ context, event }) => {
      assertEvent(event, 'change.submit');
      const { change } = event;
      return {
        user: { ...context.user, userChangeData: change, optins: change.key === 'optins' ? change.optins : context.user.optins },
        rejection: null,
        // A new content gets a new key; the key is the server's idempotency key (spec section 7).
        requestKey: newRequestKey(),
      };
    }),
    storePasswordKey: assign({ requestKey: () => newRequestKey(), rejection: null }),
    markSaved: assign(({ context }) => ({ saved: context.user.userChangeKey })),
    storeRejection: assign((_, params: { outcome: SaveOutcome }) => ({
      rejection: params.outcome.outcome === 'rejected' ? params.outcome.issues : null,
    })),
    endChange: assign(({ context }) => ({
      user: { ...context.user, userChangeKey: null, userChangeData: null, transitionSource: null, fromMemberInfoConfirmFlg: false },
      rejection: null,
    })),
    clearSaved: assign({ saved: null }),
    forgetEntry: assign({ entryPath: undefined }),
    storeHistory: assign(({ context }, params: { page: LoginHistoryPage; append: boolean }) => ({
      loginHistory: {
        entries: params.append ? [...context.loginHistory.entries, ...params.page.entries] : params.page.entries,
        nextPage: params.page.nextPage,
      },
    })),
    forwardToOtp: sendTo('verifyContact', ({ event }) => event),
    storeError: assign((_, params: { errorCode: ErrorCodeValue | null }) => ({ errorCode: params.errorCode })),
  },
  guards: {
    isEntry: ({ context }, params: { path: AccountPage }) => context.entryPath === params.path,
    isChangeOf: ({ event }, params: { key: AccountChange['key'] }) => {
      assertEvent(event, 'change.submit');
      return event.change.key === params.key;
    },
    isSaved: (_, params: { outcome: SaveOutcome }) => params.outcome.outcome === 'saved',
    isFromSecurityInfo: ({ context }) => context.user.transitionSource === AccountPages.securityInfo,
    hasMoreHistory: ({ context }) => context.loginHistory.nextPage !== null,
    isOtpVerified: (_, params: { output: OtpOutput }) => params.output.outcome === 'verified',
    isOtpCancelled: (_, params: { output: OtpOutput }) => params.output.outcome === 'cancelled',
    isOtpLocked: (_, params: { output: OtpOutput }) => params.output.outcome === 'locked',
  },
}).createMachine({
  id: 'account',
  context: ({ input }) => ({
    ...input,
    user: emptyUserStore,
    profile: null,
    // Stryker disable next-line ObjectLiteral,ArrayDeclaration: never read: the first page replaces it (append: false) before the history page shows it
    loginHistory: { entries: [], nextPage: null },
    rejection: null,
    saved: null,
    requestKey: null,
    errorCode: null,
  }),
  initial: 'menu',
  states: {
    // The flow starts on the menu, or passes straight through it to the info page the customer opened.
    menu: {
      ...readPage(AccountPages.menu, ['SPEC-2.account-routes']),
      always: [
        entry(AccountPages.userInfo, 'userInfoLoading'),
        entry(AccountPages.contactInfo, 'contactLoading'),
        entry(AccountPages.securityInfo, 'securityLoading'),
        entry(AccountPages.loginHistory, 'historyLoading'),
        entry(AccountPages.receiveInfo, 'receiveLoading'),
        entry(AccountPages.receiveGuide, 'receiveGuide'),
      ],
      on: {
        'userinfo.open': 'userInfoLoading',
        'contact.open': 'contactLoading',
        'security.open': 'securityLoading',
        'history.open': 'historyLoading',
        'receive.open': 'receiveLoading',
      },
    },

    // お客さま情報: the update pages have no completion page; the confirmation page shows what was saved.
    userInfoLoading: loadProfileStep(AccountPages.userInfo, 'userInfo', ['SPEC-3.user-store', 'DEC.account-profile']),
    userInfo: {
      ...readPage(AccountPages.userInfo, ['SPEC-3.user-store', 'SPEC-4.confirmation-status']),
      exit: 'clearSaved',
      on: {
        'name.edit': { target: 'userName', actions: { type: 'startChange', params: { key: 'name', source: AccountPages.userInfo } } },
        'phone.edit': { target: 'phone', actions: { type: 'startChange', params: { key: 'phoneNumber', source: AccountPages.userInfo } } },
        'email.edit': { target: 'email', actions: { type: 'startChange', params: { key: 'mailAddress', source: AccountPages.userInfo } } },
        'address.edit': { target: 'address', actions: { type: 'startChange', params: { key: 'address', source: AccountPages.userInfo } } },
        'menu.open': 'menu',
      },
    },
    userName: changePage(AccountPages.userName, 'name', 'userNameSaving', { target: 'userInfo', actions: 'endChange' }, ['DEC.account-name-kana']),
    userNameSaving: savingStep(AccountPages.userName, UserInfoReload, 'userName', ['SPEC-7.update-no-retry', 'DEC.account-audit']),
    phone: changePage(AccountPages.phone, 'phoneNumber', 'phoneVerifying', { target: 'userInfo', actions: 'endChange' }, ['SPEC-5.phone-number']),
    phoneVerifying: verifyingStep(AccountPages.phone, 'phoneSaving', 'phone'),
    phoneSaving: savingStep(AccountPages.phone, UserInfoReload, 'phone', ['SPEC-7.update-no-retry', 'DEC.account-audit']),
    email: changePage(AccountPages.email, 'mailAddress', 'emailVerifying', { target: 'userInfo', actions: 'endChange' }, ['DEC.account-otp-new-contact']),
    emailVerifying: verifyingStep(AccountPages.email, 'emailSaving', 'email'),
    emailSaving: savingStep(AccountPages.email, UserInfoReload, 'email', ['SPEC-7.update-no-retry', 'DEC.account-audit']),
    address: changePage(AccountPages.address, 'address', 'addressSaving', { target: 'userInfo', actions: 'endChange' }, ['SPEC-5.postal-code', 'SPEC-7.addresses']),
    addressSaving: savingStep(AccountPages.address, UserInfoReload, 'address', ['SPEC-7.update-no-retry', 'DEC.account-audit']),

    // 連絡先: the change pages open from Contact/Info or Security/Info (spec section 4) and go back there.
    contactLoading: loadProfileStep(AccountPages.contactInfo, 'contactInfo', ['SPEC-4.confirmation-status']),
    contactInfo: {
      ...readPage(AccountPages.contactInfo, ['SPEC-4.confirmation-status', 'SPEC-4.channels']),
      on: {
        'email.edit': { target: 'contactEmail', actions: { type: 'startChange', params: { key: 'contactMail', source: AccountPages.contactInfo } } },
        'phone.edit': { target: 'contactPhone', actions: { type: 'startChange', params: { key: 'contactPhone', source: AccountPages.contactInfo } } },
        'menu.open': 'menu',
      },
    },
    contactEmail: changePage(AccountPages.contactEmail, 'contactMail', 'contactEmailVerifying', backToContactSource, ['SPEC-4.guards.security-or-contact-info']),
    contactEmailVerifying: verifyingStep(AccountPages.contactEmail, 'contactEmailSaving', 'contactEmail'),
    contactEmailSaving: savingStep(AccountPages.contactEmail, 'contactCompleted', 'contactEmail', ['SPEC-7.update-no-retry', 'DEC.account-audit']),
    contactPhone: changePage(AccountPages.contactPhone, 'contactPhone', 'contactPhoneVerifying', backToContactSource, ['SPEC-4.guards.security-or-contact-info']),
    contactPhoneVerifying: verifyingStep(AccountPages.contactPhone, 'contactPhoneSaving', 'contactPhone'),
    contactPhoneSaving: savingStep(AccountPages.contactPhone, 'contactCompleted', 'contactPhone', ['SPEC-7.update-no-retry', 'DEC.account-audit']),
    contactCompleted: {
      ...readPage(AccountPages.contactCompleted, ['SPEC-4.guards.security-or-contact-info', 'SPEC-2.no-back']),
      on: { 'wizard.back': reloadContactSource },
    },

    // セキュリティ設定: sign-in code channel, login ID and password, and the contacts the codes go to.
    securityLoading: loadProfileStep(AccountPages.securityInfo, 'securityInfo', ['DEC.account-security']),
    securityInfo: {
      ...readPage(AccountPages.securityInfo, ['DEC.account-security', 'SPEC-4.confirmation-status']),
      on: {
        'security.edit': { target: 'securityChange', actions: { type: 'startChange', params: { key: 'security', source: AccountPages.securityInfo } } },
        'loginid.edit': { target: 'loginIdChange', actions: { type: 'startChange', params: { key: 'loginId', source: AccountPages.securityInfo } } },
        'password.edit': { target: 'passwordChange', actions: { type: 'startChange', params: { key: 'password', source: AccountPages.securityInfo } } },
        'email.edit': { target: 'contactEmail', actions: { type: 'startChange', params: { key: 'contactMail', source: AccountPages.securityInfo } } },
        'phone.edit': { target: 'contactPhone', actions: { type: 'startChange', params: { key: 'contactPhone', source: AccountPages.securityInfo } } },
        'menu.open': 'menu',
      },
    },
    securityChange: changePage(AccountPages.securityChange, 'security', 'securitySaving', { target: 'securityInfo', actions: 'endChange' }, [
      'SPEC-4.guards.security-info',
      'SPEC-4.channels',
    ]),
    securitySaving: savingStep(AccountPages.securityChange, 'securityCompleted', 'securityChange', ['SPEC-7.update-no-retry', 'DEC.account-audit']),
    securityCompleted: {
      ...readPage(AccountPages.securityCompleted, ['SPEC-4.guards.security-info', 'SPEC-2.no-back']),
      on: { 'wizard.back': { target: 'securityLoading', actions: 'endChange' } },
    },
    loginIdChange: changePage(AccountPages.loginIdChange, 'loginId', 'loginIdSaving', { target: 'securityInfo', actions: 'endChange' }, [
      'SPEC-4.guards.security-info',
      'DEC.account-login-id',
    ]),
    loginIdSaving: savingStep(AccountPages.loginIdChange, 'loginIdCompleted', 'loginIdChange', ['SPEC-7.update-login-id']),
    loginIdCompleted: {
      ...readPage(AccountPages.loginIdCompleted, ['SPEC-4.guards.own-change-page', 'SPEC-2.no-back']),
      on: { 'wizard.back': { target: 'securityLoading', actions: 'endChange' } },
    },
    passwordChange: {
      ...readPage(AccountPages.passwordChange, ['SPEC-4.guards.security-info', 'DEC.account-password']),
      on: {
        'password.submit': { target: 'passwordSaving', actions: 'storePasswordKey' },
        'wizard.back': { target: 'securityInfo', actions: 'endChange' },
      },
    },
    passwordSaving: {
      tags: [...backTags(AccountPages.passwordChange), 'busy'],
      meta: pageMeta(AccountPages.passwordChange, ['SPEC-7.update-password', 'DEC.account-password']),
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        // The passwords travel in the event only; they never enter the store (ADR 0024).
        input: ({ context, event }) => {
          assertEvent(event, 'password.submit');
          // Stryker disable next-line StringLiteral: never read: storePasswordKey gives the key on the way in
          return { sbSystemId: context.sbSystemId, requestKey: context.requestKey ?? '', change: event.change };
        },
        onDone: [
          { guard: { type: 'isSaved', params: ({ event }) => ({ outcome: event.output }) }, target: 'passwordCompleted', actions: 'markSaved' },
          { target: 'passwordChange', actions: { type: 'storeRejection', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'failed', actions: storeErrorOf },
      },
    },
    passwordCompleted: {
      ...readPage(AccountPages.passwordCompleted, ['SPEC-4.guards.own-change-page', 'SPEC-2.no-back']),
      on: { 'wizard.back': { target: 'securityLoading', actions: 'endChange' } },
    },

    // ログイン履歴: newest first, a page at a time.
    historyLoading: {
      tags: ['busy'],
      meta: pageMeta(AccountPages.loginHistory, ['SPEC-7.auth-history']),
      invoke: {
        id: 'loadLoginHistory',
        src: 'loadLoginHistory',
        input: ({ context }) => ({ sbSystemId: context.sbSystemId, page: 1 }),
        onDone: { target: 'loginHistory', actions: { type: 'storeHistory', params: ({ event }) => ({ page: event.output, append: false }) } },
        onError: { target: 'failed', actions: storeErrorOf },
      },
    },
    loginHistory: {
      ...readPage(AccountPages.loginHistory, ['SPEC-7.auth-history', 'DEC.account-login-history']),
      on: {
        'history.more': { guard: 'hasMoreHistory', target: 'historyPaging' },
        'menu.open': 'menu',
      },
    },
    historyPaging: {
      tags: ['busy'],
      meta: pageMeta(AccountPages.loginHistory, ['DEC.account-login-history']),
      invoke: {
        id: 'loadLoginHistory',
        src: 'loadLoginHistory',
        input: ({ context }) => ({ sbSystemId: context.sbSystemId, page: context.loginHistory.nextPage ?? 1 }),
        onDone: { target: 'loginHistory', actions: { type: 'storeHistory', params: ({ event }) => ({ page: event.output, append: true }) } },
        onError: { target: 'failed', actions: storeErrorOf },
      },
    },

    // 受信設定: which notices go by e-mail and SMS; Recieve/Information explains them.
    receiveLoading: loadProfileStep(AccountPages.receiveInfo, 'receiveInfo', ['SPEC-3.user-store']),
    receiveInfo: {
      ...readPage(AccountPages.receiveInfo, ['SPEC-3.user-store', 'DEC.account-receive']),
      on: {
        'receive.edit': { target: 'receiveChange', actions: { type: 'startChange', params: { key: 'optins', source: AccountPages.receiveInfo } } },
        'guide.open': 'receiveGuide',
        'menu.open': 'menu',
      },
    },
    receiveChange: changePage(AccountPages.receiveChange, 'optins', 'receiveSaving', { target: 'receiveInfo', actions: 'endChange' }, ['DEC.account-receive']),
    receiveSaving: savingStep(AccountPages.receiveChange, 'receiveCompleted', 'receiveChange', ['SPEC-7.update-no-retry', 'DEC.account-audit']),
    receiveCompleted: {
      ...readPage(AccountPages.receiveCompleted, ['DEC.account-receive', 'SPEC-2.no-back']),
      on: { 'wizard.back': { target: 'receiveLoading', actions: 'endChange' } },
    },
    receiveGuide: {
      ...readPage(AccountPages.receiveGuide, ['DEC.account-receive']),
      on: { 'wizard.back': 'receiveLoading' },
    },

    failed: {
      type: 'final',
      tags: ['persistable'],
      meta: pageMeta(ErrorPage, ['SPEC-8.error-page', 'SPEC-4.guards.e9998']),
    },
  },
}), {
  guards: {
    isEntry: { cond: 'entryPath === params.path', reads: ['entryPath'] },
    isChangeOf: { cond: '_event.data.change.key === params.key' },
    isSaved: { cond: "_event.data.outcome === 'saved'" },
    isFromSecurityInfo: { cond: `user.transitionSource === ${js(AccountPages.securityInfo)}`, reads: ['user'] },
    hasMoreHistory: { cond: 'loginHistory.nextPage !== null', reads: ['loginHistory'] },
    isOtpVerified: { cond: "_event.data.outcome === 'verified'" },
    isOtpCancelled: { cond: "_event.data.outcome === 'cancelled'" },
    isOtpLocked: { cond: "_event.data.outcome === 'locked'" },
  },
  actions: {
    forgetEntry: [['entryPath', 'undefined']],
    startChange: [['user.transitionSource', 'params.source']],
    endChange: [['user.transitionSource', 'null']],
    storeHistory: [['loginHistory.nextPage', '_event.data.nextPage']],
  },
});

export type AccountMachine = typeof accountMachine;
