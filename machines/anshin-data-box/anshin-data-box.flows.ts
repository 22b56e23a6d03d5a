/**
 * The data storage service's flows: the kit's apply, change-of-payment and cancel flows built
 * for its definition (contracts/services/anshin-data-box.ts), plus resume, which only this
 * service has (machines/anshin-data-box/anshin-resume.machine.ts).
 */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { createApplyFlow } from '../service-flow/apply.flow';
import { createCancelFlow } from '../service-flow/cancel.flow';
import { createChangePaymentFlow } from '../service-flow/change-payment.flow';

export const anshinApplyMachine = createApplyFlow(AnshinDataBox);
export const anshinChangePaymentMachine = createChangePaymentFlow(AnshinDataBox);
export const anshinCancelMachine = createCancelFlow(AnshinDataBox);
