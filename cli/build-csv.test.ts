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
