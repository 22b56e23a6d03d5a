/**
 * Japanese copy and formatting every service's pages share: prices and billing terms from the
 * service definition, contract states, dates, cancel types and the cancel survey.
 */
import type { CancelSurveyAnswer } from '../../../contracts/api/service-requests';
import { RequestType, type RequestTypeValue } from '../../../contracts/codes';
import type { ServiceState } from '../../../contracts/lifecycle';
import type { ServiceDefinition, ServicePlan } from '../../../contracts/services/service-definition';
import { formatJapaneseDate, inJapan } from '../../../contracts/text/japan-time';
import { formatTaxIncludedYen } from '../../../contracts/text/yen';

/** "月額550円(税込)". */
export function monthlyPrice(plan: Pick<ServicePlan, 'monthlyPrice'>): string {
  return `月額${formatTaxIncludedYen(plan.monthlyPrice)}`;
}


/** A contract's state as every page names it (status badges, the top page's cards). */
export const ServiceStateLabels: Record<ServiceState, string> = {
  none: '未加入',
  active: 'ご利用中',
  suspended: '利用停止中',
  withdrawal_reserved: '解約予約中',
  withdrawn: '解約済み',
};

/** "2026年11月21日" of an ISO instant, or of a yyyy-mm-dd or yyyy/mm/dd (business) date read as a Japan date. */
export function formatDate(value: string): string {
  const day = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(value);
  const date = day === null ? new Date(value) : new Date(`${day[1]}-${day[2]}-${day[3]}T00:00:00+09:00`);
  return Number.isNaN(date.getTime()) ? value : formatJapaneseDate(date);
}

/** The month after the given day, in Japan time: "2026年12月". */
export function nextMonthOf(day: Date): string {
  const { year, month } = inJapan(day);
  return month === 12 ? `${year + 1}年1月` : `${year}年${month + 1}月`;
}

/** A plan as one line: "プレミアム（月額1,650円(税込)）". */
export function planLine(plan: Pick<ServicePlan, 'name' | 'monthlyPrice'>): string {
  return `${plan.name}（${monthlyPrice(plan)}）`;
}

/** When the service starts and when it is charged (特商法 12条の6: timing of service and payment). */
export function billingTerms(service: ServiceDefinition, plan: ServicePlan, today: Date): { start: string; charge: string } {
  const start = `お申し込み手続きの完了後すぐ（本日 ${formatJapaneseDate(today)}）からご利用いただけます。`;
  return service.firstMonthFree
    ? {
        start,
        charge: `お申し込み月は無料です。${nextMonthOf(today)}分から${monthlyPrice(plan)}を、毎月のご利用料金としてお支払いいただきます。日割りはありません。`,
      }
    : {
        start,
        charge: `お申し込み月から${monthlyPrice(plan)}を、毎月のご利用料金としてお支払いいただきます。日割りはありません。`,
      };
}

/** The price line of a plan as the apply pages show it: "月額990円(税込)" and, when so, the free first month. */
export function priceLine(service: ServiceDefinition, plan: ServicePlan): string {
  return service.firstMonthFree ? `${monthlyPrice(plan)}（お申し込み月は無料）` : monthlyPrice(plan);
}

/** The ways of cancelling; each service adds what the way means for it (ServiceView.cancelEffects). */
export const CancelTypeLabels: Partial<Record<RequestTypeValue, { label: string; support: string }>> = {
  [RequestType.WithdrawalReservationMonthEnd]: {
    label: '月末に解約する（解約予約）',
    support: '今月末までご利用いただけます。今月分までのご利用料金がかかります。',
  },
  [RequestType.Withdrawal]: {
    label: '今すぐ解約する',
    support: '本日でご利用が終了します。今月分のご利用料金はかかります。',
  },
  [RequestType.WithdrawalReservationCancel]: {
    label: '解約予約を取り消す',
    support: '解約のご予約を取り消し、このままご利用を続けます。',
  },
  [RequestType.WithdrawalReservationReckoningDate]: {
    label: '精算日に解約する（解約予約）',
    support: '継続利用特典の算定期間の最終日（精算日）までご利用いただけ、その期間の特典を受け取れます。解約する月の月額料金はかかります。',
  },
};

/** The optional cancel survey (one question, several answers allowed). */
export const SurveyAnswers: readonly { value: CancelSurveyAnswer; label: string }[] = [
  { value: 'price', label: '料金が高い' },
  { value: 'unused', label: 'あまり使っていない' },
  { value: 'other-service', label: 'ほかのサービスを使う' },
  { value: 'device-change', label: '機種変更・データ移行が終わった' },
  { value: 'usability', label: '使い方がわかりにくい' },
  { value: 'other', label: 'その他' },
];

/** "**** 4242" from the masked details the API gives ("**** **** **** 4242"). */
export function cardSuffix(details: readonly string[]): string | null {
  const last4 = details.map((detail) => /(\d{4})\s*$/.exec(detail)?.[1]).find((value) => value !== undefined);
  return last4 === undefined ? null : `**** ${last4}`;
}

/** A payment method as one line: "クレジットカード（**** 4242）". */
export function paymentLine(label: string, details: readonly string[]): string {
  const suffix = cardSuffix(details);
  return suffix === null ? label : `${label}（${suffix}）`;
}
