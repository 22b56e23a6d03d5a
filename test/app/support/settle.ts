/**
 * How long an app test waits for the UI or a flow to settle. The default of 1 s is too short on
 * a shared two-core machine under load; this changes no assertion, only the patience.
 */
export const settle = { timeout: 5_000 } as const;
