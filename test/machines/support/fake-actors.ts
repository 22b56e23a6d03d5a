/** Scripted stand-ins for the app's actor implementations, recording what each call received. */
import { fromPromise } from 'xstate';

export type Answer<O> = { readonly resolve: O } | { readonly reject: Error };

export type Script<I, O> = {
  readonly calls: I[];
  readonly logic: ReturnType<typeof fromPromise<O, I>>;
};

export const ok = <O>(resolve: O): Answer<O> => ({ resolve });
export const fail = (reject: Error): Answer<never> => ({ reject });

/** Answers the calls in order; the last answer repeats. */
export function scripted<I, O>(...answers: readonly Answer<O>[]): Script<I, O> {
  const calls: I[] = [];
  const logic = fromPromise<O, I>(({ input }) => {
    calls.push(input);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer === undefined) return Promise.reject(new Error('no scripted answer'));
    return 'reject' in answer ? Promise.reject(answer.reject) : Promise.resolve(answer.resolve);
  });
  return { calls, logic };
}
