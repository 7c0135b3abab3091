// `npm test`: typecheck, lint, unit, integration (PGlite, real HTTP server) and end-to-end (Chromium).
// Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from '../server/platform/find-chrome.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

const steps = [
  ['typecheck', bin('react-router'), ['typegen']],
  ['typecheck', bin('tsc'), ['-p', '.']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['unit tests', bin('vitest'), ['run', '--project', 'unit']],
  ['integration tests', bin('vitest'), ['run', '--project', 'integration']],
  ['end-to-end tests', bin('vitest'), ['run', '--project', 'e2e']],
];

if (!findChrome()) {
  console.error(
    'Chromium is needed for the end-to-end and PDF tests: install it (apt-get install chromium) or set CHROME_PATH.',
  );
  process.exit(1);
}

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}: ${path.basename(cmd)} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '1' } });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
console.log('\n✔ all tests passed');
