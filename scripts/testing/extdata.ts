import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The checkout this one was cloned from, when it is a local path (a CI clone of the working copy). */
function originCheckout(): string | null {
  try {
    const url = execFileSync('git', ['config', '--get', 'remote.origin.url'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return url && !/^[a-z+]+:\/\//i.test(url) && !url.includes('@') ? path.resolve(ROOT, url) : null;
  } catch {
    return null;
  }
}

/** The main checkout of this worktree (`git worktree add` puts worktrees elsewhere), when this is one. */
function mainCheckout(): string | null {
  try {
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const main = path.dirname(common);
    return main !== ROOT ? main : null;
  } catch {
    return null;
  }
}

/**
 * Real product data from public sources (../shared/extdata beside the checkout, read-only). Tests read it at
 * run time, so a checkout without it fails with a clear message instead of a compile error. EXTDATA_DIR points
 * elsewhere; a clone of a local checkout (as CI makes) finds the folder beside the checkout it came from, and a
 * worktree the one beside its main checkout.
 */
export const EXTDATA_DIR = (() => {
  if (process.env.EXTDATA_DIR) return process.env.EXTDATA_DIR;
  const beside = (dir: string) => path.join(dir, '..', 'shared', 'extdata');
  const origin = originCheckout();
  const main = mainCheckout();
  const candidates = [beside(ROOT), ...(origin ? [beside(origin)] : []), ...(main ? [beside(main)] : [])];
  return candidates.find((d) => existsSync(d)) ?? candidates[0]!;
})();

export function extdataPath(name: string): string {
  const file = path.join(EXTDATA_DIR, name);
  if (!existsSync(file))
    throw new Error(
      `Test data ${name} is missing from ${EXTDATA_DIR}; set EXTDATA_DIR to the shared extdata folder.`,
    );
  return file;
}

export const readExtdata = (name: string): string => readFileSync(extdataPath(name), 'utf8');
export const readExtdataJson = <T = any>(name: string): T => JSON.parse(readExtdata(name)) as T;
