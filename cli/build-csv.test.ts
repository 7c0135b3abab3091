import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listProducts } from '../core/commands/index.ts';
import { CatalogSchema } from '../core/model/index.ts';
import { runCli, tempDir } from './test-support.ts';

describe('catalog build --csv: file encodings', () => {
  it('reads a CSV that Excel on Windows saved as plain "CSV" (Windows-1252)', async () => {
    const dir = tempDir();
    const csv = path.join(dir, 'produits.csv');
    const text =
      'title,price,category,image\r\n' +
      'Crème brûlée,"3,50 €",Pâtisserie,https://x.example/a.jpg\r\n' +
      'Œuf d’or,"1.234,50 €",Bœuf,https://x.example/b.jpg\r\n';
    // One byte per character, as Windows-1252 writes them: "€" 0x80, "Œ" 0x8c, "’" 0x92, "œ" 0x9c.
    const cp1252: Record<string, number> = { '€': 0x80, Œ: 0x8c, '’': 0x92, œ: 0x9c };
    writeFileSync(csv, Uint8Array.from([...text].map((ch) => cp1252[ch] ?? ch.charCodeAt(0))));
    const json = path.join(dir, 'c.json');
    expect(await runCli(['build', '--csv', csv, '--out', json])).toEqual({
      status: 0,
      stdout: `Built ${json}: 2 products on 3 pages\n`,
      stderr: '',
    });
    const catalog = CatalogSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    expect(
      listProducts(catalog).map((e) => [e.properties.title, e.properties.price, e.properties.category]),
    ).toEqual([
      ['Crème brûlée', 3.5, 'Pâtisserie'],
      ['Œuf d’or', 1234.5, 'Bœuf'],
    ]);
  });
});

describe('catalog build --csv: European files, mapped columns, bad input', () => {
  it('reads a semicolon file whose columns are named otherwise, through --column', async () => {
    const dir = tempDir();
    const csv = path.join(dir, 'tarifs.csv');
    writeFileSync(
      csv,
      'Désignation;Prix TTC (€, unité);Rayon;Visuel\r\n' +
        'Chemise lin;12,50;Chemises;https://x.example/a.jpg\r\n' +
        'Manteau;1.234,56;Manteaux;https://x.example/b.jpg\r\n',
    );
    const json = path.join(dir, 'c.json');
    const without = await runCli(['build', '--csv', csv, '--out', json]);
    expect(without).toMatchObject({ status: 2 });
    expect(without.stderr).toBe(
      `${csv}:1:1: The following columns are missing: title, price, category, image\n`,
    );
    const columns = ['title=Désignation', 'price=Prix TTC (€, unité)', 'category=rayon', 'image=Visuel'];
    const run = await runCli([
      'build',
      '--csv',
      csv,
      '--out',
      json,
      ...columns.flatMap((c) => ['--column', c]),
    ]);
    expect(run).toMatchObject({ status: 0, stderr: '' });
    const catalog = CatalogSchema.parse(JSON.parse(readFileSync(json, 'utf8')));
    expect(listProducts(catalog).map((e) => [e.properties.title, e.properties.price])).toEqual([
      ['Chemise lin', 12.5],
      ['Manteau', 1234.56],
    ]);
    expect(await runCli(['build', '--csv', csv, '--out', json, '--column', 'colour=Couleur'])).toMatchObject({
      status: 2,
      stderr: expect.stringContaining('--column "colour=Couleur" is not <field>=<header>'),
    });
  });

  it('says once that a picture is not a CSV file, and where a title is too long', async () => {
    const dir = tempDir();
    const photo = path.join(dir, 'photo.csv');
    writeFileSync(
      photo,
      Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    );
    expect(await runCli(['build', '--csv', photo, '--out', path.join(dir, 'c.json')])).toEqual({
      status: 2,
      stdout: '',
      stderr: `${photo}:1:1: This file is not a CSV file\n`,
    });
    const long = path.join(dir, 'long.csv');
    writeFileSync(long, `title,price,category,image\n${'T'.repeat(900)},1,X,https://x.example/a.jpg\n`);
    expect(await runCli(['build', '--csv', long, '--out', path.join(dir, 'c.json')])).toEqual({
      status: 2,
      stdout: '',
      stderr: `${long}:2:1: This value has 900 characters; at most 800 fit in this column (column title)\n`,
    });
  });
});
