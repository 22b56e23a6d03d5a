/**
 * The environment for a portal server a bench spawns: this process's, minus DATABASE_URL, plus
 * the bench's settings. Only the API bench measures PostgreSQL (budgets.md); the page, start-up
 * and browser benches measure the embedded PGlite a fresh machine runs, with its demo customers.
 */
export function embeddedServerEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  return { ...inherited, ...settings };
}
