/** The data storage service's change-of-payment flow, built alone so that opening it loads and builds no other flow of the service (ADR 0102). */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { createChangePaymentFlow } from '../service-flow/change-payment.flow';

export const anshinChangePaymentMachine = createChangePaymentFlow(AnshinDataBox);
