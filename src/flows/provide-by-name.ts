/**
 * Every flow names its ports the same way (`loadContract`, `registerCard`, `loadProfile`...), so
 * one rule provides any machine: each actor it declares gets the app's implementation of that name.
 */
import type { AnyStateMachine } from 'xstate';

export function provideByName(machine: AnyStateMachine, actors: object): AnyStateMachine {
  const provided = Object.fromEntries(
    Object.keys(machine.implementations.actors).flatMap((name) => (Object.hasOwn(actors, name) ? [[name, (actors as Record<string, unknown>)[name]]] : [])),
  );
  return machine.provide({ actors: provided });
}
