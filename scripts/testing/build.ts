import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const SOURCES = [
  'app',
  'core',
  'db',
  'viewer',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
];
const STAMP = path.join(ROOT, 'build', '.stamp');

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** Whether the production build is missing or older than any source it is built from. */
export function buildIsStale(): boolean {
  if (!existsSync(STAMP) || !existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > built);
}

/** Build the app (React Router + Vite) when stale; tests and `npm start` run against the real build. */
export function ensureBuild(log: (msg: string) => void = () => {}): void {
  if (!buildIsStale()) return;
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
  } catch (err) {
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    process.stderr.write(e.stdout?.toString() ?? '');
    process.stderr.write(e.stderr?.toString() ?? '');
    throw new Error('The app build failed (output above).');
  }
  writeFileSync(STAMP, new Date().toISOString());
}
