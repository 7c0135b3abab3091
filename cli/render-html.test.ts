import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maxPicturePx } from './embed-pictures.ts';
import { runCli, tempDir } from './test-support.ts';

/** The src of each product picture in the HTML, in page order (the cover's picture left out). */
const pictureSources = (html: string) =>
  [...html.matchAll(/<img class="cb-img" src="([^"]+)"/g)].map((m) => m[1]!);

async function pictureSize(dataUrl: string) {
  const m = /^data:(image\/[a-z+]+);base64,(.*)$/.exec(dataUrl);
  if (!m) throw new Error(`not a data: URL: ${dataUrl.slice(0, 40)}`);
  const meta = await sharp(Buffer.from(m[2]!, 'base64')).metadata();
  return { type: m[1], width: meta.width, height: meta.height };
}

/** A CSV with a large photograph, a small transparent logo, a web picture and a missing file, built. */
async function builtCatalog() {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'data', 'photos'), { recursive: true });
  await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#c04040' } })
    .jpeg()
    .toFile(path.join(dir, 'data', 'photos', 'big photo.jpg'));
  const logo = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#0000ff80' } })
    .png()
    .toBuffer();
  writeFileSync(path.join(dir, 'data', 'photos', 'logo.png'), logo);
  const csv = path.join(dir, 'data', 'products.csv');
  writeFileSync(
    csv,
    [
      'title,price,category,image',
      'Big,12,Tops,photos/big photo.jpg',
      'Logo,3,Misc,photos/logo.png',
      'Remote,5,Misc,https://cdn.example.com/r.jpg',
      'Missing,1,Misc,photos/none.jpg',
    ].join('\n'),
  );
  const json = path.join(dir, 'out', 'catalog.json');
  expect((await runCli(['build', '--csv', csv, '--out', json])).status).toBe(0);
  return { dir, json, logo };
}

describe('catalog render --out file.html', () => {
  it('puts local pictures inside the file, downsized to the page, so it still works when moved', async () => {
    const { dir, json, logo } = await builtCatalog();
    const html = path.join(dir, 'site', 'catalog.html');
    expect(await runCli(['render', json, '--out', html])).toEqual({
      status: 0,
      stdout: `Rendered ${html}: 3 pages (A4, 2 pictures embedded, 1 not found)\n`,
      stderr: '',
    });
    const moved = path.join(tempDir(), 'moved.html');
    renameSync(html, moved);
    const doc = readFileSync(moved, 'utf8');
    const [big, small, remote, missing] = pictureSources(doc);
    // 4000 px is more than an A4 page has at 300 dpi (3508 px on its long side): downsized, as JPEG.
    expect(maxPicturePx('A4', 300)).toBe(3508);
    expect(await pictureSize(big!)).toEqual({ type: 'image/jpeg', width: 3508, height: 877 });
    // A small picture goes in byte for byte, transparency and all.
    expect(small).toBe(`data:image/png;base64,${logo.toString('base64')}`);
    // Web pictures stay links; nothing is fetched.
    expect(remote).toBe('https://cdn.example.com/r.jpg');
    // A missing file keeps its link, rebased to where the HTML file was written.
    expect(missing).toBe('../out/photos/none.jpg');
    expect(doc).not.toContain('big%20photo.jpg');
  });

  it('puts a custom font the catalog names by a relative path inside the file too', async () => {
    const { dir, json } = await builtCatalog();
    const font = Buffer.from('wOF2 not really a font');
    writeFileSync(path.join(dir, 'out', 'brand.woff2'), font);
    const doc = JSON.parse(readFileSync(json, 'utf8')) as { fonts: unknown[] };
    doc.fonts = [{ family: 'Brand', weight: 400, url: 'brand.woff2' }];
    writeFileSync(json, JSON.stringify(doc));
    const html = path.join(dir, 'catalog.html');
    expect((await runCli(['render', json, '--out', html])).status).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain(
      `src: url("data:font/woff2;base64,${font.toString('base64')}") format("woff2")`,
    );
  });

  it('downsizes to 150 dpi with --quality screen', async () => {
    const { dir, json } = await builtCatalog();
    const html = path.join(dir, 'catalog.html');
    const run = await runCli(['render', json, '--out', html, '--quality', 'screen', '--format', 'Letter']);
    expect(run.status).toBe(0);
    const [big] = pictureSources(readFileSync(html, 'utf8'));
    // Letter's long side, 279 mm, at 150 dpi.
    expect(await pictureSize(big!)).toEqual({ type: 'image/jpeg', width: 1648, height: 412 });
  });
});
