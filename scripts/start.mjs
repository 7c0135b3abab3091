// `npm start`: set up what is missing (dependencies, Chromium, build), then run the product.
// The database is migrated and seeded by the server itself at start-up. Plain JavaScript with no
// dependencies, because on a fresh machine nothing is installed yet.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChrome } from './chrome.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (m) => console.log(`[start] ${m}`);

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Catalog Builder needs Node.js 20.19 or newer (this is ${process.versions.node}).`);
    process.exit(1);
  }
}

function installDependencies() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  say('Installing dependencies (npm install)…');
  // Not `npm ci`: the lock file holds only this platform's optional binaries, which `npm ci` calls out of sync.
  execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
}

function ensureChromium() {
  if (findChrome()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    say('Installing Chromium with apt-get (for PDF export)…');
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      say('Chromium could not be installed; PDF export stays unavailable until it is.');
    }
    if (findChrome()) return;
  }
  say('Chromium was not found. PDF export needs it: install Chromium (e.g. `sudo apt-get install chromium`)');
  say('or set CHROME_PATH to a Chrome or Chromium executable. Everything else works without it.');
}

async function main() {
  checkNode();
  installDependencies();
  ensureChromium();
  const { ensureBuild } = await import('./build-if-stale.mjs');
  ensureBuild(say);
  const tsx = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, path.join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
