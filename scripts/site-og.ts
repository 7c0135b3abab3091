/**
 * `npm run site:og`: the Open Graph images of the public site's template pages (public/site/og/<kind>.png,
 * 1200×630). Each shows the first page of that template exactly as core/render draws it on the template page
 * (twelve sample products, the renderer the PDF and the flipbook use), on the site's card, with the template's
 * name. Run it after changing a template or the sample products (it builds the app first when stale).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { launchBrowser } from '../e2e/support/browser.ts';
import { getT } from '../core/i18n/index.ts';
import { SITE_PAGES, sitePath } from '../core/site/index.ts';
import { ensureBuild } from './build-if-stale.mjs';
import { startTestServer } from './testing/server.ts';

const WIDTH = 1200;
const HEIGHT = 630;
const BRAND = '#1f3a5f';
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The text side of the card: the brand, the template's name over two lines at most, and what it is. */
const wrap = (text: string, max: number) => {
  const lines: string[] = [];
  for (const w of text.split(' ')) {
    const last = lines.at(-1);
    if (last && (last + ' ' + w).length <= max) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines;
};

function textLayer(title: string, tagline: string): Buffer {
  const lines = wrap(title, 16);
  const below = 250 + lines.length * 68 + 10;
  const titleSvg = lines
    .map((l, i) => `<text x="70" y="${250 + i * 68}" class="t">${escapeXml(l)}</text>`)
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <style>
        .t { font: 700 60px 'DejaVu Sans', sans-serif; fill: #fff; }
        .s { font: 400 28px 'DejaVu Sans', sans-serif; fill: #dfe7f1; }
        .b { font: 700 30px 'DejaVu Sans', sans-serif; fill: #fff; }
      </style>
      <rect x="70" y="90" width="44" height="58" rx="6" fill="#fff"/>
      <rect x="82" y="100" width="44" height="58" rx="6" fill="#c9a766"/>
      <text x="146" y="138" class="b">Catalog Builder</text>
      ${titleSvg}
      ${wrap(tagline, 34)
        .map((l, i) => `<text x="70" y="${below + i * 40}" class="s">${escapeXml(l)}</text>`)
        .join('')}
    </svg>`,
  );
}

async function main() {
  ensureBuild((m) => console.log(m));
  const server = await startTestServer({ WORKER: 'off' });
  const browser = await launchBrowser();
  const out = path.join(process.cwd(), 'public/site/og');
  mkdirSync(out, { recursive: true });
  const t = getT('en', 'site');
  try {
    const done = new Set<string>();
    for (const site of SITE_PAGES) {
      if (site.kind !== 'template' || !site.template || done.has(site.template)) continue;
      done.add(site.template);
      const context = await browser.newContext({
        viewport: { width: 1440, height: 900 },
        deviceScaleFactor: 2,
      });
      const page = await context.newPage();
      await page.goto(server.url + sitePath(site, 'en'));
      const first = page.locator('.cb-template-pages__page').first().locator('> :first-child');
      await first.waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.cb-template-pages img')].every(
          (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
        ),
      );
      const drawn = await first.screenshot({ type: 'png' });
      await context.close();
      // The drawn page, 540 px high, on a white sheet with a shadow, right of the text.
      const sheet = await sharp(drawn).resize({ height: 540 }).png().toBuffer();
      const { width: sheetWidth = 400 } = await sharp(sheet).metadata();
      const left = WIDTH - 70 - sheetWidth;
      const card = await sharp({
        create: { width: WIDTH, height: HEIGHT, channels: 4, background: BRAND },
      })
        .composite([
          { input: textLayer(t(`pages.${site.id}.h1`), t('footer.tagline')), top: 0, left: 0 },
          {
            input: await sharp({
              create: { width: sheetWidth + 12, height: 552, channels: 4, background: '#0f2238' },
            })
              .png()
              .toBuffer(),
            top: 51,
            left: left - 2,
          },
          { input: sheet, top: 45, left },
        ])
        .png({ compressionLevel: 9 })
        .toBuffer();
      writeFileSync(path.join(out, `${site.template}.png`), card);
      console.log(`public/site/og/${site.template}.png from ${sitePath(site, 'en')}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
