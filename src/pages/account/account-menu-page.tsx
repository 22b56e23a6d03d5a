/**
 * /AccountMenu (ACC0001): the way into each part of the account menu. An item shows only when
 * its page is live; each sends the flow's event, and the URL follows the machine. The markup is
 * AccountMenuView's, which the server's first view draws too (ADR 0106).
 */
import { useSelector } from '@xstate/react';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { AccountMenuView } from './account-menu-view';
import '../service-flow/service-flow.css';
import './account.css';

export function AccountMenuPage() {
  const actor = useFlowActor('account');
  const atMenu = useSelector(actor, (state) => state.matches('menu'));
  return <AccountMenuView enabled={atMenu} onOpen={(event) => actor.send(event)} />;
}
