/** The data storage service's cancel flow, built alone so that opening it loads and builds no other flow of the service (ADR 0102). */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { createCancelFlow } from '../service-flow/cancel.flow';

export const anshinCancelMachine = createCancelFlow(AnshinDataBox);
