import { defineConfig } from 'drizzle-kit';

// Only generates SQL migrations from db/schema.ts; the product applies them itself at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
