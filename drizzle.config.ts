/**
 * drizzle-kit: `npm run db:generate` writes SQL migrations from server/db/schema.ts. The same
 * files run on embedded PGlite and on PostgreSQL (server/db/migrate.ts).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
