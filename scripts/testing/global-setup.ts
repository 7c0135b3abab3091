import { ensureBuild } from '../build-if-stale.mjs';
import { prepareTestDatabaseTemplate } from './database.ts';

// Integration and end-to-end suites run against the production build, built once per run when stale, and open
// their databases from one migrated and seeded template made here, before the workers start (they inherit its
// address through the environment).
export default async function setup() {
  ensureBuild((m: string) => console.log(m));
  return prepareTestDatabaseTemplate();
}
