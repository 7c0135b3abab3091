import type { Page } from 'puppeteer-core';
import type { LayoutFacts, Where } from '../../../core/preflight/index.ts';
import { fontsNotEmbeddable } from './font-embedding.server.ts';

/**
 * In the laid-out page (the export's own, after its pictures are in place, or the preflight's with stand-ins of
 * the same size): what the preflight needs from the layout. Text is measured where it shows: a run cut off by
 * the box that clips it counts as that box's overflow (by how far its line boxes pass the box's edges), not as
 * text in the bleed.
 */
const LAYOUT_FACTS_SCRIPT = `() => {
  const pages = Array.from(document.querySelectorAll('.cb-page'));
  const where = (el, page) => {
    const cell = el.closest('[data-cell-index]');
    const owner = el.closest('[data-element-id]');
    return {
      page,
      cell: cell ? Number(cell.getAttribute('data-cell-index')) : null,
      elementId: (owner && owner.getAttribute('data-element-id')) || null,
    };
  };
  const out = {
    pageIds: pages.map((p) => p.getAttribute('data-page-id') || ''),
    elements: [],
    missingPictures: [],
    overflows: [],
    textEdges: [],
    emptyCells: [],
    failedFonts: [],
  };
  const placed = new Set();
  const CLIPS = '.cb-cell-body, .cb-caption-box, .cb-rich, .cb-band, .cb-description, .cb-list';
  const range = document.createRange();
  pages.forEach((page, pi) => {
    const trim = page.getBoundingClientRect();
    for (const el of page.querySelectorAll('[data-element-id]')) {
      const id = el.getAttribute('data-element-id');
      if (!id || placed.has(id)) continue;
      placed.add(id);
      out.elements.push(where(el, pi));
    }
    for (const el of page.querySelectorAll('.cb-img-placeholder, img')) {
      if (el.tagName === 'IMG' && !/#cbm\\d+$/.test(el.getAttribute('src') || '')) continue;
      out.missingPictures.push(where(el, pi));
    }
    for (const el of page.querySelectorAll('.cb-cell--empty')) {
      const accepts = el.closest('.cb-page--cover') ? false : true;
      if (accepts) out.emptyCells.push(where(el, pi));
    }
    const nearest = new Map();
    const cut = new Map();
    const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const host = n.parentElement;
      if (!host || !n.textContent.trim() || host.closest('.cb-watermark')) continue;
      const clip = host.closest(CLIPS);
      const c = clip ? clip.getBoundingClientRect() : null;
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (clip && r.width > 0.5) {
          // How far the text runs past the box that cuts it off. A run's box is its font's whole height, taller
          // than its line when the line height is tight: a quarter of it past the edge is leading, not a cut.
          const down = Math.max(r.bottom - c.bottom, c.top - r.top);
          const across = Math.max(r.right - c.right, c.left - r.left);
          const over = Math.max(down > r.height / 4 ? down : 0, across);
          if (over > (cut.get(clip) || 0)) cut.set(clip, over);
        }
        const left = c ? Math.max(r.left, c.left) : r.left;
        const right = c ? Math.min(r.right, c.right) : r.right;
        const top = c ? Math.max(r.top, c.top) : r.top;
        const bottom = c ? Math.min(r.bottom, c.bottom) : r.bottom;
        if (right - left < 0.5 || bottom - top < 0.5) continue;
        const d = Math.min(left - trim.left, top - trim.top, trim.right - right, trim.bottom - bottom);
        const w = where(host, pi);
        const key = w.cell !== null ? 'c' + w.cell : (host.closest('.cb-band') ? 'b' + host.closest('.cb-band').className : 'p');
        const prev = nearest.get(key);
        if (!prev || d < prev.px) nearest.set(key, { ...w, px: d });
      }
    }
    out.textEdges.push(...nearest.values());
    for (const [clip, px] of cut) out.overflows.push({ ...where(clip, pi), px });
  });
  for (const f of document.fonts) if (f.status === 'error') out.failedFonts.push(f.family.replace(/^["']|["']$/g, ''));
  out.failedFonts = [...new Set(out.failedFonts)];
  return out;
}`;

export type PicturePlacement = Where & { id: number; width: number; height: number };

/**
 * The layout's facts, with the pictures' placed sizes (measured before) and their pixel sizes, and the custom
 * fonts' files read for their embedding licence.
 */
export async function collectLayoutFacts(
  page: Page,
  placements: PicturePlacement[],
  pixels: ({ width: number; height: number } | null)[],
  fonts: { family: string; file: string }[],
): Promise<LayoutFacts> {
  const measured = (await page.evaluate(`(${LAYOUT_FACTS_SCRIPT})()`)) as Omit<
    LayoutFacts,
    'pictures' | 'fontsNotEmbeddable'
  >;
  return {
    ...measured,
    fontsNotEmbeddable: await fontsNotEmbeddable(fonts),
    pictures: placements.map((p) => ({
      page: p.page,
      cell: p.cell,
      elementId: p.elementId,
      width: p.width,
      height: p.height,
      pixels: pixels[p.id] ?? null,
    })),
  };
}
