import { Analytics } from './analytics.ts';
import type { ViewerBoot } from './boot.ts';
import { readBoot, setText, t } from './dom.ts';
import { PageFlipBook, PageLoader, ScrollBook, pageFrame, type Flipbook } from './flipbook.ts';
import { openOwnerPanel, showSavedNotice } from './owner.ts';
import { openPdf, openPictures, openShare } from './panels.ts';
import { Cart, openProduct } from './product.ts';

/**
 * The viewer's script: takes over the server-drawn first spread with the flipbook (or the scroll mode), loads
 * the other pages around the current spread, and wires the bar, the keys, products, the cart and, for the
 * owner, the settings panel.
 */
const boot: ViewerBoot = readBoot();
setText(boot.text);
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
const host = $('vw-book')!;
const counter = $('vw-counter')!;
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
const analytics = new Analytics(boot);
const cart = new Cart(boot, () => updateCartBadge());

// Every page gets a frame; the server's first spread is moved in as it is (no second request for it).
const frames = Array.from({ length: boot.pages }, (_, i) => {
  const drawn = host.querySelector<HTMLElement>(`.vw-static .vw-page[data-page="${i + 1}"]`);
  if (drawn) {
    drawn.setAttribute('aria-label', t('pageLabel', { page: i + 1 }));
    return drawn;
  }
  return pageFrame(i);
});
const loader = new PageLoader(frames, boot.api, decorate);
frames.forEach((f) => f.querySelector('.cb-page') && decorate(f));

/** Products on a page become buttons: the keyboard reaches them and they open the product modal. */
function decorate(frame: HTMLElement) {
  for (const el of Array.from(frame.querySelectorAll<HTMLElement>('[data-product-id]'))) {
    el.tabIndex = 0;
    el.setAttribute('role', 'button');
    const name = el.querySelector('img')?.getAttribute('alt') || el.textContent?.trim().slice(0, 80) || '';
    el.setAttribute('aria-label', `${t('product.title')}: ${name}`);
  }
}

let zoom = 1;
let mode: 'book' | 'scroll' = boot.mode;
let book: Flipbook = createBook(boot.start);

function createBook(start: number): Flipbook {
  const options = {
    frames,
    host,
    start,
    ratio: boot.ratio,
    pageWidthPx: boot.pageWidthPx,
    single: boot.single,
    rtl: boot.rtl,
    reducedMotion,
  };
  for (const f of frames) {
    f.removeAttribute('style');
    f.classList.remove('stf__item', '--soft', '--hard', '--left', '--right', '--simple');
  }
  const b = mode === 'scroll' ? new ScrollBook(options) : new PageFlipBook(options);
  b.onChange(onPages);
  return b;
}

function onPages(visible: number[]) {
  const first = visible[0] ?? 0;
  const last = visible.at(-1) ?? first;
  counter.textContent =
    first === last
      ? t('counter', { page: first + 1, total: boot.pages })
      : t('counterSpread', { first: first + 1, last: last + 1, total: boot.pages });
  // DESIGN §13: before any interaction, only the current spread and the spreads on either side.
  loader.ensure([first - 2, first - 1, ...visible, last + 1, last + 2]);
  // The 'Go to page' box shows the page on screen (not while the reader types in it).
  const jump = $('vw-jump-input') as HTMLInputElement | null;
  if (jump && document.activeElement !== jump) jump.value = String(first + 1);
  ($('vw-prev') as HTMLButtonElement | null)?.toggleAttribute('disabled', first <= 0);
  ($('vw-first') as HTMLButtonElement | null)?.toggleAttribute('disabled', first <= 0);
  ($('vw-next') as HTMLButtonElement | null)?.toggleAttribute('disabled', last >= boot.pages - 1);
  ($('vw-last') as HTMLButtonElement | null)?.toggleAttribute('disabled', last >= boot.pages - 1);
  for (const b of Array.from(document.querySelectorAll<HTMLElement>('.vw-thumb'))) {
    const p = Number(b.dataset.page) - 1;
    b.setAttribute('aria-current', String(p >= first && p <= last));
  }
  analytics.pages(visible);
}

const stage = $('vw-stage')!;

/** Zoom between 1 and 3, keeping the point at the middle of the stage where it was. */
function setZoom(z: number) {
  const next = Math.max(1, Math.min(3, Math.round(z * 20) / 20));
  if (next === zoom) return;
  const cx = (stage.scrollLeft + stage.clientWidth / 2) / Math.max(1, stage.scrollWidth);
  const cy = (stage.scrollTop + stage.clientHeight / 2) / Math.max(1, stage.scrollHeight);
  zoom = next;
  book.setZoom(zoom);
  stage.scrollLeft = cx * stage.scrollWidth - stage.clientWidth / 2;
  stage.scrollTop = cy * stage.scrollHeight - stage.clientHeight / 2;
}

// Two fingers pinch the pages bigger or smaller (the browser's own pinch would zoom the bars with them); one
// finger pans a zoomed page (the stage scrolls) or, at 1×, swipes to turn it (the book's own handler).
let pinch: { distance: number; zoom: number } | null = null;
let pinchFrame = 0;
const spread = (e: TouchEvent) => {
  const [a, b] = [e.touches[0]!, e.touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
};
stage.addEventListener(
  'touchstart',
  (e) => {
    if (e.touches.length === 2) pinch = { distance: Math.max(1, spread(e)), zoom };
  },
  { passive: true },
);
stage.addEventListener(
  'touchmove',
  (e) => {
    if (!pinch || e.touches.length !== 2) return;
    e.preventDefault();
    const target = (pinch.zoom * spread(e)) / pinch.distance;
    cancelAnimationFrame(pinchFrame);
    pinchFrame = requestAnimationFrame(() => setZoom(target));
  },
  { passive: false },
);
stage.addEventListener('touchend', (e) => {
  if (e.touches.length < 2) pinch = null;
});

const on = (id: string, fn: () => void) => $(id)?.addEventListener('click', fn);
on('vw-next', () => book.next());
on('vw-prev', () => book.prev());
on('vw-first', () => book.go(0));
on('vw-last', () => book.go(boot.pages - 1));
on('vw-zoom-in', () => setZoom(zoom + 0.5));
on('vw-zoom-out', () => setZoom(zoom - 0.5));
on('vw-full', () => {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void document.documentElement.requestFullscreen?.();
});
document.addEventListener('fullscreenchange', () => {
  const label = t(document.fullscreenElement ? 'toolbar.exitFullscreen' : 'toolbar.fullscreen');
  $('vw-full')?.setAttribute('aria-label', label);
});
on('vw-mode', () => {
  const at = book.visible()[0] ?? 0;
  book.destroy();
  mode = mode === 'book' ? 'scroll' : 'book';
  $('vw-mode')?.setAttribute('aria-label', t(mode === 'scroll' ? 'toolbar.book' : 'toolbar.scroll'));
  const label = $('vw-mode')?.querySelector('.vw-label');
  if (label) label.textContent = t(mode === 'scroll' ? 'toolbar.book' : 'toolbar.scroll');
  book = createBook(at);
  if (zoom !== 1) book.setZoom(zoom);
});
on('vw-thumbs-toggle', toggleThumbs);
on('vw-share', () => openShare(boot));
on('vw-pdf', () => openPdf(boot, 'download'));
on('vw-print', () => openPdf(boot, 'print'));
on('vw-pictures', () => openPictures(boot));
on('vw-cart', () => cart.open());
on('vw-settings', () => openOwnerPanel(boot));
on('vw-owner-note', () => openOwnerPanel(boot));
$('vw-jump')?.addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('vw-jump-input') as HTMLInputElement;
  const n = Number(input.value);
  if (Number.isInteger(n) && n >= 1 && n <= boot.pages) book.go(n - 1);
  input.blur();
  input.value = String((book.visible()[0] ?? 0) + 1);
});

function toggleThumbs() {
  const strip = $('vw-thumbs')!;
  const show = strip.hidden;
  strip.hidden = !show;
  $('vw-thumbs-toggle')?.setAttribute('aria-expanded', String(show));
  if (show && !strip.childElementCount) {
    const visible = book.visible();
    boot.thumbs.forEach((src, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'vw-thumb';
      b.dataset.page = String(i + 1);
      b.setAttribute('aria-label', t('pageLabel', { page: i + 1 }));
      b.setAttribute('aria-current', String(visible.includes(i)));
      if (src) {
        const img = document.createElement('img');
        img.src = src;
        img.alt = '';
        img.loading = 'lazy';
        b.append(img);
      } else {
        const blank = document.createElement('span');
        blank.className = 'vw-thumb-blank';
        blank.textContent = String(i + 1);
        b.append(blank);
      }
      const label = document.createElement('span');
      label.textContent = String(i + 1);
      label.setAttribute('aria-hidden', 'true');
      b.append(label);
      b.addEventListener('click', () => book.go(i));
      strip.append(b);
    });
  }
  if (show) (strip.querySelector('[aria-current="true"]') as HTMLElement | null)?.focus();
}

// Keys (SPEC: ←/→, Home/End, +/−): in reading order, so ← goes forward in a right-to-left catalog.
document.addEventListener('keydown', (e) => {
  const target = e.target as HTMLElement;
  if (document.querySelector('dialog[open]') || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const forward = boot.rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = boot.rtl ? 'ArrowRight' : 'ArrowLeft';
  const actions: Record<string, () => void> = {
    [forward]: () => book.next(),
    [back]: () => book.prev(),
    Home: () => book.go(0),
    End: () => book.go(boot.pages - 1),
    '+': () => setZoom(zoom + 0.5),
    '=': () => setZoom(zoom + 0.5),
    '-': () => setZoom(zoom - 0.5),
  };
  if ((e.key === 'Enter' || e.key === ' ') && target.dataset.productId) {
    e.preventDefault();
    return showProduct(target.dataset.productId);
  }
  const action = actions[e.key];
  if (action) {
    e.preventDefault();
    action();
  }
});

// page-flip turns the leaf on a mouse press in a page corner, where products often sit: a press on a product or
// a link is kept from it, so the click opens the product (dragging from elsewhere, keys and buttons still turn).
host.addEventListener(
  'mousedown',
  (e) => {
    if ((e.target as HTMLElement).closest('[data-product-id], a')) e.stopPropagation();
  },
  true,
);

host.addEventListener('click', (e) => {
  const el = (e.target as HTMLElement).closest<HTMLElement>('[data-product-id]');
  if (!el?.dataset.productId) return;
  // SPEC products_link online_store: the page's own link goes to the store; the click is still counted.
  if (boot.productsLink === 'online_store' && (e.target as HTMLElement).closest('a')) {
    analytics.productClick(el.dataset.productId);
    return;
  }
  e.preventDefault();
  showProduct(el.dataset.productId);
});

function showProduct(id: string) {
  analytics.productClick(id);
  void openProduct(boot, id, cart);
}

function updateCartBadge() {
  const button = $('vw-cart');
  if (!button) return;
  const n = cart.count();
  const label = n ? t('toolbar.cartCount', { count: n }) : t('toolbar.cart');
  button.setAttribute('aria-label', label);
  button.title = label;
  const text = button.querySelector('.vw-label');
  if (text) text.textContent = label;
  let badge = button.querySelector('.vw-badge');
  if (n && !badge) {
    badge = document.createElement('span');
    badge.className = 'vw-badge';
    badge.setAttribute('aria-hidden', 'true');
    button.append(badge);
  }
  if (badge) {
    badge.textContent = String(n);
    (badge as HTMLElement).hidden = !n;
  }
}
updateCartBadge();
showSavedNotice(boot);
if (boot.showSharing && boot.buttons.share) openShare(boot);
if (boot.showListing) showProduct(boot.showListing);
