import { readFile } from 'node:fs/promises';
import { brotliDecompressSync, inflateSync } from 'node:zlib';

/**
 * Whether a font's licence lets it be embedded in a PDF: its OS/2 table's fsType (OpenType spec). Bit 1
 * (0x0002, "restricted licence embedding") forbids it unless a more permissive bit is also set; bit 9 (0x0200,
 * bitmap only) leaves no outlines to embed. Reads TrueType/OpenType, WOFF and WOFF2 files.
 */
export function fsTypeAllowsEmbedding(fsType: number): boolean {
  const restricted = (fsType & 0x000f) === 0x0002;
  const bitmapOnly = (fsType & 0x0200) !== 0;
  return !restricted && !bitmapOnly;
}

/** The OS/2 fsType of a font file, or null when the file is not a font this can read. */
export function readFsType(bytes: Buffer): number | null {
  const tag = bytes.toString('latin1', 0, 4);
  const os2 =
    tag === 'wOFF'
      ? woffTable(bytes, 'OS/2')
      : tag === 'wOF2'
        ? woff2Table(bytes, 'OS/2')
        : sfntTable(bytes, 'OS/2');
  if (!os2 || os2.length < 10) return null;
  return os2.readUInt16BE(8);
}

function sfntTable(b: Buffer, want: string): Buffer | null {
  if (b.length < 12) return null;
  const n = b.readUInt16BE(4);
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    if (at + 16 > b.length) return null;
    if (b.toString('latin1', at, at + 4) === want) {
      const offset = b.readUInt32BE(at + 8);
      return b.subarray(offset, offset + b.readUInt32BE(at + 12));
    }
  }
  return null;
}

function woffTable(b: Buffer, want: string): Buffer | null {
  const n = b.readUInt16BE(12);
  for (let i = 0; i < n; i++) {
    const at = 44 + i * 20;
    if (b.toString('latin1', at, at + 4) !== want) continue;
    const offset = b.readUInt32BE(at + 4);
    const compLength = b.readUInt32BE(at + 8);
    const origLength = b.readUInt32BE(at + 12);
    const data = b.subarray(offset, offset + compLength);
    return compLength < origLength ? inflateSync(data) : data;
  }
  return null;
}

/** WOFF2's known-table tags, by index (WOFF2 spec 5.1; '_' stands for a trailing space). */
const WOFF2_TAGS =
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
    .split(' ')
    .map((t) => t.replace('_', ' '));

function woff2Table(b: Buffer, want: string): Buffer | null {
  const n = b.readUInt16BE(12);
  const totalCompressed = b.readUInt32BE(20);
  let at = 48;
  const base128 = () => {
    let v = 0;
    for (let i = 0; i < 5; i++) {
      const byte = b[at++]!;
      v = v * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return v;
    }
    throw new Error('bad UIntBase128');
  };
  let offset = 0;
  let found: { offset: number; length: number } | null = null;
  for (let i = 0; i < n; i++) {
    const flags = b[at++]!;
    let tag: string;
    if ((flags & 0x3f) === 0x3f) {
      tag = b.toString('latin1', at, at + 4);
      at += 4;
    } else tag = WOFF2_TAGS[flags & 0x3f] ?? '';
    const version = (flags >> 6) & 3;
    const orig = base128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    const length = transformed ? base128() : orig;
    if (tag === want) found = { offset, length };
    offset += length;
  }
  if (!found) return null;
  const tables = brotliDecompressSync(b.subarray(at, at + totalCompressed));
  return tables.subarray(found.offset, found.offset + found.length);
}

/** Fonts (family → file) whose licence forbids embedding them; unreadable files are left to the loader. */
export async function fontsNotEmbeddable(fonts: { family: string; file: string }[]): Promise<string[]> {
  const out: string[] = [];
  for (const f of fonts) {
    try {
      const fsType = readFsType(await readFile(f.file));
      if (fsType !== null && !fsTypeAllowsEmbedding(fsType)) out.push(f.family);
    } catch {
      // A file that cannot be read fails to load in Chromium too: reported as a font that could not be loaded.
    }
  }
  return [...new Set(out)];
}
