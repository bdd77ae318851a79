import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/drizzle-schema.cjs',
  out: process.env.MIGRATIONS_OUT ?? './server/db/migrations',
});
