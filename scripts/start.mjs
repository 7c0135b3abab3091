// `npm start`: set up what is missing (dependencies, Chromium, build), then run the product.
// The database is migrated and seeded by the server itself at start-up. Plain JavaScript with no
// dependencies, because on a fresh machine nothing is installed yet.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { setInterval, setTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { findChrome } from '../server/platform/find-chrome.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (m) => console.log(`[start] ${m}`);
/** Ctrl+C or SIGTERM stops everything within 10 s: the server's own deadline is 8 s, this is the backstop. */
const KILL_AFTER_MS = 9_000;

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

/**
 * Debian packages some features need, each found by a file it installs: the colour emoji font PDFs print emoji with
 * (server/files/fonts.server.ts EMOJI_FONT_FILE; npm's copy of Noto Color Emoji is COLRv1, which a PDF cannot hold,
 * so its emoji would print blank), qpdf (long exports rendered in parts are merged with it) and Ghostscript (print
 * output: CMYK PDF/X). Without them everything else works.
 */
const OPTIONAL_PACKAGES = [
  {
    pkg: 'fonts-noto-color-emoji',
    file: '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf',
    missing: 'The colour emoji font is missing: emoji in PDFs print blank until it is installed',
  },
  {
    pkg: 'qpdf',
    file: '/usr/bin/qpdf',
    missing: 'qpdf is missing: long PDFs are then rendered in one piece rather than in parts',
  },
  {
    pkg: 'ghostscript',
    file: '/usr/bin/gs',
    missing: 'Ghostscript is missing: print output (CMYK PDF/X) is unavailable until it is installed',
  },
];

function ensureOptionalPackages() {
  const wanted = OPTIONAL_PACKAGES.filter((p) => !existsSync(p.file));
  if (wanted.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    const names = wanted.map((p) => p.pkg);
    say(`Installing ${names.join(', ')} with apt-get (emoji in PDFs, long and print exports)…`);
    const install = () =>
      execFileSync('apt-get', ['install', '-y', '-qq', ...names], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    try {
      install();
    } catch {
      try {
        execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
        install();
      } catch {
        // Said below.
      }
    }
  }
  for (const p of wanted) if (!existsSync(p.file)) say(`${p.missing} (\`sudo apt-get install ${p.pkg}\`).`);
}

async function main() {
  checkNode();
  installDependencies();
  ensureChromium();
  ensureOptionalPackages();
  const { ensureBuild } = await import('./build-if-stale.mjs');
  ensureBuild(say);
  // The server is our direct child (tsx as a loader, not its CLI, which would add a process between us), with
  // an IPC channel: should this process end without passing a signal on, the server sees the channel close.
  const tsx = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  const server = spawn(process.execPath, ['--import', tsx, path.join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { NODE_ENV: 'production', ...process.env },
  });
  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    server.kill(signal);
    // The server stops within its own deadline (scripts/serve.ts); should it not, it is killed, and Chromium,
    // which reads its commands from the server's pipe, ends with it.
    setTimeout(() => server.kill('SIGKILL'), KILL_AFTER_MS).unref();
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(sig));
  // npm passes SIGINT and SIGTERM on to the `sh -c` that runs its script, and sh does not pass them on (it dies
  // of SIGTERM, waits through SIGINT): the script is `exec node scripts/start.mjs` so that npm's child is this
  // process. Should whoever started us go anyway (npm killed outright), our new parent says so: stop too.
  const launcher = process.ppid;
  setInterval(() => {
    if (process.ppid !== launcher) stop('SIGTERM');
  }, 250).unref();
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
