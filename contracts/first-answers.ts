/**
 * The answers the server inlines with a page's HTML (docs/decisions/0087-first-answers-inlined.md):
 * each is one API call as the browser would make it (method, path, JSON body) and the server's
 * answer to it (status and parsed body). The element's id is shared by the server that writes it
 * and the app that reads it.
 */
import { z } from 'zod/mini';

export const FirstAnswersElementId = 'first-answers';

export const FirstAnswerSchema = z.object({
  method: z.enum(['GET', 'POST']),
  url: z.string().check(z.startsWith('/api/')),
  body: z.optional(z.string()),
  status: z.number().check(z.int(), z.gte(100), z.lte(599)),
  response: z.unknown(),
});

export const FirstAnswersSchema = z.array(FirstAnswerSchema).check(z.maxLength(8));

export type FirstAnswer = z.infer<typeof FirstAnswerSchema>;

/**
 * The answers as the text of a `<script type="application/json">`: `<`, `>` and `&` escaped so
 * no value (a customer's name, say) can close the element or open markup.
 */
export function serializeFirstAnswers(answers: readonly FirstAnswer[]): string {
  return JSON.stringify(answers).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
