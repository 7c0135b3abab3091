import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeCsvBytes } from '../core/csv/index.ts';
import { CliError } from './errors.ts';

/** What went wrong with a file, in words rather than errno codes. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'ENOTDIR':
    case 'EEXIST': // mkdir of the output's folder where a file of that name is
      return 'a folder in the path is a file';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * A file's bytes; a file that cannot be read is bad input (exit status 2), named as given, at 1:1 like
 * every other problem about a whole file, so every line the CLI prints reads file:line:column.
 */
async function readBytes(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    throw new CliError(`${file}:1:1: cannot read the file: ${reason(error)}`);
  }
}

/** A UTF-8 text file (catalog documents: JSON is UTF-8). */
export async function readTextFile(file: string): Promise<string> {
  return (await readBytes(file)).toString('utf8');
}

/** A product CSV in whatever encoding a spreadsheet saved it: core/csv decodeCsvBytes (UTF-8, else Windows-1252). */
export async function readCsvFile(file: string): Promise<string> {
  return decodeCsvBytes(await readBytes(file));
}

/** Writes a file, creating its folder, so `--out dist/catalog.json` works on a fresh checkout. */
export async function writeTextFile(file: string, text: string): Promise<void> {
  try {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, text, 'utf8');
  } catch (error) {
    throw new CliError(`${file}:1:1: cannot write the file: ${reason(error)}`);
  }
}
