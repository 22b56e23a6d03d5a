/**
 * What an SCXML interpreter runs in place of a machine's guards and actions (ADR 0076). Each
 * machine declares, right after its setup(), the ECMAScript of every guard and of every action
 * that changes data a guard reads; the SCXML export reads it from here, so the chart decides as
 * XState does and a changed rule or code changes the export. XState never reads it.
 *
 * Conventions of the expressions: datamodel variables are the machine's context keys (a guard
 * reading `context.x` reads `x`); `_event.data` is the XState event without its type, the output
 * of a `done.invoke.<id>`, or `{ errorCode }` (errorCodeOf) of an `error.execution`.
 */
import type { AnyStateMachine } from 'xstate';

export type ScxmlCond = {
  /** ECMAScript boolean expression over the datamodel and `_event`. */
  readonly cond: string;
  /** Context keys the expression reads; they become `<data>` of the chart. */
  readonly reads?: readonly string[];
};

/** `[location, expression]` in order; a location is a context key or a path below one. */
export type ScxmlAssigns = readonly (readonly [location: string, expr: string])[];

/** An invoke's `<param>`s: the data the invoking chart hands its child, e.g. an operation code. */
export type ScxmlParams = Readonly<Record<string, string>>;

export type ScxmlSemantics = {
  readonly guards: Readonly<Record<string, ScxmlCond>>;
  readonly actions?: Readonly<Record<string, ScxmlAssigns>>;
  /** By invoke id. */
  readonly invokeParams?: Readonly<Record<string, ScxmlParams>>;
  /** `<donedata>` of the machine's final states by state key; by default `{ outcome: '<key>' }`. */
  readonly done?: Readonly<Record<string, ScxmlParams>>;
  /** Tables the expressions read besides the context (app data), by datamodel id. */
  readonly tables?: Readonly<Record<string, unknown>>;
};

const semantics = new WeakMap<AnyStateMachine, ScxmlSemantics>();

/** Declares the machine's SCXML semantics and returns the machine unchanged. */
export function withScxml<M extends AnyStateMachine>(machine: M, declared: ScxmlSemantics): M {
  semantics.set(machine, declared);
  return machine;
}

export function scxmlSemanticsOf(machine: AnyStateMachine): ScxmlSemantics | undefined {
  return semantics.get(machine);
}

/**
 * A guard's condition or an action's assign expression as written for one use of it: a guard or
 * action used with static params (`{ type, params: { path } }`) reads them as `params` in its
 * expression; the export binds them (ES5, for the interpreter's parser). Params computed from the
 * event are not bound: such an expression reads `_event.data` instead.
 */
export function bindParams(expr: string, params: unknown): string {
  if (params === undefined || typeof params === 'function') return expr;
  return `(function (params) { return (${expr}); })(${js(params)})`;
}

/** An ECMAScript literal of a JSON value: codes and tables written into an expression, strings in single quotes. */
export function js(value: unknown): string {
  if (typeof value === 'string') return /^[^'\\\n\r]*$/.test(value) ? `'${value}'` : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(js).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{ ${fields.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${js(v)}`).join(', ')} }`.replace('{  }', '{}');
  }
  return JSON.stringify(value) ?? 'null';
}
