/**
 * The invoice flow's machine with the app's actors (ADR 0102). Its own module, like the account
 * menu's (ADR 0088): the invoice pages read two endpoints and need none of the service flows'
 * actors, contracts and sub-machines, which the service flows' module (flow-machines.ts) brings.
 */
import type { AnyStateMachine } from 'xstate';
import { createInvoiceActors } from './invoice-actors';
import { provideByName } from './provide-by-name';

export function provideFlow(machine: AnyStateMachine): AnyStateMachine {
  return provideByName(machine, createInvoiceActors());
}
