import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `catalog` command in a child process, as `npm run catalog -- ...` does. */
export function runCli(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, 'cli/index.ts', ...args],
      { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

/** `npm run catalog -- ...` itself, typed in `cwd`. */
export function runNpmCatalog(args: string[], cwd: string): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['--silent', '--prefix', ROOT, 'run', 'catalog', '--', ...args],
      { cwd, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

export const tempDir = (): string => mkdtempSync(path.join(os.tmpdir(), 'catalog-cli-'));
