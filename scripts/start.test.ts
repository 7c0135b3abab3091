import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` as a newcomer types it (README): the real start script, the embedded defaults, a fresh DATA_DIR.
const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-start-'));
const children: ChildProcess[] = [];
/** Every process a test saw in a started tree: killed at the end should a test fail and leave one running. */
const seen = new Set<number>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const pid of seen) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** This process's environment without the services CI sets for other suites: `npm start` on its embedded defaults. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, SMTP_URL: _smtp, ...rest } = process.env;
  return rest;
}

function start(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...embeddedEnv(), PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKER: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /Catalog Builder is running at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, child, output: () => out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe('npm start (README)', () => {
  it('starts on the embedded defaults, migrates, seeds, creates the first admin, and stops cleanly', async () => {
    const first = await start({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' });
    await expect.poll(() => first.output()).toContain('Shopify is not configured');
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(existsSync(path.join(dataDir, 'db'))).toBe(true);
    const secret = readFileSync(path.join(dataDir, 'app-secret'), 'utf8');

    const login = await fetch(`${first.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'boss-password-1' }),
    });
    expect(login.status).toBe(200);
    expect(await stop(first.child)).toBe(0);

    // Again on the same DATA_DIR: same secret, same data, nothing seeded twice.
    const second = await start({});
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8')).toBe(secret);
    const again = await fetch(`${second.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'boss-password-1' }),
    });
    expect(again.status).toBe(200);
    expect(await stop(second.child)).toBe(0);
  }, 180_000); // two full starts of the product (install check, migrations, seed, Chromium warm-up)

  it('refuses a wrong setting with a message naming the variable', async () => {
    await expect(start({ PORT: 'not-a-port' })).rejects.toThrow(/PORT/);
    await expect(start({ BILLING: 'maybe' })).rejects.toThrow(/BILLING: must be on or off/);
  });

  it('prints a one-time link that creates the first admin when there is none, and bills nothing', async () => {
    const fresh = mkdtempSync(path.join(os.tmpdir(), 'cb-start-'));
    try {
      const run = await start({ DATA_DIR: fresh, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
      await expect.poll(() => run.output()).toMatch(/\/setup\/\S+/);
      expect(run.output()).toContain('Billing is off (BILLING): every account has the CUSTOM plan');
      const link = /(http:\/\/\S+\/setup\/\S+)/.exec(run.output())![1]!;
      expect(link.startsWith(run.url)).toBe(true);
      const create = () =>
        fetch(link.replace('/setup/', '/auth/setup/'), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({
            email: 'first-admin@example.com',
            password: 'admin-password-1',
            confirmPassword: 'admin-password-1',
          }),
        });
      const made = await create();
      expect(made.status).toBe(200);
      expect((await made.json()).user).toMatchObject({ isAdmin: true });
      expect((await create()).status).toBe(400);
      expect(await stop(run.child)).toBe(0);

      // The admin exists now: the next start prints no link.
      const next = await start({ DATA_DIR: fresh, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
      await expect.poll(() => next.output()).toContain('Billing is off');
      expect(next.output()).not.toContain('/setup/');
      expect(await stop(next.child)).toBe(0);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 180_000);
});

/** The state letter of a process (R, S, Z...), or null when there is no such process. */
function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
  } catch {
    return null;
  }
}
/** Running, not a zombie waiting for its parent to collect its exit status. */
const isRunning = (pid: number) => {
  const state = stateOf(pid);
  return state !== null && state !== 'Z';
};

/** A process and all its descendants, found through the parent ids in /proc, with their command names. */
function processTree(root: number): { pid: number; name: string }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: { pid: number; name: string }[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    let name = '';
    try {
      name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    out.push({ pid, name });
    queue.push(...(children.get(pid) ?? []));
  }
  return out;
}

describe('stopping `npm start`', () => {
  // As a user starts it: the real npm command, in its own process group as a terminal's foreground job, in
  // production mode so the worker warms Chromium at start.
  async function startWithNpm() {
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(npm);
    let out = '';
    npm.stdout!.on('data', (b: Buffer) => (out += b.toString()));
    npm.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    await expect
      .poll(() => out, { timeout: 120_000 })
      .toMatch(/Catalog Builder is running at http:\/\/\S+\n/);
    const url = /Catalog Builder is running at (http:\/\/\S+)/.exec(out)![1]!;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // Chromium is part of the tree once the worker has warmed it.
    await expect
      .poll(() => processTree(npm.pid!).some((p) => /chrom/i.test(p.name)), { timeout: 60_000 })
      .toBe(true);
    const tree = processTree(npm.pid!);
    for (const p of tree) seen.add(p.pid);
    return { npm, tree, output: () => out };
  }

  it.each([
    ['SIGTERM to the npm process', (npm: ChildProcess) => process.kill(npm.pid!, 'SIGTERM')],
    ['SIGINT to the npm process', (npm: ChildProcess) => process.kill(npm.pid!, 'SIGINT')],
    [
      'Ctrl+C: SIGINT to the whole foreground group',
      (npm: ChildProcess) => process.kill(-npm.pid!, 'SIGINT'),
    ],
  ])('stops npm, the server and Chromium within 10 s on %s', async (_name, signal) => {
    const { npm, tree, output } = await startWithNpm();
    const names = tree.map((p) => p.name);
    expect(names).toContain('npm start');
    expect(names.filter((n) => n === 'node').length).toBeGreaterThanOrEqual(2);
    signal(npm);
    await expect
      .poll(() => tree.filter((p) => isRunning(p.pid)).map((p) => `${p.pid} ${p.name}`), { timeout: 10_000 })
      .toEqual([]);
    // The server closed the worker, Chromium and the database in order, not cut off at its deadline.
    expect(output()).toContain('"msg":"stopped"');
    expect(output()).not.toContain('did not shut down in time');
  });
});
