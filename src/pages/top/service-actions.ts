/**
 * What the top page offers per service: the procedures the server says are open now
 * (contracts/lifecycle.ts), each as a link to the page where it begins. A procedure whose
 * page the router does not serve yet is not offered.
 */
import type { ServiceUsage } from '../../../contracts/api/service-contracts';
import type { ServiceIdValue } from '../../../contracts/codes';
import type { ServiceAction } from '../../../contracts/lifecycle';
import { perService } from '../../../contracts/services/catalogue';
import { servicePath, type ServiceDefinition } from '../../../contracts/services/service-definition';
import { routedPage } from '../page-views';

type ServicePaths = { readonly landing: string | null; readonly detail: string | null } & Partial<Record<ServiceAction, string>>;

/** Where each procedure of a kit service begins: read from its definition (contracts/services/). */
function kitServicePaths(service: ServiceDefinition): ServicePaths {
  return {
    landing: servicePath(service, 'landing'),
    detail: servicePath(service, 'detail'),
    apply: servicePath(service, 'landing'),
    changePayment: servicePath(service, 'detail'),
    cancelReservation: servicePath(service, 'detail'),
    cancel: servicePath(service, 'cancelInform'),
    resume: servicePath(service, 'resumeConfirm'),
    changePlan: servicePath(service, 'planChange'),
  };
}

// A page the page table does not have (the landing of a shop-applied service) gets no link: see routedPage.
const pathsByService: Readonly<Record<ServiceIdValue, ServicePaths>> = perService(kitServicePaths);

const actionLabels: Record<ServiceAction, string> = {
  apply: '申し込む',
  changePayment: 'お支払い方法を変更する',
  cancelReservation: '解約予約を取り消す',
  cancel: '解約する',
  resume: '利用を再開する',
  changePlan: 'プランを変更する',
};

export type ServiceLink = { readonly label: string; readonly to: string };

const ContractLinkLabel = 'ご契約内容を見る';

/** The customer's contract page of the service, while there is a contract to see. */
export function contractLink(usage: ServiceUsage): ServiceLink | undefined {
  const path = pathsByService[usage.serviceId].detail;
  if (usage.contractId === null || usage.state === 'none' || usage.state === 'withdrawn' || path === null) return undefined;
  const page = routedPage(path);
  return page?.entry ? { label: ContractLinkLabel, to: page.path } : undefined;
}

/** The links of one service card: contract details first, then each open procedure, no duplicates. */
export function serviceLinks(usage: ServiceUsage): readonly ServiceLink[] {
  const paths = pathsByService[usage.serviceId];
  const contract = contractLink(usage);
  const links: ServiceLink[] = contract === undefined ? [] : [contract];
  const add = (label: string, path: string | null | undefined) => {
    if (path === null || path === undefined) return;
    const page = routedPage(path);
    if (page === undefined || !page.entry || links.some((link) => link.to === page.path)) return;
    links.push({ label, to: page.path });
  };
  for (const action of usage.allowedActions) add(actionLabels[action], paths[action]);
  return links;
}
