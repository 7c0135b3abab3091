import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Real product data from public sources (../shared/extdata, read-only). Tests read it at run time, so a
 * checkout without it fails with a clear message instead of a compile error; EXTDATA_DIR points elsewhere.
 */
export const EXTDATA_DIR =
  process.env.EXTDATA_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'extdata');

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
