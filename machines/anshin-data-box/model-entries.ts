/** Registry entries of the data storage flows: the kit's four (it is the one service that resumes). */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import type { MachineEntry } from '../registry';
import { serviceFlowEntries } from '../service-flow/model-entries';
import { anshinApplyMachine, anshinCancelMachine, anshinChangePaymentMachine, anshinResumeMachine } from './anshin-data-box.flows';

export const anshinModelEntries: readonly MachineEntry[] = serviceFlowEntries(AnshinDataBox, {
  apply: anshinApplyMachine,
  changePayment: anshinChangePaymentMachine,
  cancel: anshinCancelMachine,
  resume: anshinResumeMachine,
});
