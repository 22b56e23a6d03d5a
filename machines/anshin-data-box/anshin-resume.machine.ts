/** The data storage service's resume flow, built alone so that opening it loads and builds no other flow of the service (ADR 0102). */
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { createResumeFlow } from '../service-flow/resume.flow';

export const anshinResumeMachine = createResumeFlow(AnshinDataBox);
