import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './index.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `catalog` in this process (cli/index.ts main with buffers for stdout and stderr): what the command does
 * and writes, without a tsx start-up per run (about 2 s of a core each; this suite ran 40). An unexpected error
 * is status 1 with its message, as the process's own entry reports it. runCliProcess runs the real process.
 */
export async function runCli(args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  try {
    const status = await main(args, io);
    return { status, stdout, stderr };
  } catch (error) {
    return { status: 1, stdout, stderr: stderr + `catalog: ${(error as Error).message}\n` };
  }
}

/** Runs the real `catalog` command in a child process, as `npm run catalog -- ...` does. */
export function runCliProcess(args: string[]): Promise<CliRun> {
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
