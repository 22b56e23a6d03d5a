/**
 * The data storage service's flows: the kit's apply, change-of-payment, cancel and resume flows
 * built for its definition (contracts/services/anshin-data-box.ts); it is the one service that
 * resumes (contracts/lifecycle.ts ActionsByService). Each is its own module, which the app loads
 * alone (anshin-data-box.loaders.ts); this list is for the registry and the tests.
 */
export { anshinApplyMachine } from './anshin-apply.machine';
export { anshinChangePaymentMachine } from './anshin-change-payment.machine';
export { anshinCancelMachine } from './anshin-cancel.machine';
export { anshinResumeMachine } from './anshin-resume.machine';
