/**
 * What the top page offers per service: the procedures the server says are open now
 * (contracts/lifecycle.ts), each as a link to the page where it begins. A procedure whose
 * page the router does not serve yet is not offered.
 */
import type { ServiceUsage } from '../../../contracts/api/service-contracts';
import { ServiceId, type ServiceIdValue } from '../../../contracts/codes';
import type { ServiceAction, ServiceState } from '../../../contracts/lifecycle';
import { routedPage } from '../page-views';

export const ServiceStateLabels: Record<ServiceState, string> = {
  none: '未加入',
  active: 'ご利用中',
  suspended: '利用停止中',
  withdrawal_reserved: '解約予約中',
  withdrawn: '解約済み',
};

type ServicePaths = { readonly landing: string | null; readonly detail: string | null } & Partial<Record<ServiceAction, string>>;

const pathsByService: Record<ServiceIdValue, ServicePaths> = {
  [ServiceId.DataStorage]: {
    landing: '/AnshinDataBox',
    detail: '/AnshinDataBox/Service/Detail',
    apply: '/AnshinDataBox',
    changePayment: '/AnshinDataBox/Service/Detail',
    cancelReservation: '/AnshinDataBox/Service/Detail',
    cancel: '/AnshinDataBox/Cancel/Inform',
    resume: '/AnshinDataBox/Resume/Confirm',
  },
  [ServiceId.BasketLive]: {
    landing: '/BasketLive',
    detail: '/BasketLive/Service/Detail',
    apply: '/BasketLive',
    changePayment: '/BasketLive/Service/Detail',
    cancelReservation: '/BasketLive/Service/Detail',
    cancel: '/BasketLive/Cancel/Inform',
    changePlan: '/BasketLive/Plan/Change',
  },
  [ServiceId.InStoreSupport]: {
    landing: null,
    detail: '/Sumahosetup-support/Service/Detail',
    changePayment: '/Sumahosetup-support/Service/Detail',
    cancel: '/Sumahosetup-support/Cancel/Inform',
  },
};

const actionLabels: Record<ServiceAction, string> = {
  apply: '申し込む',
  changePayment: 'お支払い方法を変更する',
  cancelReservation: '解約予約を取り消す',
  cancel: '解約する',
  resume: '利用を再開する',
  changePlan: 'プランを変更する',
};

export type ServiceLink = { readonly label: string; readonly to: string };

/** The links of one service card: contract details first, then each open procedure, no duplicates. */
export function serviceLinks(usage: ServiceUsage): readonly ServiceLink[] {
  const paths = pathsByService[usage.serviceId];
  const links: ServiceLink[] = [];
  const add = (label: string, path: string | null | undefined) => {
    if (path === null || path === undefined) return;
    const page = routedPage(path);
    if (page === undefined || !page.entry || links.some((link) => link.to === page.path)) return;
    links.push({ label, to: page.path });
  };
  if (usage.contractId !== null && usage.state !== 'none' && usage.state !== 'withdrawn') add('ご契約内容を見る', paths.detail);
  for (const action of usage.allowedActions) add(actionLabels[action], paths[action]);
  return links;
}
