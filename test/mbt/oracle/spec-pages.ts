/**
 * Where each step of each flow is shown: the spec's page table (section 2) and the flow
 * documents' state tables (docs/flows/*.md, column 画面), written out literally. `null` is a
 * sub-flow step shown inside its host page (no route of its own). `entry` pages may be opened
 * without a running flow (（入口） in the flow documents); every other page only as the flow's
 * current step (section 4, page guards).
 */

export type FlowPages = {
  readonly steps: Readonly<Record<string, string | null>>;
  readonly entry: readonly string[];
};

const ErrorPage = '/Error';

/** The services of section 3 with their route prefixes (section 2) and flow-id prefixes. */
export const SpecServices = {
  anshin: { prefix: '/AnshinDataBox', serviceId: '223', plans: ['225'], mailOnlyFailure: 'ignore' },
  basketLive: { prefix: '/BasketLive', serviceId: '231', plans: ['232', '232-1', '232-2', '232-3', '232-4'], mailOnlyFailure: 'confirm' },
  inStoreSupport: { prefix: '/Sumahosetup-support', serviceId: '237', plans: ['238', '239', '241'], mailOnlyFailure: 'ignore' },
} as const;
export type SpecService = (typeof SpecServices)[keyof typeof SpecServices];

const cardSteps = (page: string) => ({
  cardProvider: page,
  'cardProvider.opening': page,
  'cardProvider.away': page,
  'cardProvider.verifying': page,
});

function applyPages(prefix: string): FlowPages {
  const landing = prefix;
  const apply = `${prefix}/Apply`;
  return {
    steps: {
      landing,
      judging: landing,
      judgeRetryWait: landing,
      ineligible: landing,
      mailConfirmation: landing,
      applyForm: apply,
      couponJudging: apply,
      loadingPaymentMethods: apply,
      paymentSelect: apply,
      ...cardSteps(apply),
      confirm: apply,
      otp: apply,
      submitting: apply,
      submitUnknown: apply,
      completed: `${prefix}/Apply/Completed`,
      failed: ErrorPage,
    },
    entry: [landing],
  };
}

function changePaymentPages(prefix: string): FlowPages {
  const detail = `${prefix}/Service/Detail`;
  const payment = `${prefix}/Update/Payment`;
  const confirm = `${prefix}/Update/Confirm`;
  return {
    steps: {
      loading: detail,
      detail,
      paymentSelect: payment,
      ...cardSteps(payment),
      confirm,
      otp: confirm,
      submitting: confirm,
      submitUnknown: confirm,
      completed: `${prefix}/Update/Completed`,
      failed: ErrorPage,
    },
    entry: [detail],
  };
}

function cancelPages(prefix: string): FlowPages {
  const inform = `${prefix}/Cancel/Inform`;
  const confirm = `${prefix}/Cancel/Confirm`;
  return {
    steps: {
      loading: inform,
      inform,
      confirm,
      submitting: confirm,
      submitUnknown: confirm,
      completed: `${prefix}/Cancel/Completed`,
      failed: ErrorPage,
    },
    entry: [inform],
  };
}

function resumePages(prefix: string): FlowPages {
  const confirm = `${prefix}/Resume/Confirm`;
  return {
    steps: {
      loading: confirm,
      confirm,
      ...cardSteps(confirm),
      otp: confirm,
      submitting: confirm,
      submitUnknown: confirm,
      completed: `${prefix}/Resume/Completed`,
      failed: ErrorPage,
    },
    entry: [confirm],
  };
}

const planChange: FlowPages = {
  steps: {
    loading: '/BasketLive/Plan/Change',
    choosing: '/BasketLive/Plan/Change',
    quoting: '/BasketLive/Plan/Change',
    confirm: '/BasketLive/Plan/Change',
    submitting: '/BasketLive/Plan/Change',
    submitUnknown: '/BasketLive/Plan/Change',
    completed: '/BasketLive/Plan/Completed',
    failed: ErrorPage,
  },
  entry: ['/BasketLive/Plan/Change'],
};

const supportHistory: FlowPages = {
  steps: {
    loading: '/Sumahosetup-support/Service/Detail',
    detail: '/Sumahosetup-support/Service/Detail',
    historyLoading: '/Sumahosetup-support/SupportHistory',
    history: '/Sumahosetup-support/SupportHistory',
    historyDetail: '/Sumahosetup-support/SupportHistory/Detail',
    benefits: '/Sumahosetup-support/BenefitHistory',
    failed: ErrorPage,
  },
  entry: ['/Sumahosetup-support/Service/Detail'],
};

const invoice: FlowPages = {
  steps: {
    loading: '/Invoice',
    months: '/Invoice',
    servicesLoading: '/Invoice/Services',
    services: '/Invoice/Services',
    downloads: '/Invoice/Downloads',
    failed: ErrorPage,
  },
  entry: ['/Invoice'],
};

/** The account menu (docs/flows/account-menu.md, section 2 account routes): one flow, seven entry pages. */
function accountPages(): FlowPages {
  const page = (path: string) => `/AccountMenu${path}`;
  const change = (steps: readonly string[], path: string) => Object.fromEntries(steps.map((step) => [step, page(path)]));
  return {
    steps: {
      menu: '/AccountMenu',
      ...change(['userInfoLoading', 'userInfo'], '/Confirm/UserInfo'),
      ...change(['userName', 'userNameSaving'], '/Update/UserName'),
      ...change(['phone', 'phoneVerifying', 'phoneSaving'], '/Update/Phone'),
      ...change(['email', 'emailVerifying', 'emailSaving'], '/Update/Email'),
      ...change(['address', 'addressSaving'], '/Update/Address'),
      ...change(['contactLoading', 'contactInfo'], '/Contact/Info'),
      ...change(['contactEmail', 'contactEmailVerifying', 'contactEmailSaving'], '/Contact/Email'),
      ...change(['contactPhone', 'contactPhoneVerifying', 'contactPhoneSaving'], '/Contact/Phone'),
      contactCompleted: page('/Contact/Completed'),
      ...change(['securityLoading', 'securityInfo'], '/Security/Info'),
      ...change(['securityChange', 'securitySaving'], '/Security/Change'),
      securityCompleted: page('/Security/Completed'),
      ...change(['loginIdChange', 'loginIdSaving'], '/SbidSet/Change'),
      loginIdCompleted: page('/SbidSet/Completed'),
      ...change(['passwordChange', 'passwordSaving'], '/PasswordSet/Change'),
      passwordCompleted: page('/PasswordSet/Completed'),
      ...change(['historyLoading', 'loginHistory', 'historyPaging'], '/LoginHistory'),
      ...change(['receiveLoading', 'receiveInfo'], '/ReceiveSet/Info'),
      ...change(['receiveChange', 'receiveSaving'], '/ReceiveSet/Change'),
      receiveCompleted: page('/ReceiveSet/Completed'),
      receiveGuide: page('/Recieve/Information'),
      failed: ErrorPage,
    },
    entry: ['/AccountMenu', ...['/Confirm/UserInfo', '/Contact/Info', '/Security/Info', '/LoginHistory', '/ReceiveSet/Info', '/Recieve/Information'].map(page)],
  };
}

/** Sub-flows shown inside their host's page: no step has a route. */
function subFlow(steps: readonly string[]): FlowPages {
  return { steps: Object.fromEntries(steps.map((step) => [step, null])), entry: [] };
}

const { anshin, basketLive, inStoreSupport } = SpecServices;

/** Every flow the spec and the flow documents give pages to, by flow id. */
export const flowPages: Readonly<Record<string, FlowPages>> = {
  anshinApply: applyPages(anshin.prefix),
  anshinChangePayment: changePaymentPages(anshin.prefix),
  anshinCancel: cancelPages(anshin.prefix),
  anshinResume: resumePages(anshin.prefix),
  basketLiveApply: applyPages(basketLive.prefix),
  basketLiveChangePayment: changePaymentPages(basketLive.prefix),
  basketLiveCancel: cancelPages(basketLive.prefix),
  basketLivePlanChange: planChange,
  inStoreSupportCancel: cancelPages(inStoreSupport.prefix),
  inStoreSupportHistory: supportHistory,
  invoice,
  account: accountPages(),
  otp: subFlow(['choosing', 'sending', 'codeEntry', 'verifying', 'verified', 'cancelled', 'locked', 'failed']),
  cardProvider: subFlow(['creatingSession', 'away', 'verifying', 'registered', 'cancelled', 'unusable', 'failed']),
  mailConfirmation: subFlow(['address', 'otp', 'registering', 'confirmed', 'cancelled', 'failed']),
};

/** The pages of a flow that are only ever its current step (not entry pages, not the error page). */
export function wizardPages(pages: FlowPages): string[] {
  const all = new Set(Object.values(pages.steps).filter((page): page is string => page !== null));
  return [...all].filter((page) => page !== ErrorPage && !pages.entry.includes(page));
}
