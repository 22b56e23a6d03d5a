/**
 * The data storage service's flows: the kit's apply, change-of-payment, cancel and resume flows
 * built for its definition (contracts/services/anshin-data-box.ts); it is the one service that
 * resumes (contracts/lifecycle.ts ActionsByService).
 */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { createApplyFlow } from '../service-flow/apply.flow';
import { createCancelFlow } from '../service-flow/cancel.flow';
import { createChangePaymentFlow } from '../service-flow/change-payment.flow';
import { createResumeFlow } from '../service-flow/resume.flow';

export const anshinApplyMachine = createApplyFlow(AnshinDataBox);
export const anshinChangePaymentMachine = createChangePaymentFlow(AnshinDataBox);
export const anshinCancelMachine = createCancelFlow(AnshinDataBox);
export const anshinResumeMachine = createResumeFlow(AnshinDataBox);
