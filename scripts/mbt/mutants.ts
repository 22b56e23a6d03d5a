/**
 * The eight seeded mutations the model-based run must kill (issue 10; ADR 0077): each one a
 * single textual change to one file, applied by `npm run mutants` to a temporary copy of the
 * tree. `find` must occur exactly once in `file` (test/scripts/mutants.test.ts checks it), so a
 * refactoring that moves the code breaks the check loudly instead of mutating nothing.
 */
export type Mutant = {
  readonly id: string;
  /** What the mutation does, and which spec rule it breaks. */
  readonly title: string;
  readonly file: string;
  readonly find: string;
  readonly replace: string;
};

export const mutants: readonly Mutant[] = [
  {
    id: 'deleted-transition',
    title: 'change of payment: Back from the payment page to the contract deleted (docs/flows section 2)',
    file: 'machines/service-flow/change-payment.flow.ts',
    find: "          'wizard.back': 'detail',\n",
    replace: '',
  },
  {
    id: 'negated-mobile-bill-guard',
    title: 'canChooseMobileBill negated (section 4: credit to mobile needs a card contract and a label)',
    file: 'machines/service-flow/shared.ts',
    find: '    return canChooseMobileBill(loadedContract(context), event);',
    replace: '    return !canChooseMobileBill(loadedContract(context), event);',
  },
  {
    id: 'negated-otp-lock-guard',
    title: "the one-time password's isLockedMessage negated (section 8 W0011)",
    file: 'machines/otp.machine.ts',
    find: 'params.response.ngMessage === OtpNgMessage.Locked,',
    replace: 'params.response.ngMessage !== OtpNgMessage.Locked,',
  },
  {
    id: 'request-type-01-to-02',
    title: 'apply: the mobile-bill choice sets request type 02 instead of 01 (section 4)',
    file: 'machines/service-flow/apply.flow.ts',
    find: '            requestType: RequestType.RegisterByMobile,',
    replace: '            requestType: RequestType.RegisterByCredit,',
  },
  {
    id: 'page-table-flow-binding-removed',
    title: "the page table's /AnshinDataBox/Update/Confirm row loses its flow (section 4 page guards)",
    file: 'machines/page-table.ts',
    find: "'お支払い方法の変更内容の確認', { ...noBack, ...step('anshinChangePayment') }],\n  ['ADB0007'",
    replace: "'お支払い方法の変更内容の確認', { ...noBack, entry: false, login: 'lv2', live: true }],\n  ['ADB0007'",
  },
  {
    id: 'flow-guard-skips-page-check',
    title: 'the navigation flow guard lets any page of a running flow open (section 4 page guards)',
    file: 'src/navigation/navigation-rules.ts',
    find: 'routeFor(running.actor.getSnapshot()) === page.path && ',
    replace: '',
  },
  {
    id: 'routes-swapped',
    title: "change of payment: the payment page's and the confirmation's routes swapped (section 2)",
    file: 'machines/service-flow/change-payment.flow.ts',
    find: "  const PaymentPage = servicePath(service, 'updatePayment');\n  const ConfirmPage = servicePath(service, 'updateConfirm');",
    replace: "  const PaymentPage = servicePath(service, 'updateConfirm');\n  const ConfirmPage = servicePath(service, 'updatePayment');",
  },
  {
    id: 'operation-40-to-request-type-07',
    title: 'operation 40 (mobile to credit) sets request type 07 instead of 09 (section 4)',
    file: 'contracts/codes.ts',
    find: '  [OperationType.MobileToCredit]: RequestType.MobileToCredit,',
    replace: '  [OperationType.MobileToCredit]: RequestType.CreditToCredit,',
  },
];

/** How often `find` occurs in `text`. */
export function occurrences(text: string, find: string): number {
  return text.split(find).length - 1;
}

/** The mutated text; throws unless `find` occurs exactly once. */
export function applyMutant(mutant: Mutant, text: string): string {
  const count = occurrences(text, mutant.find);
  if (count !== 1) throw new Error(`${mutant.id}: expected the text once in ${mutant.file}, found it ${count} times`);
  return text.replace(mutant.find, () => mutant.replace);
}
