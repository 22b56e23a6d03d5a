/**
 * The answers the server inlined with the page's HTML (docs/decisions/0087-first-answers-inlined.md).
 * Read once at start-up; each is taken at most once, by the first call that asks exactly the same
 * thing (method, path and body), and whatever is left is dropped once the first page has been
 * decided, so no later call is answered from the document's past.
 */
import { z } from 'zod/mini';
import { FirstAnswersElementId, FirstAnswersSchema, type FirstAnswer } from '../../contracts/first-answers';

let answers: FirstAnswer[] = [];
/** Every call the document answered, taken or not, until the first page has been decided. */
let answered: readonly FirstAnswer[] = [];

/**
 * Takes the inlined answers out of the document (the element is removed, so they are read once).
 * Anything that does not parse is ignored: the calls then go to the server as usual.
 */
export function loadFirstAnswers(doc: Pick<Document, 'getElementById'>, onInvalid: (reason: string) => void): void {
  const element = doc.getElementById(FirstAnswersElementId);
  if (element === null) return;
  element.remove();
  let json: unknown;
  try {
    json = JSON.parse(element.textContent ?? '');
  } catch {
    onInvalid('not JSON');
    return;
  }
  const parsed = z.safeParse(FirstAnswersSchema, json);
  if (!parsed.success) {
    onInvalid(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    return;
  }
  answers = [...parsed.data];
  answered = parsed.data;
}

/** The inlined answer to this call, removed from the set; undefined when there is none. */
export function takeFirstAnswer(method: string, url: string, body: string | undefined): { status: number; body: unknown } | undefined {
  const index = answers.findIndex((answer) => answer.method === method && answer.url === url && answer.body === body);
  if (index < 0) return undefined;
  const [answer] = answers.splice(index, 1);
  return answer === undefined ? undefined : { status: answer.status, body: answer.response };
}

/**
 * Whether the document answered this call, taken since or not, until the first page has been
 * decided: a loader waits only for a read that costs no round trip (ADR 0106).
 */
export function hasFirstAnswer(method: string, url: string): boolean {
  return answered.some((answer) => answer.method === method && answer.url === url);
}

/** Whether the document answered any call that the first page has not yet been decided without. */
export function hasFirstAnswers(): boolean {
  return answered.length > 0;
}

/** Drops what was not taken. */
export function discardFirstAnswers(): void {
  answers = [];
  answered = [];
}
