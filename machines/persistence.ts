/**
 * What a persisted flow snapshot may hold (docs/decisions/0024). The app stores
 * `{ machineVersion, flowId, snapshot: redactSnapshot(actor.getPersistedSnapshot()) }` in
 * sessionStorage only while the snapshot has the tag 'persistable' (no call in flight).
 */

/** Card token values and one-time codes never leave memory. */
export const SensitiveKeys: readonly string[] = ['tokenPAN', 'tokenPanEffectiveDate', 'checkRequestValidityToken', 'otp', 'code'];

/** A deep copy with every sensitive value replaced by null, at any depth (child actors included). */
export function redactSnapshot<T>(persisted: T): T {
  return JSON.parse(
    JSON.stringify(persisted, (key, value: unknown) => (SensitiveKeys.includes(key) ? null : value)),
  ) as T;
}

export type PersistDecision = 'store' | 'remove' | 'keep';

/**
 * What the app does with the stored snapshot after a transition: store it in a stable state,
 * keep the last one while a call is in flight (a reload then resumes from the last stable
 * state), and remove it in a state that may hold what must not be stored (a reload there
 * starts the flow again).
 */
export function persistDecision(snapshot: { hasTag: (tag: 'persistable' | 'busy') => boolean }): PersistDecision {
  if (snapshot.hasTag('persistable')) return 'store';
  if (snapshot.hasTag('busy')) return 'keep';
  return 'remove';
}
