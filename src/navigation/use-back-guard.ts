/**
 * Browser Back (spec section 2): on a page that suppresses Back the customer stays on the same
 * URL and sees W9999, whatever the page's flow could do; elsewhere inside a flow it is the
 * machine's own Back when the machine has one.
 * Flows keep one history entry each (and never replace the tab's first one, ADR 0111), so
 * Back is always a single same-document step the router's blocker can refuse.
 */
import { useBlocker } from '@tanstack/react-router';
import { describeError, ErrorCode } from '../../contracts/error-catalogue';
import { findLivePage } from '../../machines/page-table';
import { FlowEvent } from '../flows/flow-events';
import type { FlowRegistry } from '../flows/flow-registry';
import { openCommonModal } from '../stores/common-modal-store';

/** Runs the flow's Back once the browser is back on the flow's own history entry. */
export type AfterBackRestored = (step: () => void) => void;

const immediately: AfterBackRestored = (step) => step();

/**
 * The router's blocker answers a refused Back by going forward again (history.go), which lands
 * on the flow's entry only at the next popstate. The flow's Back moves the URL (a replace), so it
 * waits for that moment: sent at once, the replace would rewrite the entry behind the flow and
 * the address bar would keep the page the customer left.
 */
export function afterPopState(win: Pick<Window, 'addEventListener'>): AfterBackRestored {
  return (step) => win.addEventListener('popstate', () => step(), { once: true });
}

/** True when the Back was handled here and must not leave the page. */
export function handleBrowserBack(pathname: string, flows: FlowRegistry, afterRestored: AfterBackRestored = immediately): boolean {
  const page = findLivePage(pathname);
  if (page === undefined) return false;
  if (page.backForwardDeter) {
    const { message, detail } = describeError(ErrorCode.BrowserBack);
    openCommonModal({ title: message, msgList: [detail] });
    return true;
  }
  const flow = page.flow === undefined ? undefined : flows.foreground();
  if (flow !== undefined && flow.machineId === page.flow) {
    const back = { type: FlowEvent.Back };
    if (flow.actor.getSnapshot().can(back)) {
      afterRestored(() => flow.actor.send(back));
      return true;
    }
  }
  return false;
}

export function useBackGuard(flows: FlowRegistry): void {
  useBlocker({
    shouldBlockFn: ({ current, action }) => action === 'BACK' && handleBrowserBack(current.pathname, flows, afterPopState(window)),
    enableBeforeUnload: false,
  });
}
