export { openDatabase, migrateDatabase, MIGRATIONS_DIR, schema, type Db, type Database } from './client.ts';
export { PLANS, seedDatabase } from './seed/index.ts';
