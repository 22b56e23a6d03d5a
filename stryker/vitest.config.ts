import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import folders from './folders.json';

/**
 * The tests Stryker runs against the mutants of one folder (MUTATION_FOLDER, set by
 * stryker.config.js; docs/decisions/0086-stryker-mutation-report.md): the tests that state the
 * behaviour of that folder. Never the server (its own database per file, minutes) nor Playwright;
 * never the tests that compare source text or committed exports with the code (statecharts-fresh,
 * mutants.test.ts): they fail on any edit, so a kill by them says nothing about behaviour.
 */
// eslint-disable-next-line no-restricted-syntax -- Stryker passes the folder to its runners this way.
const folder = (process.env.MUTATION_FOLDER ?? 'navigation-rules') as keyof typeof folders;
const tests: readonly string[] = folders[folder].tests;
const inApp = (glob: string) => glob.startsWith('test/app/');

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: 'unit', environment: 'node', include: tests.filter((glob) => !inApp(glob)) } },
  { extends: true, test: { name: 'app', environment: 'jsdom', setupFiles: ['test/app/support/setup.ts'], include: tests.filter(inApp) } },
];

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  plugins: [react()],
  test: {
    // Instrumented code on a shared, loaded box: the app router's render tests need more than 5 s.
    testTimeout: 30_000,
    projects: projects.filter((project) => (project.test?.include ?? []).length > 0),
  },
});
