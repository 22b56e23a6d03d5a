/**
 * What the kit's pages show of one service beyond its definition (contracts/services/): its
 * Japanese copy and the one section its contract page adds. Each service has one such view
 * (src/pages/<service>/<service>-view.tsx); page-views.ts hands it to the kit's pages through
 * `ServiceViewContext` (docs/decisions/0068-service-flow-kit.md).
 */
import { createContext, use, type ComponentType } from 'react';
import type { FlowContract } from '../../../contracts/api/service-contracts';
import type { CancelSurveyAnswer } from '../../../contracts/api/service-requests';
import type { RequestTypeValue } from '../../../contracts/codes';
import type { ServiceDefinition } from '../../../contracts/services/service-definition';

export type ServiceView = {
  readonly service: ServiceDefinition;
  /** The landing page's headline. */
  readonly headline: string;
  /** What the service includes, one line each (landing page). */
  readonly features: readonly string[];
  /** The terms shown in full before consent, one clause each. */
  readonly terms: readonly string[];
  /** How to cancel, shown before the customer applies (特商法 12条の6). */
  readonly howToCancel: readonly string[];
  /** What the customer should know before cancelling (Cancel/Inform). */
  readonly beforeCancel: readonly string[];
  /** What each way of cancelling means for this service and this contract (Cancel/Confirm): what ends, what is lost, when. */
  readonly cancelEffects: (contract: FlowContract) => Partial<Record<RequestTypeValue, string>>;
  /** What the customer does first once the application is accepted (Apply/Completed). */
  readonly firstStep: string;
  /** The answers of the cancel survey that make sense for this service, in order. */
  readonly surveyAnswers: readonly CancelSurveyAnswer[];
  /** Lines the completed cancel page adds, by request type. */
  readonly afterCancel: Partial<Record<RequestTypeValue, readonly string[]>>;
  /** What the customer can use again once a suspension is lifted (Resume pages); the service itself when unset. */
  readonly whatResumes?: string;
  /** A section of the contract page that only this service has (storage used, plan change...). */
  readonly DetailSection?: ComponentType<{ readonly contract: FlowContract }>;
};

export const ServiceViewContext = createContext<ServiceView | null>(null);

/** The service whose page this is; only a page bound by page-views.ts has one. */
export function useServiceView(): ServiceView {
  const view = use(ServiceViewContext);
  if (view === null) throw new Error('a service-flow page rendered outside its ServiceViewContext');
  return view;
}

/** What the Resume pages say the customer can use again: the view's words, or the service's name. */
export function whatResumesOf(view: ServiceView): string {
  return view.whatResumes ?? view.service.name;
}
