import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against each mutant (docs/decisions/0086-stryker-mutation-report.md):
 * the ones that state behaviour of the mutated folders. Not the server (its own database per
 * file, minutes), not Playwright, and not the tests that compare source text or committed
 * exports with the code (statecharts-fresh, mutants.test.ts): those fail on any edit, so a kill
 * by them says nothing about behaviour.
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'test/machines/**/*.test.ts',
            'test/mbt/**/*.test.ts',
            'test/contracts/**/*.test.ts',
            'test/scripts/scxml-replay.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          setupFiles: ['test/app/support/setup.ts'],
          include: ['test/app/navigation/**/*.test.{ts,tsx}', 'test/app/flows/**/*.test.{ts,tsx}', 'test/app/router/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
