/** Registry entries of the data storage flows: the kit's three, and resume, which only this service has. */
import type { SnapshotFrom } from 'xstate';
import { nextStatusOnResume } from '../../contracts/lifecycle';
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { atStep, unless } from '../mbt/invariant-helpers';
import { cardProviderEvents, failures, modelEvents, otpEvents, sampleInput, submitEvents } from '../model-fixtures';
import type { MachineEntry } from '../registry';
import { contract, serviceFlowEntries } from '../service-flow/model-entries';
import { anshinApplyMachine, anshinCancelMachine, anshinChangePaymentMachine } from './anshin-data-box.flows';
import { anshinResumeMachine } from './anshin-resume.machine';

type ResumeSnapshot = SnapshotFrom<typeof anshinResumeMachine>;
/** Steps from the one-time password on, where the resume is about to be (or was) submitted. */
const RESUME_SUBMIT_STEPS = ['otp', 'submitting', 'submitUnknown', 'completed'];

export const anshinResumeEntry: MachineEntry = {
  id: 'anshinResume',
  title: 'あんしんデータボックスの利用再開',
  machine: anshinResumeMachine,
  input: sampleInput,
  events: modelEvents(
    { type: 'xstate.done.actor.loadContract', output: contract('suspended', '02') },
    { type: 'xstate.done.actor.loadContract', output: contract('suspended', '01') },
    { type: 'xstate.done.actor.loadContract', output: contract('active', '02') },
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
      id: 'anshinResume.lawful-resume',
      description: '本人確認以降では、契約の状態と申込種別の組み合わせが再開として正しい（再開後が利用中になる）こと',
      check: (raw) => {
        const snapshot = raw as ResumeSnapshot;
        const { contract, resumeInfo } = snapshot.context;
        const next = nextStatusOnResume(contract?.status ?? 'none', resumeInfo.requestType);
        return unless(
          !atStep(snapshot, RESUME_SUBMIT_STEPS) || next === 'active',
          `status ${contract?.status ?? 'none'} with requestType ${String(resumeInfo.requestType)} resumes to ${String(next)}`,
        );
      },
    },
    {
      id: 'anshinResume.method-chosen',
      description: '本人確認以降では、支払い方法が選ばれていること（startup のままでないこと）',
      check: (raw) => {
        const snapshot = raw as ResumeSnapshot;
        return unless(
          !atStep(snapshot, RESUME_SUBMIT_STEPS) || snapshot.context.resumeInfo.paymentMethodValue !== 'startup',
          'paymentMethodValue is still startup',
        );
      },
    },
  ],
};


export const anshinModelEntries: readonly MachineEntry[] = [
  ...serviceFlowEntries(AnshinDataBox, { apply: anshinApplyMachine, changePayment: anshinChangePaymentMachine, cancel: anshinCancelMachine }),
  anshinResumeEntry,
];
