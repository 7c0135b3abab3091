import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  FILES_CSP,
  FILE_TYPES,
  detectFileType,
  fileKey,
  newFileKey,
  servedFileHeaders,
} from './uploads.server.ts';
import { assertKey } from './storage.server.ts';

const require = createRequire(import.meta.url);
const lato = (ext: string) =>
  readFileSync(
    path.join(path.dirname(require.resolve('@fontsource/lato')), 'files', `lato-latin-400-normal.${ext}`),
  );
/** The first bytes of a TrueType or OpenType file: the signature is what we read. */
const sfnt = (tag: string | number[]) =>
  Buffer.concat([typeof tag === 'string' ? Buffer.from(tag, 'latin1') : Buffer.from(tag), Buffer.alloc(60)]);
const picture = (format: 'jpeg' | 'png' | 'gif' | 'webp') =>
  sharp({ create: { width: 3, height: 2, channels: 3, background: '#123456' } })
    .toFormat(format)
    .toBuffer();

describe('the type of a stored file comes from its content', () => {
  it('reads pictures with sharp: JPEG, PNG, GIF and WebP', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp'] as const) {
      expect(await detectFileType(await picture(format), ['image'])).toBe(FILE_TYPES[format]);
    }
    expect(FILE_TYPES.jpeg.ext).toBe('jpg');
  });

  it('reads fonts by their signature: woff, woff2, TrueType, OpenType', async () => {
    expect(await detectFileType(lato('woff'), ['font'])).toBe(FILE_TYPES.woff);
    expect(await detectFileType(lato('woff2'), ['font'])).toBe(FILE_TYPES.woff2);
    expect(await detectFileType(sfnt([0, 1, 0, 0]), ['font'])).toBe(FILE_TYPES.ttf);
    expect(await detectFileType(sfnt('true'), ['font'])).toBe(FILE_TYPES.ttf);
    expect(await detectFileType(sfnt('OTTO'), ['font'])).toBe(FILE_TYPES.otf);
  });

  it('refuses what is not of a kind asked for, SVG (it can carry script), HTML and empty files', async () => {
    expect(await detectFileType(lato('woff2'), ['image'])).toBeNull();
    expect(await detectFileType(await picture('png'), ['font'])).toBeNull();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><script>alert(1)</script></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    expect(await detectFileType(svg, ['image', 'font'])).toBeNull();
    expect(
      await detectFileType(Buffer.from('<html><script>alert(1)</script>'), ['image', 'font']),
    ).toBeNull();
    expect(await detectFileType(Buffer.alloc(0), ['image', 'font'])).toBeNull();
  });
});

describe('stored keys and how /files serves them', () => {
  it('names a new file ours, with the extension of its type', () => {
    const key = newFileKey('images/owner-1', FILE_TYPES.png);
    expect(key).toMatch(/^images\/owner-1\/[0-9a-f-]{36}\.png$/);
    expect(assertKey(key)).toBe(key);
    expect(newFileKey('images/owner-1', FILE_TYPES.png)).not.toBe(key);
    expect(fileKey('img/abc-thumb', FILE_TYPES.jpeg)).toBe('img/abc-thumb.jpg');
  });

  it('serves pictures and fonts as their type, inline, sandboxed and never sniffed', () => {
    const common = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': FILES_CSP };
    expect(servedFileHeaders('images/o/a.png')).toEqual({ 'Content-Type': 'image/png', ...common });
    expect(servedFileHeaders('img/a.jpg')).toEqual({ 'Content-Type': 'image/jpeg', ...common });
    // Uploads stored before under their uploader's name.
    expect(servedFileHeaders('images/o/u/Shirt.JPEG')).toEqual({ 'Content-Type': 'image/jpeg', ...common });
    // Fonts load from other origins too (a flipbook on a merchant's host, issue 24): they say so, pictures do not.
    const cors = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };
    expect(servedFileHeaders('fonts/a.woff2')).toEqual({ 'Content-Type': 'font/woff2', ...common, ...cors });
    expect(servedFileHeaders('fonts/a.otf')).toEqual({ 'Content-Type': 'font/otf', ...common, ...cors });
  });

  it('serves anything else as a sandboxed download, never a page', () => {
    for (const key of [
      'images/o/u/evil.html',
      'images/o/u/evil.svg',
      'images/o/u/page.htm',
      'a/noext',
      'a.png/x',
    ]) {
      expect(servedFileHeaders(key)).toEqual({
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': 'attachment',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': FILES_CSP,
      });
    }
  });
});
