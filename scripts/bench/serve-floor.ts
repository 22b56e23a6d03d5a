/**
 * Serves the built floor page (dist/bench/floor, see ./bundle.ts) with the portal's own static
 * serving (server/spa), so the Lighthouse floor gets the same headers, caching and encoding as
 * the app. Its own process, like the real server, so it never shares an event loop with
 * Lighthouse. Usage: PORT=<port> [FLOOR_DIR=...] node --import tsx scripts/bench/serve-floor.ts
 */
import { resolve } from 'node:path';
import Fastify from 'fastify';
import { parseEnv } from '../../server/env';
import { registerSpa } from '../../server/spa/spa-routes';

const port = Number(process.env.PORT ?? 3651);
const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
await registerSpa(app, { env: parseEnv({ NODE_ENV: 'test' }), clientDir: process.env.FLOOR_DIR ?? resolve(import.meta.dirname, '../../dist/bench/floor') });
await app.listen({ host: '127.0.0.1', port });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
