/** The data storage service's apply flow, built alone so that opening it loads and builds no other flow of the service (ADR 0102). */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { createApplyFlow } from '../service-flow/apply.flow';

export const anshinApplyMachine = createApplyFlow(AnshinDataBox);
