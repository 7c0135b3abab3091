import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` as a newcomer types it (README): the real start script, the embedded defaults, a fresh DATA_DIR.
const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-start-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKER: 'off', ...env },
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
  });

  it('refuses a wrong setting with a message naming the variable', async () => {
    await expect(start({ PORT: 'not-a-port' })).rejects.toThrow(/PORT/);
  });
});
