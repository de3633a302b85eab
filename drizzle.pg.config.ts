import { defineConfig } from 'drizzle-kit'

/** PostgreSQL migrations, from the tables generated out of schema.ts (npm run db:generate:pg, ADR 021). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.pg.ts',
  out: './migrations/postgres',
})
