export { openDatabase, migrateDatabase, MIGRATIONS_DIR, schema, type Db, type Database } from './client.ts';
export { seedDatabase } from './seed/index.ts';
