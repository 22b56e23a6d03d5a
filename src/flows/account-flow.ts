/**
 * The account menu's machine with the app's actors (ADR 0080). Its own module, apart from the
 * service flows' actors (flow-machines.ts), because its contracts carry the phone-number
 * metadata: a service flow's page does not load them, nor does the account menu load the
 * service flows' (ADR 0088).
 */
import type { AnyStateMachine } from 'xstate';
import { createAccountActors } from './account-actors';
import { createOtpActors } from './otp-actors';
import { provideByName } from './provide-by-name';

export function provideFlow(machine: AnyStateMachine): AnyStateMachine {
  return provideByName(machine, { ...createOtpActors(), ...createAccountActors() });
}
