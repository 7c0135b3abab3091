// Build the app (React Router + Vite) when the build is missing or older than its sources.
// Plain JavaScript so `npm start` can use it before anything else is set up; the test setup uses it too.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'app',
  'core',
  'db',
  'connectors',
  'server',
  'viewer',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
  'scripts/build-viewer.mjs',
];
const STAMP = path.join(ROOT, 'build', '.stamp');

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (
      entry === 'node_modules' ||
      entry.startsWith('.') ||
      entry.endsWith('.test.ts') ||
      entry.endsWith('.test.tsx') ||
      entry === '__golden__'
    )
      continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function buildIsStale() {
  if (!existsSync(STAMP) || !existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) return true;
  if (!existsSync(path.join(ROOT, 'build', 'viewer', 'viewer.js'))) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > built);
}

export function ensureBuild(log = () => {}) {
  if (!buildIsStale()) return false;
  log('Building the app…');
  try {
    execFileSync(
      process.execPath,
      [path.join(ROOT, 'node_modules', '@react-router', 'dev', 'bin.js'), 'build'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    // The viewer's client bundle, apart from the app's (scripts/build-viewer.mjs).
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build-viewer.mjs')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (err) {
    process.stderr.write(err.stdout?.toString() ?? '');
    process.stderr.write(err.stderr?.toString() ?? '');
    throw new Error('The app build failed (output above).');
  }
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  ensureBuild((m) => console.log(m));
}
