import { PageFlip } from 'page-flip';
import { h, t } from './dom.ts';

/** How far a finger must travel sideways, in CSS pixels, for a swipe to turn the page. */
const SWIPE_PX = 40;

/**
 * Our own small interface over the page-turn effect (DESIGN §6), so `page-flip` can be replaced: a book that
 * turns pages, and a scroll mode that reads as a document. Pages are 0-based logical indices (reading order,
 * whatever the direction).
 */
export interface Flipbook {
  /** Pages on screen now, in reading order. */
  visible(): number[];
  go(page: number): void;
  next(): void;
  prev(): void;
  setZoom(zoom: number): void;
  onChange(listener: (visible: number[]) => void): void;
  destroy(): void;
}

export type BookOptions = {
  frames: HTMLElement[];
  host: HTMLElement;
  start: number;
  ratio: number;
  pageWidthPx: number;
  single: boolean;
  rtl: boolean;
  reducedMotion: boolean;
};

/** A page frame: the server's markup when it came with the first spread, else a placeholder to fill. */
export function pageFrame(page: number): HTMLElement {
  return h(
    'div',
    { className: 'vw-page', 'data-page': page + 1, 'aria-label': t('pageLabel', { page: page + 1 }) },
    h('div', { className: 'vw-loading' }, t('loading')),
  );
}

/** Pages as HTML fragments from the server, asked for around what is on screen, at most 8 at a time. */
export class PageLoader {
  private readonly asked = new Set<number>();
  constructor(
    private readonly frames: HTMLElement[],
    private readonly api: string,
    private readonly onLoaded: (frame: HTMLElement) => void,
  ) {
    frames.forEach((f, i) => {
      if (f.querySelector('.cb-page')) this.asked.add(i);
    });
  }

  ensure(pages: number[]): void {
    const missing = [...new Set(pages)]
      .filter((p) => p >= 0 && p < this.frames.length && !this.asked.has(p))
      .sort((a, b) => a - b);
    const runs: [number, number][] = [];
    for (const p of missing) {
      const last = runs.at(-1);
      if (last && p === last[1] + 1 && p - last[0] < 8) last[1] = p;
      else runs.push([p, p]);
    }
    for (const [from, to] of runs) {
      for (let p = from; p <= to; p++) this.asked.add(p);
      void this.load(from, to);
    }
  }

  private async load(from: number, to: number): Promise<void> {
    try {
      const res = await fetch(`${this.api}/fragments?from=${from + 1}&to=${to + 1}`, {
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const tpl = document.createElement('template');
      tpl.innerHTML = await res.text();
      for (const framed of Array.from(tpl.content.querySelectorAll<HTMLElement>('.vw-page'))) {
        const index = Number(framed.dataset.page) - 1;
        const frame = this.frames[index];
        if (!frame) continue;
        frame.replaceChildren(...Array.from(framed.childNodes));
        this.onLoaded(frame);
      }
    } catch {
      // Asked again the next time these pages come near the screen.
      for (let p = from; p <= to; p++) this.asked.delete(p);
    }
  }
}

/** The book: page-flip in HTML mode, covers hard, spreads, single pages on narrow screens. */
export class PageFlipBook implements Flipbook {
  private readonly flip: PageFlip;
  private readonly container: HTMLElement;
  private readonly listeners: ((visible: number[]) => void)[] = [];
  private zoom = 1;
  private readonly minWidth: number;
  private readonly cover: boolean;
  private swipeFrom: { x: number; y: number } | null = null;
  private readonly n: number;
  private readonly onResize = () => requestAnimationFrame(() => this.layout());

  constructor(private readonly o: BookOptions) {
    this.n = o.frames.length;
    this.minWidth = o.single ? 5000 : 260;
    // The cover stands alone, then pages pair (2–3, 4–5…). Right to left the frames go in reversed, and
    // page-flip's showCover would then set the last page alone and pair the cover with page 2 when the count
    // is odd; without it, page-flip pairs (n, n−1)… and leaves the cover alone at the end, as it should be.
    this.cover = !(o.rtl && this.n % 2 === 1);
    this.container = h('div', { className: 'vw-flip' });
    o.host.replaceChildren(this.container);
    const height = o.pageWidthPx / o.ratio;
    this.sizeContainer();
    this.flip = new PageFlip(this.container, {
      width: o.pageWidthPx,
      height,
      size: 'stretch',
      // page-flip turns single when its block is narrower than two minimum pages: always, in single-page mode.
      minWidth: this.minWidth,
      maxWidth: 5000,
      minHeight: 100,
      maxHeight: 10000,
      autoSize: false,
      showCover: this.cover,
      // page-flip's own swipe aims outside the book in portrait (see turn); ours is in onTouchEnd.
      swipeDistance: 1e6,
      usePortrait: true,
      drawShadow: true,
      maxShadowOpacity: 0.4,
      flippingTime: o.reducedMotion ? 1 : 700,
      disableFlipByClick: true,
      showPageCorners: !o.reducedMotion,
      mobileScrollSupport: true,
      startPage: this.physical(o.start),
    });
    // The library sizes its block to its minimum page; ours is sized by the stage (sizeContainer).
    this.container.style.minWidth = '0';
    this.container.style.minHeight = '0';
    const ordered = o.rtl ? [...o.frames].reverse() : o.frames;
    if (this.cover) {
      ordered[0]?.setAttribute('data-density', 'hard');
      ordered[ordered.length - 1]?.setAttribute('data-density', 'hard');
    }
    this.container.addEventListener('touchstart', this.onTouchStart, { passive: true });
    this.container.addEventListener('touchend', this.onTouchEnd, { passive: true });
    this.flip.on('flip', () => this.changed());
    this.flip.on('init', () => {
      this.layout();
      this.changed();
    });
    this.flip.on('changeOrientation', () => {
      this.scale();
      this.changed();
    });
    this.flip.loadFromHTML(ordered);
    window.addEventListener('resize', this.onResize);
  }

  private readonly onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    this.swipeFrom = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
  };

  /** A swipe turns the page in reading order; zoomed in, the finger pans the page instead. */
  private readonly onTouchEnd = (e: TouchEvent) => {
    const from = this.swipeFrom;
    this.swipeFrom = null;
    const t = e.changedTouches[0];
    if (!from || !t || this.zoom > 1) return;
    const dx = t.clientX - from.x;
    const dy = t.clientY - from.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    if (dx < 0 !== this.o.rtl) this.next();
    else this.prev();
  };

  private physical(page: number): number {
    return this.o.rtl ? this.n - 1 - page : page;
  }

  private sizeContainer() {
    const { host } = this.o;
    this.container.style.width = `${Math.floor(host.clientWidth * this.zoom)}px`;
    this.container.style.height = `${Math.floor(host.clientHeight * this.zoom)}px`;
  }

  private layout() {
    this.sizeContainer();
    this.flip.update();
    this.scale();
  }

  private scale() {
    const rect = this.flip.getBoundsRect();
    if (rect?.pageWidth)
      this.container.style.setProperty('--vw-scale', String(rect.pageWidth / this.o.pageWidthPx));
  }

  visible(): number[] {
    const p = this.flip.getCurrentPageIndex();
    const pages =
      this.flip.getOrientation() === 'portrait'
        ? [p]
        : !this.cover
          ? p % 2 === 0
            ? [p, p + 1]
            : [p - 1, p]
          : p === 0 || p === this.n - 1
            ? [p]
            : p % 2 === 1
              ? [p, p + 1]
              : [p - 1, p];
    const logical = pages.filter((x) => x >= 0 && x < this.n).map((x) => (this.o.rtl ? this.n - 1 - x : x));
    return logical.sort((a, b) => a - b);
  }

  private changed() {
    const v = this.visible();
    for (const l of this.listeners) l(v);
  }

  /**
   * Turn one leaf with the animation, from the book's own corner. page-flip's flipNext/flipPrev aim at points
   * that miss the corners whenever the book is letterboxed or in portrait (it then does nothing), and refuse
   * clicks away from corners while disableFlipByClick keeps product clicks from turning pages; so we aim
   * ourselves, with clicks allowed for that one call.
   */
  private turn(forward: boolean) {
    const r = this.flip.getBoundsRect();
    const portrait = this.flip.getOrientation() === 'portrait';
    const x = forward ? r.left + r.width - 5 : r.left + (portrait ? r.pageWidth : 0) + 5;
    const settings = this.flip.getSettings();
    settings.disableFlipByClick = false;
    try {
      this.flip.getFlipController().flip({ x, y: r.top + r.height - 5 });
    } finally {
      settings.disableFlipByClick = true;
    }
  }

  /** A jump: no leaf to turn, so the book fades to the page. */
  private jump(target: number) {
    this.container.classList.add('vw-fade');
    setTimeout(() => {
      this.flip.turnToPage(target);
      this.changed();
      this.container.classList.remove('vw-fade');
    }, 120);
  }

  go(page: number): void {
    const logical = Math.max(0, Math.min(this.n - 1, page));
    const v = this.visible();
    if (v.includes(logical)) return;
    const first = v[0] ?? 0;
    const last = v.at(-1) ?? first;
    if (logical === last + 1) return this.next();
    if (logical === first - 1) return this.prev();
    this.jump(this.physical(logical));
  }

  next(): void {
    const last = this.visible().at(-1) ?? 0;
    if (last >= this.n - 1) return;
    if (this.o.reducedMotion) return this.jump(this.physical(last + 1));
    this.turn(!this.o.rtl);
  }

  prev(): void {
    const first = this.visible()[0] ?? 0;
    if (first <= 0) return;
    if (this.o.reducedMotion) return this.jump(this.physical(first - 1));
    this.turn(this.o.rtl);
  }

  setZoom(zoom: number): void {
    this.zoom = zoom;
    this.o.host.classList.toggle('vw-zoomed', zoom > 1);
    // page-flip shows single pages when its block is narrower than two minimum pages: zoomed, the block is wider
    // but a phone's single page must stay single (a bigger page, not a spread), so the minimum grows with it.
    this.flip.getSettings().minWidth = this.minWidth * zoom;
    this.layout();
  }

  onChange(listener: (visible: number[]) => void): void {
    this.listeners.push(listener);
  }

  destroy(): void {
    window.removeEventListener('resize', this.onResize);
    this.flip.destroy();
  }
}

/** Scroll mode: the pages one under the other, read as a document; the most visible page is the current one. */
export class ScrollBook implements Flipbook {
  private readonly container: HTMLElement;
  private readonly listeners: ((visible: number[]) => void)[] = [];
  private readonly ratios = new Map<number, number>();
  private current = 0;
  private readonly observer: IntersectionObserver;
  private readonly resize: ResizeObserver;

  constructor(private readonly o: BookOptions) {
    this.container = h('div', { className: 'vw-scroll', role: 'document' });
    this.container.append(...o.frames);
    o.host.replaceChildren(this.container);
    this.current = o.start;
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries)
          this.ratios.set(Number((e.target as HTMLElement).dataset.page) - 1, e.intersectionRatio);
        let best = this.current;
        let bestRatio = -1;
        for (const [p, r] of this.ratios)
          if (r > bestRatio || (r === bestRatio && p < best)) [best, bestRatio] = [p, r];
        if (bestRatio > 0 && best !== this.current) {
          this.current = best;
          this.changed();
        }
      },
      { root: o.host, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const f of o.frames) this.observer.observe(f);
    this.resize = new ResizeObserver(() => {
      const w = o.frames[0]?.clientWidth ?? 0;
      if (w) this.container.style.setProperty('--vw-scale', String(w / o.pageWidthPx));
    });
    if (o.frames[0]) this.resize.observe(o.frames[0]);
    requestAnimationFrame(() => {
      o.frames[o.start]?.scrollIntoView({ block: 'start' });
      this.changed();
    });
  }

  visible(): number[] {
    return [this.current];
  }

  private changed() {
    for (const l of this.listeners) l(this.visible());
  }

  go(page: number): void {
    const p = Math.max(0, Math.min(this.o.frames.length - 1, page));
    this.o.frames[p]?.scrollIntoView({ behavior: this.o.reducedMotion ? 'auto' : 'smooth', block: 'start' });
    this.current = p;
    this.changed();
  }

  next(): void {
    this.go(this.current + 1);
  }

  prev(): void {
    this.go(this.current - 1);
  }

  setZoom(zoom: number): void {
    this.container.style.setProperty('--vw-scroll-w', `${Math.round(860 * zoom)}px`);
  }

  onChange(listener: (visible: number[]) => void): void {
    this.listeners.push(listener);
  }

  destroy(): void {
    this.observer.disconnect();
    this.resize.disconnect();
  }
}
