/**
 * The account menu as docs/flows/account-menu.md states it (spec sections 2, 3, 4, 7, 8; ADR 0080,
 * 0084, 0085): the entry page the flow starts on (once), each confirmation page's ways into its
 * change pages, a change page taking only its own change, the one-time password to the new contact
 * only, where a saved, refused or failed change goes, the contact change's way back to the info
 * page it came from, the login history's pages, and the user store (section 3) as the document
 * fills it: no password in it, `fromMemberInfoConfirmFlg` only on the user-information change pages.
 */
import type { Invocation } from '../../../scripts/mbt/path-replay';
import { Stay, type FlowOracle, type OracleEvent, type SpecTransition } from './path-oracle';
import { output, showsError } from './shared-rules';
import { flowPages } from './spec-pages';

/** The confirmation pages a change starts from (account-menu.md, "transitionSource"). */
type Source = 'userInfo' | 'contactInfo' | 'securityInfo' | 'receiveInfo';

type Change = { readonly key: string } & Readonly<Record<string, unknown>>;

export type AccountFacts = {
  readonly source: Source | null;
  /** The change submitted last (what the one-time password and the save must carry). */
  readonly change: Change | null;
  readonly password: unknown;
  readonly nextPage: number | null;
};

type Rule = SpecTransition<AccountFacts>;

/** Section 1: "入口が確認画面のときは、menu をそのまま通り過ぎてその画面から始まる". */
const entrySteps: Readonly<Record<string, string>> = {
  '/AccountMenu': 'menu',
  '/AccountMenu/Confirm/UserInfo': 'userInfoLoading',
  '/AccountMenu/Contact/Info': 'contactLoading',
  '/AccountMenu/Security/Info': 'securityLoading',
  '/AccountMenu/LoginHistory': 'historyLoading',
  '/AccountMenu/ReceiveSet/Info': 'receiveLoading',
  '/AccountMenu/Recieve/Information': 'receiveGuide',
};

const doc = 'account-menu.md';

/** A confirmation page read with GET user/info (sections 2, 3, 4, 6): its page, or the error page. */
function loads(loading: string, page: string, section: string): Rule[] {
  return [
    { rule: `${doc} ${section}: ${loading} shows ${page} once read`, from: loading, on: 'xstate.done.actor.loadProfile', to: page },
    { rule: `${doc} section 7: a failed read in ${loading} goes to the error page`, from: loading, on: 'xstate.error.actor.loadProfile', to: 'failed' },
  ];
}

/** A way from a confirmation page into a change page: the change remembers where it came from. */
const opens = (from: Source, on: string, to: string, section: string): Rule => ({
  rule: `${doc} ${section}: ${on} on ${from} opens ${to}`,
  from,
  on,
  to,
  then: (f) => ({ ...f, source: from, change: null }),
});

/** A change page takes only its own change (`userChangeKey`), and its Back ends the change. */
function changePage(page: string, key: string, next: string, back: (f: AccountFacts) => string, section: string): Rule[] {
  return [
    {
      rule: `${doc} ${section}: ${page} submits only a change of ${key}`,
      from: page,
      on: 'change.submit',
      when: (_, e) => (e.change as Change).key === key,
      to: next,
      then: (f, e) => ({ ...f, change: e.change as Change }),
    },
    ...backTo(page, back, section),
  ];
}

/** Back: the target depends on the change's source (section 3: Contact/Info or Security/Info). */
function backTo(page: string, back: (f: AccountFacts) => string, section: string): Rule[] {
  const targets = [...new Set((['userInfo', 'contactInfo', 'securityInfo', 'receiveInfo'] as const).map((source) => back({ source, change: null, password: null, nextPage: null })))];
  return targets.map((target) => ({
    rule: `${doc} ${section}: Back from ${page} goes to ${target}`,
    from: page,
    on: 'wizard.back',
    when: (f: AccountFacts) => back(f) === target,
    to: target,
    then: (f: AccountFacts) => ({ ...f, source: null, change: null }),
  }));
}

const otpOutcome = (event: OracleEvent) => output(event).outcome;

/** Section 3: the one-time password to the new contact, then the save; cancel back to the page. */
function verifying(step: string, saving: string, edit: string): Rule[] {
  const done = 'xstate.done.actor.verifyContact';
  return [
    ...['otp.send', 'otp.submit', 'otp.resend', 'otp.cancel'].map((on): Rule => ({ rule: `${doc} section 3: ${on} goes to the one-time password`, from: step, on, to: Stay })),
    { rule: `${doc} section 3: a verified contact in ${step} is saved`, from: step, on: done, when: (_, e) => otpOutcome(e) === 'verified', to: saving },
    { rule: `${doc} section 3: a cancelled one-time password in ${step} returns to the change page`, from: step, on: done, when: (_, e) => otpOutcome(e) === 'cancelled', to: edit },
    { rule: `${doc} section 3 (spec section 8 W0011): a locked one-time password in ${step} goes to the error page`, from: step, on: done, when: (_, e) => otpOutcome(e) === 'locked', to: 'failed', shows: showsError('W0011') },
    { rule: `${doc} section 3: any other end of the one-time password in ${step} goes to the error page`, from: step, on: done, to: 'failed' },
    { rule: `${doc} section 7: a crashed one-time password in ${step} goes to the error page`, from: step, on: 'xstate.error.actor.verifyContact', to: 'failed' },
  ];
}

/** Section 7: the change is sent once; saved goes on, a refusal (A0400 issues) stays on the change page. */
function saving(step: string, src: 'saveChange' | 'changePassword', saved: string, edit: string, section: string): Rule[] {
  const done = `xstate.done.actor.${src}`;
  return [
    {
      rule: `${doc} ${section}: a saved change in ${step} goes to ${saved}`,
      from: step,
      on: done,
      when: (_, e) => output(e).outcome === 'saved',
      to: saved,
      // The user-information pages end the change when saved; completion pages keep it to show it.
      then: (f) => (saved === 'userInfoLoading' ? { ...f, source: null } : f),
    },
    { rule: `${doc} common (入力の誤り): a refused change in ${step} stays on the change page`, from: step, on: done, to: edit },
    { rule: `${doc} section 7: a failed save in ${step} goes to the error page`, from: step, on: `xstate.error.actor.${src}`, to: 'failed' },
  ];
}

const toMenu = (from: string): Rule => ({ rule: `${doc} section 1: 「メニューへ」 from ${from}`, from, on: 'menu.open', to: 'menu' });
const reload = (from: string, to: string, section: string): Rule => ({
  rule: `${doc} ${section}: Back from ${from} reads ${to} again`,
  from,
  on: 'wizard.back',
  to,
  then: (f) => ({ ...f, source: null, change: null }),
});

const contactBack = (f: AccountFacts) => (f.source === 'securityInfo' ? 'securityInfo' : 'contactInfo');
const contactReload = (f: AccountFacts) => (f.source === 'securityInfo' ? 'securityLoading' : 'contactLoading');

const transitions: Rule[] = [
  { rule: `${doc} section 1: the menu opens the user information`, from: 'menu', on: 'userinfo.open', to: 'userInfoLoading' },
  { rule: `${doc} section 1: the menu opens the contacts`, from: 'menu', on: 'contact.open', to: 'contactLoading' },
  { rule: `${doc} section 1: the menu opens the security settings`, from: 'menu', on: 'security.open', to: 'securityLoading' },
  { rule: `${doc} section 1: the menu opens the login history`, from: 'menu', on: 'history.open', to: 'historyLoading', then: (f) => ({ ...f, nextPage: null }) },
  { rule: `${doc} section 1: the menu opens the receive settings`, from: 'menu', on: 'receive.open', to: 'receiveLoading' },

  ...loads('userInfoLoading', 'userInfo', 'section 2'),
  opens('userInfo', 'name.edit', 'userName', 'section 2'),
  opens('userInfo', 'phone.edit', 'phone', 'section 2'),
  opens('userInfo', 'email.edit', 'email', 'section 2'),
  opens('userInfo', 'address.edit', 'address', 'section 2'),
  toMenu('userInfo'),
  ...changePage('userName', 'name', 'userNameSaving', () => 'userInfo', 'section 2'),
  ...saving('userNameSaving', 'saveChange', 'userInfoLoading', 'userName', 'section 2'),
  ...changePage('phone', 'phoneNumber', 'phoneVerifying', () => 'userInfo', 'section 2'),
  ...verifying('phoneVerifying', 'phoneSaving', 'phone'),
  ...saving('phoneSaving', 'saveChange', 'userInfoLoading', 'phone', 'section 2'),
  ...changePage('email', 'mailAddress', 'emailVerifying', () => 'userInfo', 'section 2'),
  ...verifying('emailVerifying', 'emailSaving', 'email'),
  ...saving('emailSaving', 'saveChange', 'userInfoLoading', 'email', 'section 2'),
  ...changePage('address', 'address', 'addressSaving', () => 'userInfo', 'section 2'),
  ...saving('addressSaving', 'saveChange', 'userInfoLoading', 'address', 'section 2'),

  ...loads('contactLoading', 'contactInfo', 'section 3'),
  opens('contactInfo', 'email.edit', 'contactEmail', 'section 3'),
  opens('contactInfo', 'phone.edit', 'contactPhone', 'section 3'),
  toMenu('contactInfo'),
  ...changePage('contactEmail', 'contactMail', 'contactEmailVerifying', contactBack, 'section 3 (spec section 4 page guard)'),
  ...verifying('contactEmailVerifying', 'contactEmailSaving', 'contactEmail'),
  ...saving('contactEmailSaving', 'saveChange', 'contactCompleted', 'contactEmail', 'section 3'),
  ...changePage('contactPhone', 'contactPhone', 'contactPhoneVerifying', contactBack, 'section 3 (spec section 4 page guard)'),
  ...verifying('contactPhoneVerifying', 'contactPhoneSaving', 'contactPhone'),
  ...saving('contactPhoneSaving', 'saveChange', 'contactCompleted', 'contactPhone', 'section 3'),
  ...backTo('contactCompleted', contactReload, 'section 3 (「戻る」で transitionSource の確認画面を読み直す)'),

  ...loads('securityLoading', 'securityInfo', 'section 4'),
  opens('securityInfo', 'security.edit', 'securityChange', 'section 4'),
  opens('securityInfo', 'loginid.edit', 'loginIdChange', 'section 4'),
  opens('securityInfo', 'password.edit', 'passwordChange', 'section 4'),
  opens('securityInfo', 'email.edit', 'contactEmail', 'section 4 (連絡先の変更へも進める)'),
  opens('securityInfo', 'phone.edit', 'contactPhone', 'section 4 (連絡先の変更へも進める)'),
  toMenu('securityInfo'),
  ...changePage('securityChange', 'security', 'securitySaving', () => 'securityInfo', 'section 4'),
  ...saving('securitySaving', 'saveChange', 'securityCompleted', 'securityChange', 'section 4'),
  reload('securityCompleted', 'securityLoading', 'section 4'),
  ...changePage('loginIdChange', 'loginId', 'loginIdSaving', () => 'securityInfo', 'section 4'),
  ...saving('loginIdSaving', 'saveChange', 'loginIdCompleted', 'loginIdChange', 'section 4'),
  reload('loginIdCompleted', 'securityLoading', 'section 4'),
  {
    rule: `${doc} section 4: the password goes to the save in password.submit only`,
    from: 'passwordChange',
    on: 'password.submit',
    to: 'passwordSaving',
    then: (f, e) => ({ ...f, password: e.change }),
  },
  ...backTo('passwordChange', () => 'securityInfo', 'section 4'),
  ...saving('passwordSaving', 'changePassword', 'passwordCompleted', 'passwordChange', 'section 4'),
  reload('passwordCompleted', 'securityLoading', 'section 4'),

  {
    rule: `${doc} section 5: the login history's first page`,
    from: 'historyLoading',
    on: 'xstate.done.actor.loadLoginHistory',
    to: 'loginHistory',
    then: (f, e) => ({ ...f, nextPage: output(e).nextPage as number | null }),
  },
  { rule: `${doc} section 7: a failed login history read goes to the error page`, from: 'historyLoading', on: 'xstate.error.actor.loadLoginHistory', to: 'failed' },
  { rule: `${doc} section 5: 「もっと見る」 while there is a next page`, from: 'loginHistory', on: 'history.more', when: (f) => f.nextPage !== null, to: 'historyPaging' },
  toMenu('loginHistory'),
  {
    rule: `${doc} section 5: the next page is added`,
    from: 'historyPaging',
    on: 'xstate.done.actor.loadLoginHistory',
    to: 'loginHistory',
    then: (f, e) => ({ ...f, nextPage: output(e).nextPage as number | null }),
  },
  { rule: `${doc} section 7: a failed next page goes to the error page`, from: 'historyPaging', on: 'xstate.error.actor.loadLoginHistory', to: 'failed' },

  ...loads('receiveLoading', 'receiveInfo', 'section 6'),
  opens('receiveInfo', 'receive.edit', 'receiveChange', 'section 6'),
  { rule: `${doc} section 6: the receive settings open the guide`, from: 'receiveInfo', on: 'guide.open', to: 'receiveGuide' },
  toMenu('receiveInfo'),
  ...changePage('receiveChange', 'optins', 'receiveSaving', () => 'receiveInfo', 'section 6'),
  ...saving('receiveSaving', 'saveChange', 'receiveCompleted', 'receiveChange', 'section 6'),
  reload('receiveCompleted', 'receiveLoading', 'section 6'),
  reload('receiveGuide', 'receiveLoading', 'section 6 (ご案内から戻る)'),
];

const userInfoChangeSteps = new Set(['userName', 'userNameSaving', 'phone', 'phoneVerifying', 'phoneSaving', 'email', 'emailVerifying', 'emailSaving', 'address', 'addressSaving']);

/** Section 3 of the document (user store): no password, and the user-information flag only on its change pages. */
function userStoreHeld(after: { context: unknown }, step: string, facts: AccountFacts): string | undefined {
  const user = (after.context as { user: Record<string, unknown> }).user;
  const stored = JSON.stringify(user);
  const passwords = Object.values((facts.password ?? {}) as Record<string, unknown>).filter((value): value is string => typeof value === 'string');
  if (passwords.some((password) => stored.includes(password))) return `${doc} section 4: the user store must not hold a password, it holds ${stored}`;
  // The error page ends the flow (a final state); the next flow starts with an empty store, so
  // what a failed change leaves there is never read. The document speaks of the pages a customer is on.
  if (step === 'failed') return undefined;
  const flag = user.fromMemberInfoConfirmFlg;
  return flag === userInfoChangeSteps.has(step) ? undefined : `${doc} user store: fromMemberInfoConfirmFlg is ${String(flag)} in ${step}; it is true only on the user-information change pages`;
}

const json = (value: unknown) => JSON.stringify(value);

/** Section 3: the code goes to the new address or number only; section 7: the save carries the change submitted. */
function carriesTheChange(invocation: Invocation, facts: AccountFacts): string | undefined {
  const input = invocation.input as Record<string, unknown>;
  const change = facts.change;
  switch (invocation.src) {
    case 'verifyContact': {
      const mail = change?.key === 'mailAddress' || change?.key === 'contactMail';
      const expected = { mailAddress: mail ? change.mailAddress : null, phoneNumber: mail ? null : change?.phoneNumber };
      return input.mailAddress === expected.mailAddress && input.phoneNumber === expected.phoneNumber
        ? undefined
        : `${doc} section 3: the one-time password goes only to the new contact ${json(expected)}, the machine sent to ${json({ mailAddress: input.mailAddress, phoneNumber: input.phoneNumber })}`;
    }
    case 'saveChange':
      return json(input.change) === json(change) ? undefined : `${doc} section 7: the save carries ${json(change)}, the machine sent ${json(input.change)}`;
    case 'changePassword':
      return json(input.change) === json(facts.password) ? undefined : `${doc} section 4: the password change carries what was submitted, the machine sent ${json(input.change)}`;
    case 'loadLoginHistory': {
      const page = facts.nextPage ?? 1;
      return input.page === page ? undefined : `${doc} section 5: page ${page} of the login history is due, the machine read ${json(input.page)}`;
    }
    default:
      return undefined;
  }
}

export const accountOracle: FlowOracle<AccountFacts> = {
  flowId: 'account',
  pages: flowPages.account ?? { steps: {}, entry: [] },
  initial: (input) => {
    const entryPath = (input as { entryPath?: string }).entryPath ?? '/AccountMenu';
    return { step: entrySteps[entryPath] ?? 'menu', facts: { source: null, change: null, password: null, nextPage: null } };
  },
  transitions,
  everyStep: userStoreHeld,
  invocation: carriesTheChange,
};
