import { inflateSync } from 'node:zlib';
import { inArray } from 'drizzle-orm';
import { DROPZONE_MAX_FILE_SIZE_MB } from '../../core/constants.ts';
import { familyFromFileName } from '../../core/branding/index.ts';
import type { Db } from '../../db/client.ts';
import { ownedBy } from '../../db/owned.ts';
import { files } from '../../db/schema.ts';
import { badRequest } from '../platform/index.ts';
import type { Storage } from './storage.server.ts';
import {
  checkUpload,
  FILE_TYPES,
  storeUploads,
  uploadProblem,
  type CheckedUpload,
} from './uploads.server.ts';

/**
 * Merchants' own fonts (SPEC §2.6 fonts panel, §3 File filetype font, §7 GET api/v1/files?filetype=font): TTF,
 * OTF, WOFF or WOFF2, checked by content (signature and table directory, not only the first bytes), at most
 * 10 MB each (SPEC §9 dropzone), kept under keys of ours in `fonts/<owner>/`. Whether the plan allows custom
 * fonts is the caller's question (billing's gate, asked by the endpoint).
 */
export const FONT_MAX_BYTES = DROPZONE_MAX_FILE_SIZE_MB * 1024 * 1024;

export const FONT_MESSAGES = {
  noFiles: 'Choose the font files to upload.',
  requestTooLarge: `Send at most ${5 * DROPZONE_MAX_FILE_SIZE_MB} MB of fonts at a time.`,
  tooLarge: (name: string) => `"${name}" is larger than ${DROPZONE_MAX_FILE_SIZE_MB} MB.`,
  notAFont: (name: string) => `"${name}" is not a TTF, OTF, WOFF or WOFF2 font.`,
} as const;

const u16 = (b: Buffer, o: number) => b.readUInt16BE(o);
const u32 = (b: Buffer, o: number) => b.readUInt32BE(o);

type Table = { tag: string; offset: number; length: number; origLength: number };

/** The table directory of a TTF/OTF or WOFF file, or null when it does not hold together. */
function tableDirectory(bytes: Buffer, kind: string): Table[] | null {
  try {
    if (kind === 'woff') {
      if (bytes.length < 44 || u32(bytes, 8) !== bytes.length) return null;
      const n = u16(bytes, 12);
      if (n < 1 || n > 200 || 44 + n * 20 > bytes.length) return null;
      const out: Table[] = [];
      for (let i = 0; i < n; i++) {
        const o = 44 + i * 20;
        const t = {
          tag: bytes.toString('latin1', o, o + 4),
          offset: u32(bytes, o + 4),
          length: u32(bytes, o + 8),
          origLength: u32(bytes, o + 12),
        };
        if (t.offset + t.length > bytes.length) return null;
        out.push(t);
      }
      return out;
    }
    const n = u16(bytes, 4);
    if (n < 1 || n > 200 || 12 + n * 16 > bytes.length) return null;
    const out: Table[] = [];
    for (let i = 0; i < n; i++) {
      const o = 12 + i * 16;
      const t = {
        tag: bytes.toString('latin1', o, o + 4),
        offset: u32(bytes, o + 8),
        length: u32(bytes, o + 12),
        origLength: u32(bytes, o + 12),
      };
      if (t.offset + t.length > bytes.length) return null;
      out.push(t);
    }
    return out;
  } catch {
    return null;
  }
}

/** Whether a font file's structure holds together: its header and table directory agree with its size. */
export function fontStructureOk(bytes: Buffer, ext: string): boolean {
  if (ext === 'woff2') return bytes.length >= 48 && u32(bytes, 8) === bytes.length && u16(bytes, 12) > 0;
  const tables = tableDirectory(bytes, ext);
  return !!tables && tables.some((t) => t.tag === 'cmap' || t.tag === 'CFF ' || t.tag === 'glyf');
}

/** The family a TTF, OTF or WOFF file names (name table: typographic family, else family), or null. */
export function fontFamilyName(bytes: Buffer, ext: string): string | null {
  if (ext === 'woff2') return null;
  const tables = tableDirectory(bytes, ext);
  const t = tables?.find((x) => x.tag === 'name');
  if (!t) return null;
  try {
    let name = bytes.subarray(t.offset, t.offset + t.length);
    if (ext === 'woff' && t.length < t.origLength) name = inflateSync(name, { maxOutputLength: 1 << 20 });
    const count = u16(name, 2);
    const strings = u16(name, 4);
    const found: Record<number, string> = {};
    for (let i = 0; i < count; i++) {
      const o = 6 + i * 12;
      const platform = u16(name, o);
      const nameId = u16(name, o + 6);
      if (nameId !== 1 && nameId !== 16) continue;
      const len = u16(name, o + 8);
      const off = strings + u16(name, o + 10);
      const raw = name.subarray(off, off + len);
      const text =
        platform === 3 || platform === 0
          ? Buffer.from(raw).swap16().toString('utf16le')
          : raw.toString('latin1');
      if (!found[nameId] || platform === 3) found[nameId] = text;
    }
    const family = (found[16] ?? found[1] ?? '').replace(/[\p{Cc}"'\\<>]/gu, '').trim();
    return family ? family.slice(0, 80) : null;
  } catch {
    return null;
  }
}

const FONT_EXTS = new Set<string>([
  FILE_TYPES.ttf.ext,
  FILE_TYPES.otf.ext,
  FILE_TYPES.woff.ext,
  FILE_TYPES.woff2.ext,
]);

/**
 * Add fonts to the owner's files. Every file is checked before any is kept: one over 10 MB or not a font whose
 * structure holds together is a 400 naming it, and nothing of that request is stored.
 */
export async function uploadFonts(opts: {
  db: Db;
  storage: Storage;
  ownerId: string;
  files: File[];
}): Promise<(typeof files.$inferSelect)[]> {
  if (opts.files.length === 0) throw badRequest(FONT_MESSAGES.noFiles);
  const uploads: CheckedUpload[] = [];
  for (const file of opts.files) {
    if (file.size > FONT_MAX_BYTES)
      throw badRequest(FONT_MESSAGES.tooLarge(file.name), uploadProblem(file.name, 'too_large'));
    const checked = await checkUpload({ file, accept: ['font'], notAccepted: FONT_MESSAGES.notAFont });
    const ext = checked.fileType.ext;
    if (!FONT_EXTS.has(ext) || !fontStructureOk(checked.bytes, ext))
      throw badRequest(FONT_MESSAGES.notAFont(file.name), uploadProblem(file.name, 'not_accepted'));
    uploads.push({
      ...checked,
      fontFamily: fontFamilyName(checked.bytes, ext) ?? familyFromFileName(file.name),
    });
  }
  const { db, storage, ownerId } = opts;
  const stored = await storeUploads({ db, storage, ownerId, folder: `fonts/${ownerId}`, uploads });
  const keys = stored.map((s) => s.key);
  const rows = await db
    .select()
    .from(files)
    .where(ownedBy(files, ownerId, inArray(files.key, keys)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((k) => byKey.get(k)!);
}
