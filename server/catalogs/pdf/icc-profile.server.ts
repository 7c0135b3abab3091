import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iccProfileProblem } from '../../platform/index.ts';

/**
 * The ICC profile a print PDF is converted to and names as its PDF/X output intent. The product ships a free
 * coated FOGRA39 profile (profiles/README.md says where it comes from and its licence); the operator may point
 * PRINT_ICC_PROFILE at another CMYK output profile (checked at start-up by the configuration).
 */
export const BUNDLED_PROFILE = 'FOGRA39L-coated-300.icc';

export type OutputIntent = {
  file: string;
  /** The profile's own description, e.g. "Coated FOGRA39 ...". */
  description: string;
  /** The characterized printing condition's reference name (registered at color.org), or "Custom". */
  identifier: string;
  /** Human-readable printing condition. */
  condition: string;
};

/**
 * The bundled profile's file. Found from the project root, so it resolves from the sources (worker, CLI) and
 * from the app's build alike.
 */
export function bundledProfilePath(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'server', 'catalogs', 'pdf', 'profiles', BUNDLED_PROFILE);
    if (existsSync(candidate)) return candidate;
    const here = path.join(dir, 'profiles', BUNDLED_PROFILE);
    if (existsSync(here)) return here;
    dir = path.dirname(dir);
  }
  throw new Error(`The bundled ICC profile ${BUNDLED_PROFILE} is missing from this installation.`);
}

/** The text of the profile's 'desc' tag (ICC v2 textDescriptionType or v4 multiLocalizedUnicodeType). */
export function iccDescription(bytes: Buffer): string {
  const count = bytes.readUInt32BE(128);
  for (let i = 0; i < count; i++) {
    const at = 132 + i * 12;
    if (at + 12 > bytes.length) break;
    if (bytes.toString('latin1', at, at + 4) !== 'desc') continue;
    const offset = bytes.readUInt32BE(at + 4);
    const type = bytes.toString('latin1', offset, offset + 4);
    if (type === 'desc') {
      const n = bytes.readUInt32BE(offset + 8);
      return bytes.toString('latin1', offset + 12, offset + 12 + n).replace(/\0+$/, '');
    }
    if (type === 'mluc') {
      const len = bytes.readUInt32BE(offset + 20);
      const start = offset + bytes.readUInt32BE(offset + 24);
      const utf16 = Buffer.from(bytes.subarray(start, start + len));
      return utf16.swap16().toString('utf16le').replace(/\0+$/, '');
    }
  }
  return '';
}

/** Reference names of the printing conditions print shops know, found in a profile's description. */
function conditionIdentifier(description: string): string {
  const fogra = /FOGRA\s?(\d{2})/i.exec(description);
  if (fogra) return `FOGRA${fogra[1]}`;
  if (/GRACoL/i.test(description)) return 'CGATS TR 006';
  if (/SWOP/i.test(description)) return 'CGATS TR 001';
  return 'Custom';
}

const cache = new Map<string, OutputIntent>();

/** The output intent of a profile file (default: the bundled FOGRA39 profile). */
export function outputIntent(file?: string | null): OutputIntent {
  const resolved = file ? path.resolve(file) : bundledProfilePath();
  const known = cache.get(resolved);
  if (known) return known;
  const bytes = readFileSync(resolved);
  const problem = iccProfileProblem(bytes);
  if (problem) throw new Error(`${resolved} ${problem}`);
  const description = iccDescription(bytes) || path.basename(resolved);
  const identifier = conditionIdentifier(description);
  const intent: OutputIntent = {
    file: resolved,
    description,
    identifier,
    condition:
      identifier === 'FOGRA39'
        ? 'Offset printing, ISO 12647-2:2004/Amd 1, paper type 1 or 2 (coated), screen 60/cm'
        : description,
  };
  cache.set(resolved, intent);
  return intent;
}
