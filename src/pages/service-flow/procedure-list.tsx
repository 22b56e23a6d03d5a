/**
 * The procedures a contract page offers (contracts/lifecycle.ts decides which): each the entry
 * page of its own flow, except the payment change, which is the contract page's own next step
 * and so comes as a button from the page.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ServiceAction } from '../../../contracts/lifecycle';
import { servicePath, type ServiceDefinition, type ServicePage } from '../../../contracts/services/service-definition';

const Links: readonly (readonly [ServiceAction, ServicePage, string])[] = [
  ['resume', 'resumeConfirm', '利用再開'],
  ['changePlan', 'planChange', 'プラン変更'],
  ['cancelReservation', 'cancelInform', '解約予約の取り消し'],
  ['cancel', 'cancelInform', '解約'],
  ['apply', 'landing', 'お申し込み'],
];

export type ProcedureListProps = {
  readonly service: ServiceDefinition;
  readonly actions: readonly ServiceAction[];
  /** The payment change's button, when the page offers it. */
  readonly changePayment?: ReactNode;
};

export function ProcedureList({ service, actions, changePayment }: ProcedureListProps) {
  return (
    <section aria-labelledby="detail-actions">
      <h2 id="detail-actions">お手続き</h2>
      {actions.length === 0 ? <p>いまポータルでできるお手続きはありません。</p> : null}
      <ul className="action-list">
        {changePayment === undefined || changePayment === null ? null : <li>{changePayment}</li>}
        {Links.filter(([action]) => actions.includes(action)).map(([action, page, label]) => (
          <li key={action}>
            <Link to={servicePath(service, page)} className="button button--secondary button--block">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
