/**
 * What the three invoice pages share: the running invoice flow, its snapshot and a way to send,
 * and the page to show while the flow moves between them.
 */
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { InvoiceEvent, InvoiceMachine } from '../../../machines/invoice/invoice.machine';
import { BusyLine } from '../service-flow/busy-line';
import { useFlowActor, type InvoiceActor } from '../service-flow/use-flow-actor';
import './invoice.css';

export type InvoiceViewProps = {
  readonly snapshot: SnapshotFrom<InvoiceMachine>;
  readonly send: (event: InvoiceEvent) => void;
};

export function useInvoiceFlow(): InvoiceViewProps {
  const actor: InvoiceActor = useFlowActor('invoice');
  const snapshot = useSelector(actor, (state) => state);
  return { snapshot, send: (event) => actor.send(event) };
}

export function Switching() {
  return <BusyLine>画面を切り替えています。</BusyLine>;
}
