import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fontsNotEmbeddable, fsTypeAllowsEmbedding, readFsType } from './font-embedding.server.ts';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONTSOURCE = 'node_modules/@fontsource/barlow/files/barlow-latin-400-normal';
const dir = await mkdtemp(path.join(os.tmpdir(), 'cb-fonts-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A copy of a TrueType font with its OS/2 fsType set to `fsType`. */
async function withFsType(fsType: number): Promise<string> {
  const bytes = Buffer.from(await readFile(DEJAVU));
  const n = bytes.readUInt16BE(4);
  for (let i = 0; i < n; i++) {
    const at = 12 + i * 16;
    if (bytes.toString('latin1', at, at + 4) === 'OS/2')
      bytes.writeUInt16BE(fsType, bytes.readUInt32BE(at + 8) + 8);
  }
  const file = path.join(dir, `font-${fsType}.ttf`);
  await writeFile(file, bytes);
  return file;
}

describe('font embedding permissions (issue 28 preflight: fonts not embeddable)', () => {
  it('reads the OS/2 fsType of TrueType, WOFF and WOFF2 files', async () => {
    expect(readFsType(await readFile(DEJAVU))).toBe(0);
    expect(readFsType(await readFile(`${FONTSOURCE}.woff`))).toBe(0);
    expect(readFsType(await readFile(`${FONTSOURCE}.woff2`))).toBe(0);
    expect(readFsType(await readFile(await withFsType(0x0002)))).toBe(2);
    expect(readFsType(Buffer.from('not a font at all'))).toBeNull();
  });

  it('forbids restricted-licence and bitmap-only fonts, allows the rest', () => {
    expect(fsTypeAllowsEmbedding(0)).toBe(true);
    expect(fsTypeAllowsEmbedding(0x0004)).toBe(true); // preview & print
    expect(fsTypeAllowsEmbedding(0x0008)).toBe(true); // editable
    expect(fsTypeAllowsEmbedding(0x0002)).toBe(false); // restricted licence
    expect(fsTypeAllowsEmbedding(0x0204)).toBe(false); // bitmap only
  });

  it('names the catalog fonts whose files forbid embedding', async () => {
    const fonts = [
      { family: 'Open', file: DEJAVU },
      { family: 'Locked', file: await withFsType(0x0002) },
      { family: 'Bitmap', file: await withFsType(0x0200) },
      { family: 'Unreadable', file: path.join(dir, 'absent.ttf') },
    ];
    expect(await fontsNotEmbeddable(fonts)).toEqual(['Locked', 'Bitmap']);
  });
});
