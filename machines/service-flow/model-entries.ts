/**
 * Registry entries of the kit's flows for any service: model input, events, vertex identity and
 * business rules. Each service's instances get the same model and the same invariants, under
 * ids that start with the flow's id. The exact request type and operation code each page holds
 * and each submit sends are not invariants here: the spec oracle of the model-based run states
 * them from the spec's tables (test/mbt/oracle/, docs/decisions/0077-spec-oracle.md).
 */
import type { SnapshotFrom } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import { cancelOptions } from '../../contracts/api/service-requests';
import { nextStatusOnResume } from '../../contracts/lifecycle';
import { atStep, unless } from '../mbt/invariant-helpers';
import type { MachineEntry, MachineInvariant } from '../registry';
import {
  cardProviderEvents,
  failures,
  modelEvents,
  otpEvents,
  sampleInput,
  sampleReceipt,
  submitEvents,
  type ModelEvent,
} from '../model-fixtures';
import type { ServiceDefinition } from '../../contracts/services/service-definition';
import type { ApplyFlowMachine } from './apply.flow';
import type { CancelFlowMachine } from './cancel.flow';
import type { ChangePaymentFlowMachine } from './change-payment.flow';
import type { ResumeFlowMachine } from './resume.flow';
import { contractLoaded } from './steps';

type ApplySnapshot = SnapshotFrom<ApplyFlowMachine>;

function serializeApply(snapshot: ApplySnapshot): string {
  const { context } = snapshot;
  const step = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  return JSON.stringify({
    value: snapshot.value,
    ...(step === 'judging' || step === 'judgeRetryWait' ? { retries: context.judgeRetries } : {}),
    ...(step === 'applyForm' || step === 'couponJudging' ? { consented: context.applyInfo.consented } : {}),
    registeredCard: context.paymentMethods.some((entry) => entry.value === '02'),
    cardTokens: context.applyInfo.tokenPAN !== null,
    tempCredit: context.applyInfo.tempCredit !== null,
  });
}

const methods = (withCard: boolean) => ({
  paymentMethodList: [
    { value: '01', label: '携帯電話料金とまとめて支払い', details: [] },
    ...(withCard ? [{ value: '02', label: 'クレジットカード', details: ['**** **** **** 1111'] }] : []),
    { value: '99', label: '新しいクレジットカード', details: [] },
  ],
});

function applyEntry(service: ServiceDefinition, machine: ApplyFlowMachine): MachineEntry {
  return {
    id: machine.id,
    title: `${service.name}のお申し込み`,
    machine,
    input: sampleInput,
    events: applyEvents(service, machine.id),
    serializeState: (snapshot) => serializeApply(snapshot as ApplySnapshot),
    invariants: applyInvariants(service, machine.id),
  };
}

/** Steps from the confirm page on, where what is submitted is fixed. */
const APPLY_SUBMIT_STEPS = ['confirm', 'otp', 'submitting', 'submitUnknown'];

function applyInvariants(service: ServiceDefinition, flowId: string): MachineInvariant[] {
  const info = (raw: unknown) => (raw as ApplySnapshot).context.applyInfo;
  const atSubmit = (raw: unknown) => atStep(raw as ApplySnapshot, APPLY_SUBMIT_STEPS);
  return [
    {
      id: `${flowId}.consented-before-confirm`,
      description: '確認画面以降では、利用規約への同意が済んでいること',
      check: (raw) => unless(!atSubmit(raw) || info(raw).consented, `consented is ${String(info(raw).consented)}`),
    },
    {
      id: `${flowId}.mobile-bill-without-card`,
      description: '確認画面以降で申込種別が 01（携帯電話料金）なら、カードのトークンを持たないこと',
      check: (raw) =>
        unless(!atSubmit(raw) || info(raw).requestType !== '01' || info(raw).tokenPAN === null, 'requestType 01 carries tokenPAN'),
    },
    {
      id: `${flowId}.new-card-has-token`,
      description: '確認画面以降で新しいクレジットカード（99）を選んだなら、カードのトークンがあること',
      check: (raw) =>
        unless(
          !atSubmit(raw) || info(raw).paymentMethodValue !== '99' || info(raw).tokenPAN !== null,
          'paymentMethodValue 99 without tokenPAN',
        ),
    },
    {
      // The temporary copy only ever holds card values moved there by a mobile-bill selection.
      id: `${flowId}.temp-credit-holds-card`,
      description: '一時保存のカード情報（tempCredit）があるなら、カードのトークンを含むこと',
      check: (raw) => {
        const { tempCredit } = info(raw);
        return unless(tempCredit === null || tempCredit.tokenPAN !== null, 'tempCredit without tokenPAN');
      },
    },
    {
      id: `${flowId}.completed-has-receipt`,
      description: '完了画面では受付結果（receipt）があること',
      check: (raw) => {
        const snapshot = raw as ApplySnapshot;
        return unless(!snapshot.matches('completed') || snapshot.context.receipt !== null, 'completed without receipt');
      },
    },
    {
      id: `${flowId}.offered-plan`,
      description: '申し込むプランは、このサービスのプランであること',
      check: (raw) => {
        const { planId } = info(raw);
        return unless(service.plans.some((plan) => plan.planId === planId), `planId ${planId} is not a plan of ${service.name}`);
      },
    },
  ];
}

const confirmedMail = { outcome: 'confirmed', mailAddress: 'taro.yamada@example.jp' } as const;

function applyEvents(service: ServiceDefinition, flowId: string): ModelEvent[] {
  return [
    { type: 'wizard.next' },
    { type: 'wizard.back' },
    { type: 'xstate.done.actor.judgeEntry', output: { result: 'OK', ngList: [] } },
    {
      type: 'xstate.done.actor.judgeEntry',
      output: { result: 'NG', ngList: [{ parameter: 'mailAddress', reason: 'MAIL_ADDRESS_UNCONFIRMED' }] },
    },
    {
      type: 'xstate.done.actor.judgeEntry',
      output: { result: 'NG', ngList: [{ parameter: 'orderInProgress', reason: 'ORDER_IN_PROGRESS' }] },
    },
    {
      type: 'xstate.done.actor.judgeEntry',
      output: { result: 'NG', ngList: [{ parameter: 'contractStatus', reason: 'ALREADY_CONTRACTED' }] },
    },
    { type: 'xstate.error.actor.judgeEntry', error: failures.unknown },
    {
      type: 'xstate.done.actor.judgeEntry',
      output: { result: 'NG', ngList: [{ parameter: 'mailAddress', reason: 'MAIL_ADDRESS_UNDELIVERABLE' }] },
    },
    { type: `xstate.after.judgeRetryDelay.${flowId}.judgeRetryWait` },
    ...(service.mailAddressOnlyFailure === 'confirm'
      ? [
          { type: 'xstate.done.actor.mailConfirmation', output: confirmedMail },
          { type: 'xstate.done.actor.mailConfirmation', output: { outcome: 'cancelled' } },
          { type: 'xstate.done.actor.mailConfirmation', output: { outcome: 'failed', errorCode: 'E0006' } },
          { type: 'xstate.error.actor.mailConfirmation', error: failures.unknown },
          { type: 'mail.enter', mailAddress: 'taro.yamada@example.jp' },
          { type: 'mail.confirm' },
          { type: 'mail.cancel' },
        ]
      : []),
    ...(service.plans.length > 1
      ? [
          ...service.plans.slice(1).map((plan) => ({ type: 'plan.select', planId: plan.planId })),
          { type: 'plan.select', planId: service.plans[0].planId },
          // A plan of another service: refused, the application keeps its plan.
          { type: 'plan.select', planId: '238' },
        ]
      : []),
    { type: 'consent.toggle', consented: true },
    { type: 'consent.toggle', consented: false },
    { type: 'coupon.apply', couponCode: 'WELCOME550' },
    { type: 'coupon.clear' },
    { type: 'xstate.done.actor.judgeCoupon', output: { result: 'OK', couponCd: 'WELCOME550', couponName: '初月無料クーポン' } },
    { type: 'xstate.done.actor.judgeCoupon', output: { result: 'NG', couponCd: 'WELCOME550', ngReason: '有効期限が切れています。' } },
    { type: 'xstate.error.actor.judgeCoupon', error: failures.unknown },
    { type: 'xstate.done.actor.loadPaymentMethods', output: methods(true) },
    { type: 'xstate.done.actor.loadPaymentMethods', output: methods(false) },
    { type: 'xstate.error.actor.loadPaymentMethods', error: failures.unknown },
    { type: 'payment.select', method: '01' },
    { type: 'payment.select', method: '02' },
    { type: 'payment.select', method: '99' },
    ...cardProviderEvents('registerCard'),
    ...otpEvents('verifyContact'),
    ...submitEvents('registerService'),
  ];
}

export const contract = (status: FlowContract['status'], paymentMethod: FlowContract['paymentMethod'], planId: FlowContract['planId'] = '225'): FlowContract => ({
  status,
  planId: status === 'none' ? null : planId,
  pendingPlan: null,
  paymentMethod,
  paymentMethodLabel: paymentMethod === '02' ? 'クレジットカード' : '携帯電話料金とまとめて支払い',
  paymentMethodDetails: paymentMethod === '02' ? ['**** **** **** 1111'] : [],
  withdrawalDate: status === 'withdrawal_reserved' ? '2026-11-30' : null,
  startedDate: status === 'none' ? null : '2025-06-01',
  continuedUseBenefit: null,
});

export function stepOf(value: unknown): string {
  return typeof value === 'string' ? value : Object.keys(value as object)[0] ?? '';
}

type ChangeSnapshot = SnapshotFrom<ChangePaymentFlowMachine>;

function changePaymentEntry(service: ServiceDefinition, machine: ChangePaymentFlowMachine): MachineEntry {
  // The last plan, so that a service with several shows its own plan id flowing through.
  const plan = (service.plans.at(-1) ?? service.plans[0]).planId;
  return {
    id: machine.id,
    title: `${service.name}のお支払い方法の変更`,
    machine,
    input: sampleInput,
    events: modelEvents(
      contractLoaded(contract('active', '02', plan)),
      contractLoaded(contract('active', '01', plan)),
      contractLoaded(contract('suspended', '02', plan)),
      { type: 'xstate.error.actor.loadContract', error: failures.unknown },
      { type: 'wizard.next' },
      { type: 'wizard.back' },
      { type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' },
      { type: 'payment.select', method: '01', label: '' },
      { type: 'payment.select', method: '99', label: '新しいクレジットカード' },
      ...cardProviderEvents('registerCard'),
      ...otpEvents('verifyContact'),
      ...submitEvents('updateContract'),
    ),
    serializeState: (raw) => {
      const snapshot = raw as ChangeSnapshot;
      const { context } = snapshot;
      return JSON.stringify({
        value: snapshot.value,
        status: context.contract?.status ?? null,
        current: context.contract?.paymentMethod ?? null,
        requestType: stepOf(snapshot.value) === 'loading' ? null : context.changeInfo.requestType,
        cardTokens: context.changeInfo.tokenPAN !== null,
      });
    },
    invariants: changePaymentInvariants(machine.id),
  };
}

function changePaymentInvariants(flowId: string): MachineInvariant[] {
  // Before a method is chosen (and on the error page) there is no change to describe yet.
  const onChangePages = (raw: unknown) => !atStep(raw as ChangeSnapshot, ['loading', 'detail', 'failed']);
  const info = (raw: unknown) => (raw as ChangeSnapshot).context.changeInfo;
  return [
    {
      id: `${flowId}.mobile-bill-has-label`,
      description: '申込種別 08（携帯電話料金へ変更）では、支払い方法の表示名が空でないこと',
      check: (raw) =>
        unless(
          !onChangePages(raw) || info(raw).requestType !== '08' || info(raw).paymentMethodLabel.trim() !== '',
          'requestType 08 with an empty paymentMethodLabel',
        ),
    },
    {
      id: `${flowId}.mobile-bill-without-card`,
      description: '申込種別 08（携帯電話料金へ変更）では、カードのトークンを持たないこと',
      check: (raw) =>
        unless(!onChangePages(raw) || info(raw).requestType !== '08' || info(raw).tokenPAN === null, 'requestType 08 carries tokenPAN'),
    },
    {
      id: `${flowId}.card-change-has-token`,
      description: '確認画面でカードへの変更（07・09）なら、カードのトークンがあること',
      check: (raw) =>
        unless(
          !(raw as ChangeSnapshot).matches('confirm') || info(raw).requestType === '08' || info(raw).tokenPAN !== null,
          `confirm with requestType ${String(info(raw).requestType)} but no tokenPAN`,
        ),
    },
    {
      id: `${flowId}.keeps-plan`,
      description: '支払い方法の変更では、契約中のプランのまま申し込むこと',
      check: (raw) => {
        const snapshot = raw as ChangeSnapshot;
        const current = snapshot.context.contract?.planId ?? null;
        return unless(!onChangePages(raw) || current === null || info(raw).planId === current, `planId ${info(raw).planId} but the contract is on ${String(current)}`);
      },
    },
  ];
}

type CancelSnapshot = SnapshotFrom<CancelFlowMachine>;
/** Steps from the confirm page on, where what is submitted is fixed. */
const CANCEL_SUBMIT_STEPS = ['confirm', 'submitting', 'submitUnknown'];

function cancelEntry(service: ServiceDefinition, machine: CancelFlowMachine): MachineEntry {
  // The last plan, so that a service with several shows its own plan id flowing through.
  const plan = (service.plans.at(-1) ?? service.plans[0]).planId;
  return {
    id: machine.id,
    title: `${service.name}の解約`,
    machine,
    input: sampleInput,
    events: modelEvents(
      contractLoaded(contract('active', '02', plan)),
      contractLoaded(contract('withdrawal_reserved', '01', plan)),
      contractLoaded(contract('suspended', '02', plan)),
      contractLoaded(contract('withdrawn', null, plan)),
      { type: 'xstate.error.actor.loadContract', error: failures.unknown },
      { type: 'wizard.next' },
      { type: 'wizard.back' },
      { type: 'cancel.select', requestType: '04' },
      { type: 'cancel.select', requestType: '03' },
      { type: 'cancel.select', requestType: '05' },
      { type: 'cancel.select', requestType: '06' },
      { type: 'survey.answer', answers: ['unused', 'price'] },
      { type: 'confirm.submit' },
      { type: 'error.retry' },
      { type: 'xstate.done.actor.updateContract', output: { ...sampleReceipt, status: 'withdrawal_reserved' } },
      { type: 'xstate.error.actor.updateContract', error: failures.unknown },
      { type: 'xstate.error.actor.updateContract', error: failures.statusForbids },
    ),
    serializeState: (raw) => {
      const snapshot = raw as CancelSnapshot;
      const { context } = snapshot;
      return JSON.stringify({
        value: snapshot.value,
        status: context.contract?.status ?? null,
        requestType: context.cancelInfo.requestType,
      });
    },
    invariants: [
      {
        id: `${machine.id}.confirm-has-contract`,
        description: '確認画面以降では、契約情報を読み込み済みであること',
        check: (raw) => {
          const snapshot = raw as CancelSnapshot;
          return unless(!atStep(snapshot, CANCEL_SUBMIT_STEPS) || snapshot.context.contract !== null, 'no contract loaded');
        },
      },
      {
        id: `${machine.id}.request-type-allowed`,
        description: '確認画面以降では、解約の申込種別が契約の状態で選べるもの（cancelOptions）であること',
        check: (raw) => {
          const snapshot = raw as CancelSnapshot;
          const { contract, cancelInfo } = snapshot.context;
          const allowed = cancelOptions(service.serviceId, contract?.status ?? 'none');
          return unless(
            !atStep(snapshot, CANCEL_SUBMIT_STEPS) || (cancelInfo.requestType !== null && allowed.includes(cancelInfo.requestType)),
            `requestType ${String(cancelInfo.requestType)} not in [${allowed.join(', ')}] for status ${contract?.status ?? 'none'}`,
          );
        },
      },
      {
        id: `${machine.id}.names-contract-plan`,
        description: '確認画面以降では、解約する契約のプランで申し込むこと',
        check: (raw) => {
          const snapshot = raw as CancelSnapshot;
          const current = snapshot.context.contract?.planId ?? null;
          const { planId } = snapshot.context.cancelInfo;
          return unless(!atStep(snapshot, CANCEL_SUBMIT_STEPS) || current === null || planId === current, `planId ${planId} but the contract is on ${String(current)}`);
        },
      },
    ],
  };
}


/** The kit's flows of one service as registry entries; `machines` are that service's instances. */
type ResumeSnapshot = SnapshotFrom<ResumeFlowMachine>;
/** Steps from the one-time password on, where the resume is about to be (or was) submitted. */
const RESUME_SUBMIT_STEPS = ['otp', 'submitting', 'submitUnknown', 'completed'];

function resumeEntry(service: ServiceDefinition, machine: ResumeFlowMachine): MachineEntry {
  const flowId = machine.id;
  const resumeOf = (raw: unknown) => (raw as ResumeSnapshot).context;
  const atSubmit = (raw: unknown) => atStep(raw as ResumeSnapshot, RESUME_SUBMIT_STEPS);
  const plan = service.plans[0].planId;
  return {
    id: flowId,
    title: `${service.name}の利用再開`,
    machine,
    input: sampleInput,
    events: modelEvents(
      contractLoaded(contract('suspended', '02', plan)),
      contractLoaded(contract('suspended', '01', plan)),
      contractLoaded(contract('active', '02', plan)),
      { type: 'xstate.error.actor.loadContract', error: failures.unknown },
      { type: 'payment.select', method: '01', label: '携帯電話料金とまとめて支払い' },
      { type: 'payment.select', method: '01', label: '' },
      { type: 'payment.select', method: '02', label: 'クレジットカード' },
      { type: 'payment.select', method: '99', label: '新しいクレジットカード' },
      { type: 'wizard.back' },
      ...cardProviderEvents('registerCard'),
      ...otpEvents('verifyContact'),
      ...submitEvents('updateContract'),
    ),
    serializeState: (raw) => {
      const snapshot = raw as ResumeSnapshot;
      const { context } = snapshot;
      return JSON.stringify({
        value: snapshot.value,
        status: context.contract?.status ?? null,
        current: context.contract?.paymentMethod ?? null,
        chosen: context.resumeInfo.paymentMethodValue,
        cardTokens: context.resumeInfo.tokenPAN !== null,
      });
    },
    invariants: [
      {
        // What is submitted is a lawful resume of this contract.
        id: `${flowId}.lawful-resume`,
        description: '本人確認以降では、契約の状態と申込種別の組み合わせが再開として正しい（再開後が利用中になる）こと',
        check: (raw) => {
          const { contract: current, resumeInfo } = resumeOf(raw);
          const next = nextStatusOnResume(current?.status ?? 'none', resumeInfo.requestType);
          return unless(
            !atSubmit(raw) || next === 'active',
            `status ${current?.status ?? 'none'} with requestType ${String(resumeInfo.requestType)} resumes to ${String(next)}`,
          );
        },
      },
      {
        id: `${flowId}.method-chosen`,
        description: '本人確認以降では、支払い方法が選ばれていること（startup のままでないこと）',
        check: (raw) =>
          unless(!atSubmit(raw) || resumeOf(raw).resumeInfo.paymentMethodValue !== 'startup', 'paymentMethodValue is still startup'),
      },
    ],
  };
}

export function serviceFlowEntries(
  service: ServiceDefinition,
  machines: {
    readonly apply?: ApplyFlowMachine;
    readonly changePayment?: ChangePaymentFlowMachine;
    readonly cancel?: CancelFlowMachine;
    readonly resume?: ResumeFlowMachine;
  },
): MachineEntry[] {
  // A service builds only the kit flows it offers (a shop-applied one has no apply or payment flow).
  return [
    ...(machines.apply === undefined ? [] : [applyEntry(service, machines.apply)]),
    ...(machines.changePayment === undefined ? [] : [changePaymentEntry(service, machines.changePayment)]),
    ...(machines.cancel === undefined ? [] : [cancelEntry(service, machines.cancel)]),
    ...(machines.resume === undefined ? [] : [resumeEntry(service, machines.resume)]),
  ];
}
