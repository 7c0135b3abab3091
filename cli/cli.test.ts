import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listProducts } from '../core/commands/index.ts';
import { parseProductCsv } from '../core/csv/index.ts';
import { CatalogSchema, type Catalog } from '../core/model/index.ts';
import { escapeHtml } from '../core/sanitize/index.ts';
import { COMMANDS } from './commands/index.ts';
import { RENDER_OUTPUTS } from './commands/render.ts';
import { extdataPath } from '../scripts/testing/extdata.ts';
import { runCli, runCliProcess, runNpmCatalog, tempDir } from './test-support.ts';

const readCatalog = (file: string): Catalog => CatalogSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
const count = (text: string, part: string) => text.split(part).length - 1;
// Most tests run the command in this process (runCli); the real process is spawned where its exit status and
// streams are the point (runCliProcess, npm run catalog). On a busy 2-core machine those outlast 60 s.
const SPAWNS = { timeout: 180_000 };

// The sample exports of the "Done when", with the product counts core/csv's tests pin.
const SAMPLES = [
  { file: 'shopify-partners-apparel.csv', products: 20, pages: 5 },
  { file: 'shopify-partners-jewelery.csv', products: 20, pages: 5 },
  { file: 'woocommerce-sample_products.csv', products: 18, pages: 4 },
];

describe.concurrent('catalog build and render on the sample store exports', SPAWNS, () => {
  for (const sample of SAMPLES) {
    it(`${sample.file}: every product on a page, every title in the HTML`, async () => {
      const dir = tempDir();
      const csv = extdataPath(sample.file);
      const json = path.join(dir, 'catalog.json');
      const html = path.join(dir, 'catalog.html');
      const listings = parseProductCsv(readFileSync(csv, 'utf8')).listings;
      expect(listings).toHaveLength(sample.products);

      const built = await runCli(['build', '--csv', csv, '--out', json]);
      expect(built).toEqual({
        status: 0,
        stdout: `Built ${json}: ${sample.products} products on ${sample.pages} pages\n`,
        stderr: '',
      });
      const catalog = readCatalog(json);
      const products = listProducts(catalog).map((e) => e.properties);
      // Each parent listing once, in file order; its variations inside it.
      expect(products.map((p) => p.title)).toEqual(listings.map((l) => l.title));
      expect(products.map((p) => p.variations.length)).toEqual(
        listings.map((l) => l.variations?.length ?? 0),
      );
      expect(catalog.pages.map((p) => p.layout.type)).toEqual([
        'front cover',
        ...Array(sample.pages - 2).fill('products'),
        'back cover',
      ]);

      const rendered = await runCli(['render', json, '--out', html]);
      expect(rendered).toEqual({
        status: 0,
        stdout: `Rendered ${html}: ${sample.pages} pages (A4)\n`,
        stderr: '',
      });
      const doc = readFileSync(html, 'utf8');
      for (const title of new Set(listings.map((l) => l.title ?? ''))) {
        const times = listings.filter((l) => l.title === title).length;
        expect(count(doc, `<h6>${escapeHtml(title)}</h6>`), title).toBe(times);
      }
      expect(count(doc, '<section class="cb-page')).toBe(sample.pages);
      // Self-contained: inline CSS and fonts, nothing fetched but the product pictures.
      expect(doc).not.toMatch(/<link\b|<script\b|@import/i);
      expect(doc).toContain('@font-face { font-family: "Open Sans"; font-weight: 400; font-style: normal;');
      expect(count(doc, 'src: url("data:font/woff2;base64,')).toBe(4);
    });
  }

  it('lays the products out on the layout named by title or id, and applies the caption template', async () => {
    const dir = tempDir();
    const csv = extdataPath('woocommerce-sample_products.csv');
    const caption = '<h6>[TITLE]</h6><p class="price">[TITLE] at [PRICE(INT)]</p>';
    for (const layout of ['Products 6 per page', 'default-products-6', '6 products per page']) {
      const json = path.join(dir, `${layout}.json`);
      const run = await runCli([
        'build',
        '--csv',
        csv,
        '--out',
        json,
        '--layout',
        layout,
        '--caption',
        caption,
      ]);
      expect(run.stdout).toBe(`Built ${json}: 18 products on 5 pages\n`);
      const catalog = readCatalog(json);
      expect(catalog.pages.map((p) => p.layout._id)).toEqual([
        'default-front-cover',
        'default-products-6',
        'default-products-6',
        'default-products-6',
        'default-back-cover',
      ]);
      expect(catalog.priceTemplate).toBe(caption);
    }
    const html = path.join(dir, 'six.html');
    await runCli(['render', path.join(dir, 'default-products-6.json'), '--out', html]);
    const doc = readFileSync(html, 'utf8');
    expect(doc).toContain('<p class="price">V-Neck T-Shirt at 15</p>');
    expect(doc).toContain('<p class="price">Hoodie at 42</p>');
  });

  it('puts the title on the covers and in the footers, and the contact line on the back cover', async () => {
    const dir = tempDir();
    const json = path.join(dir, 'c.json');
    const html = path.join(dir, 'c.html');
    const title = 'Spring & Summer <2026>';
    await runCli([
      'build',
      '--csv',
      extdataPath('shopify-partners-jewelery.csv'),
      '--out',
      json,
      '--title',
      title,
      '--contact',
      'orders@example.com',
    ]);
    expect(readCatalog(json).title).toBe(title);
    await runCli(['render', json, '--out', html]);
    const doc = readFileSync(html, 'utf8');
    expect(doc).toContain(`<h1 style="text-align:center">${escapeHtml(title)}</h1>`);
    expect(doc).toContain(`<h2>${escapeHtml(title)}</h2>`);
    expect(doc).toContain('<strong>orders@example.com</strong>');
    // No sample contact details from the editor's starting text reach print.
    expect(doc).not.toContain('yourstore.com');
    expect(count(doc, `<div class="cb-band-slot cb-band-slot--center">${escapeHtml(title)}</div>`)).toBe(3);
  });

  it('takes the title from the file name when none is given', async () => {
    const dir = tempDir();
    const json = path.join(dir, 'c.json');
    await runCli(['build', '--csv', extdataPath('shopify-partners-apparel.csv'), '--out', json]);
    expect(readCatalog(json).title).toBe('Shopify partners apparel');
  });

  it('links pictures named in the CSV relative to the catalog file; the HTML keeps a link to what it cannot embed', async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'data', 'photos'), { recursive: true });
    writeFileSync(path.join(dir, 'data', 'photos', 'red shirt.jpg'), 'jpeg');
    const csv = path.join(dir, 'data', 'products.csv');
    writeFileSync(
      csv,
      'title,price,category,image\nRed Shirt,12.50,Tops,photos/red shirt.jpg\nHat,9,Hats,photos/hat.jpg\n',
    );
    const json = path.join(dir, 'out', 'catalog.json');
    const built = await runCli(['build', '--csv', csv, '--out', json]);
    expect(built.status).toBe(0);
    // Warnings point at the cell too: line 3, column 4 (image).
    expect(built.stderr).toBe(
      `${csv}:3:4: picture "photos/hat.jpg" not found next to the CSV file (warning)\n`,
    );
    const products = listProducts(readCatalog(json)).map((e) => e.properties);
    expect(products.map((p) => p.main_image)).toEqual(['../data/photos/red%20shirt.jpg', 'photos/hat.jpg']);

    const html = path.join(dir, 'site', 'pages', 'catalog.html');
    // "red shirt.jpg" is not a picture (cli/render-html.test.ts embeds real ones): rebased to the HTML file.
    expect((await runCli(['render', json, '--out', html])).stdout).toBe(
      `Rendered ${html}: 3 pages (A4, 1 not found, 1 not a picture)\n`,
    );
    expect(readFileSync(html, 'utf8')).toContain('src="../../data/photos/red%20shirt.jpg"');
  });
});

describe('npm run catalog', SPAWNS, () => {
  it('the process itself: bad input exits with status 2 and its line on stderr, nothing on stdout', async () => {
    const dir = tempDir();
    const csv = path.join(dir, 'products.csv');
    writeFileSync(csv, 'title,price\nShirt,12.50\n');
    expect(await runCliProcess(['build', '--csv', csv, '--out', path.join(dir, 'c.json')])).toEqual({
      status: 2,
      stdout: '',
      stderr: `${csv}:1:1: The following columns are missing: category, image\n`,
    });
    expect(await runCliProcess(['publish'])).toMatchObject({ status: 2, stdout: '' });
  });

  it('reads and writes files relative to where it is typed, not the package root', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'p.csv'), readFileSync(extdataPath('woocommerce-sample_products.csv')));
    const run = await runNpmCatalog(['build', '--csv', 'p.csv', '--out', 'out/c.json'], dir);
    expect(run.stdout).toBe('Built out/c.json: 18 products on 4 pages\n');
    expect(run.status).toBe(0);
    expect(listProducts(readCatalog(path.join(dir, 'out', 'c.json')))).toHaveLength(18);
  });
});

describe.concurrent('catalog: bad input is one line naming the spot, and exit status 2', SPAWNS, () => {
  const fail = (stderr: string) => ({ status: 2, stdout: '', stderr: `${stderr}\n` });

  it('a CSV problem: file, line, column and what is wrong; nothing is written', async () => {
    const dir = tempDir();
    const csv = path.join(dir, 'products.csv');
    const json = path.join(dir, 'catalog.json');
    writeFileSync(
      csv,
      'title,price,category,image\nShirt,12.50,Tops,https://x.test/a.jpg\nHat,abc,Hats,https://x.test/b.jpg\n',
    );
    expect(await runCli(['build', '--csv', csv, '--out', json])).toEqual(
      fail(`${csv}:3:2: "abc" is not a price (column price)`),
    );
    expect(() => readFileSync(json)).toThrow(/ENOENT/);
  });

  it('several CSV problems: one line each, a value with a line break kept on its line', async () => {
    const dir = tempDir();
    const csv = path.join(dir, 'products.csv');
    writeFileSync(
      csv,
      'title,price,category,image\nShirt,"12\n50",Tops,https://x.test/a.jpg\nHat,-3,Hats,https://x.test/b.jpg\n',
    );
    expect(await runCli(['build', '--csv', csv, '--out', path.join(dir, 'c.json')])).toEqual(
      fail(
        `${csv}:2:2: "12\\n50" is not a price (column price)\n` +
          `${csv}:4:2: The price "-3" is negative (column price)`,
      ),
    );
  });

  it('an output that cannot be written: the file at 1:1', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'taken'), '');
    const out = path.join(dir, 'taken', 'c.json');
    expect(
      await runCli(['build', '--csv', extdataPath('shopify-partners-apparel.csv'), '--out', out]),
    ).toEqual(fail(`${out}:1:1: cannot write the file: a folder in the path is a file`));
  });

  it('a CSV missing a required column: the SPEC message on the header line, at column 1', async () => {
    const dir = tempDir();
    const csv = path.join(dir, 'products.csv');
    writeFileSync(csv, 'title,price\nShirt,12.50\n');
    expect(await runCli(['build', '--csv', csv, '--out', path.join(dir, 'c.json')])).toEqual(
      fail(`${csv}:1:1: The following columns are missing: category, image`),
    );
  });

  it('a missing file', async () => {
    const dir = tempDir();
    const csv = path.join(dir, 'nope.csv');
    expect(await runCli(['build', '--csv', csv, '--out', path.join(dir, 'c.json')])).toEqual(
      fail(`${csv}:1:1: cannot read the file: no such file`),
    );
    expect(await runCli(['render', path.join(dir, 'nope.json'), '--out', path.join(dir, 'c.html')])).toEqual(
      fail(`${path.join(dir, 'nope.json')}:1:1: cannot read the file: no such file`),
    );
  });

  it('invalid JSON: the line and column of the mistake', async () => {
    const dir = tempDir();
    const json = path.join(dir, 'bad.json');
    writeFileSync(json, '{\n  "title": "x",\n  "pages": [}\n');
    expect(await runCli(['render', json, '--out', path.join(dir, 'c.html')])).toEqual(
      fail(`${json}:3:13: invalid JSON: expected a value, found "}"`),
    );
  });

  it('a document that is not a valid catalog: which page and element, at its line and column', async () => {
    const dir = tempDir();
    const json = path.join(dir, 'doc.json');
    writeFileSync(
      json,
      [
        '{',
        '  "schemaVersion": 1,',
        '  "_id": "c1",',
        '  "pages": [',
        '    { "id": "p1", "elements": [] },',
        '    {',
        '      "id": "p2",',
        '      "elements": [',
        '        { "id": "e1", "type": "application/product", "properties": { "id": "x", "title": 42 } }',
        '      ]',
        '    }',
        '  ]',
        '}',
      ].join('\n'),
    );
    expect(await runCli(['render', json, '--out', path.join(dir, 'c.html')])).toEqual(
      fail(
        `${json}:9:90: page 2, element 1, properties.title: Invalid input: expected string, received number`,
      ),
    );
    writeFileSync(json, '{\n  "schemaVersion": 99,\n  "_id": "c1"\n}\n');
    expect(await runCli(['render', json, '--out', path.join(dir, 'c.html')])).toEqual(
      fail(`${json}:2:20: Catalog schema version 99 is newer than this application supports (1)`),
    );
  });

  it('unknown or missing options, an unknown layout, a broken caption token, an unknown command', async () => {
    const csv = extdataPath('shopify-partners-apparel.csv');
    expect(await runCli(['build', '--colour', 'red'])).toEqual(
      fail(`catalog build: unknown option '--colour' (see catalog build --help)`),
    );
    expect(await runCli(['build', '--csv', csv])).toEqual(
      fail('catalog build: missing --out (see catalog build --help)'),
    );
    expect(await runCli(['build', '--csv', csv, '--out', 'x.json', '--layout', 'Grid'])).toEqual(
      fail(
        'catalog build: unknown layout "Grid" (layouts: "1 product per page" (default-products-1), ' +
          '"2 products per page" (default-products-2), "4 products per page" (default-products-4), ' +
          '"6 products per page" (default-products-6), "8 products per page" (default-products-8), ' +
          '"9 products per page" (default-products-9), "12 products per page" (default-products-12))',
      ),
    );
    expect(
      await runCli(['build', '--csv', csv, '--out', 'x.json', '--caption', '<h6>[TITLE]</h6> [PRICE(FOO)]']),
    ).toEqual(fail('--caption:1:18: [PRICE(FOO)]: PRICE takes one of INT, DECIMAL, not FOO'));
    expect(await runCli(['render', 'a.json', '--out', 'a.txt'])).toEqual(
      fail(
        `catalog render: cannot write "a.txt": --out must end in ${Object.keys(RENDER_OUTPUTS).join(', ')}`,
      ),
    );
    expect(await runCli(['render', 'a.json', '--out', 'a.html', '--format', 'A5'])).toEqual(
      fail('catalog render: unknown format "A5" (formats: A4, Letter, Letter_booklet)'),
    );
    expect(await runCli(['publish'])).toEqual(
      fail('catalog: unknown command "publish" (commands: build, render, preflight)'),
    );
  });
});

describe.concurrent('catalog --help', SPAWNS, () => {
  it('lists the commands', async () => {
    const run = await runCli(['--help']);
    expect(run.status).toBe(0);
    for (const c of COMMANDS) expect(run.stdout).toContain(`  ${c.name}`);
  });

  for (const command of COMMANDS) {
    it(`${command.name} --help documents every option`, async () => {
      const run = await runCli([command.name, '--help']);
      expect(run).toEqual({ status: 0, stdout: `${command.help}\n`, stderr: '' });
      for (const name of [...Object.keys(command.options), 'help']) {
        expect(run.stdout, name).toMatch(new RegExp(`^  (-\\w, )?--${name}\\b`, 'm'));
      }
    });
  }
});
