/**
 * A page's HTML as the server sends it to the browser, for the tests of what it carries: the
 * first answers (ADR 0087) and the first view (ADR 0106).
 */
import { FirstAnswersSchema, type FirstAnswer } from '../../../contracts/first-answers';
import type { TestApp } from './build-test-app';

/** A built app's index.html, cut to what the server fills in. */
export const TEST_INDEX = '<!doctype html><html lang="ja"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

/** GET a page, with the session cookie when there is one. */
export const openPage = (test: TestApp, path: string, cookie?: string) =>
  test.app.inject({ method: 'GET', url: path, headers: { host: 'localhost', ...(cookie === undefined ? {} : { cookie }) } });

/** The first answers inlined in an HTML page, or undefined when it carries none. */
export function inlinedAnswers(html: string): FirstAnswer[] | undefined {
  const match = /<script type="application\/json" id="first-answers">(.*?)<\/script>/s.exec(html);
  return match?.[1] === undefined ? undefined : FirstAnswersSchema.parse(JSON.parse(match[1]));
}
