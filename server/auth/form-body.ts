/**
 * HTML form posts (application/x-www-form-urlencoded) for the sign-on's own pages. Added per
 * scope, and only when the app has not registered a parser for forms already.
 */
import type { FastifyInstance } from 'fastify';

const formContentType = 'application/x-www-form-urlencoded';

export function acceptFormBodies(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser(formContentType)) return;
  scope.addContentTypeParser(formContentType, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
