import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { getT, resources, type Language } from '../core/i18n/index.ts';
import type { ViewerBoot } from './client/boot.ts';
import { VIEWER_CSS } from './styles.ts';

/** The HTML documents the viewer answers: the catalog, its password form, and the not-found page. */

export type DocumentHead = {
  title: string;
  lang: Language;
  description?: string;
  canonical?: string | null;
  noindex?: boolean;
  image?: string | null;
  url?: string;
  jsonLd?: string | null;
  extraCss?: string;
  background?: string;
  /** Font files the first spread needs at once (fetched before the stylesheet asks for them). */
  fontPreloads?: string[];
};

/** The viewer namespace of a language, keys flattened with dots (the client's dictionary). */
export function flatText(lang: Language): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (o: object, p: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (v && typeof v === 'object') walk(v, `${p}${k}.`);
      else out[`${p}${k}`] = String(v);
    }
  };
  walk(resources[lang].viewer, '');
  return out;
}

/** JSON inside a <script> element: `<` escaped so no value can close it. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function headHtml(h: DocumentHead): string {
  const meta = (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{h.title}</title>
      {h.description ? <meta name="description" content={h.description} /> : null}
      <meta name="robots" content={h.noindex ? 'noindex, nofollow' : 'index, follow'} />
      {h.canonical ? <link rel="canonical" href={h.canonical} /> : null}
      {h.url ? (
        <>
          <meta property="og:type" content="website" />
          <meta property="og:title" content={h.title} />
          <meta property="og:url" content={h.url} />
          {h.description ? <meta property="og:description" content={h.description} /> : null}
          {h.image ? <meta property="og:image" content={h.image} /> : null}
          <meta name="twitter:card" content={h.image ? 'summary_large_image' : 'summary'} />
        </>
      ) : null}
      {h.background ? <meta name="theme-color" content={h.background} /> : null}
      {(h.fontPreloads ?? []).map((href) => (
        <link key={href} rel="preload" as="font" href={href} crossOrigin="anonymous" />
      ))}
    </>
  );
  return (
    renderToStaticMarkup(meta) +
    `<style>${VIEWER_CSS}${(h.extraCss ?? '').replace(/<\/style/gi, '<\\/style')}</style>` +
    (h.jsonLd ? `<script type="application/ld+json">${h.jsonLd}</script>` : '')
  );
}

export function htmlDocument(h: DocumentHead, bodyAttrs: string, body: string): string {
  return `<!doctype html>\n<html lang="${h.lang}"><head>${headHtml(h)}</head><body ${bodyAttrs}>${body}</body></html>\n`;
}

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={d} />
  </svg>
);
const ICONS = {
  first: 'M18 6l-6 6 6 6M7 6v12',
  prev: 'M15 6l-6 6 6 6',
  next: 'M9 6l6 6-6 6',
  last: 'M6 6l6 6-6 6M17 6v12',
  zoomIn: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M11 8v6M8 11h6',
  zoomOut: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11h6',
  full: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  thumbs: 'M4 5h7v6H4zM13 5h7v6h-7zM4 13h7v6H4zM13 13h7v6h-7z',
  share:
    'M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  print: 'M6 9V3h12v6M6 18H4v-7h16v7h-2M7 14h10v7H7z',
  pdf: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  pages: 'M4 4h10v14H4zM8 8h12v12H8',
  cart: 'M3 4h2l2.4 11h10.2L20 7H6.2M9 20a1 1 0 1 0 0-.01M17 20a1 1 0 1 0 0-.01',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1A1.7 1.7 0 0 0 7 19.4a1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1A1.7 1.7 0 0 0 1.2 14H1a2 2 0 1 1 0-4h.1A1.7 1.7 0 0 0 4.6 7a1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1A1.7 1.7 0 0 0 10 1.2V1a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9h.1a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.6 1z',
  scroll: 'M6 3h12v8H6zM6 13h12v8H6z',
};

function ToolButton(props: {
  id: string;
  label: string;
  icon: keyof typeof ICONS;
  hidden?: boolean;
  narrow?: boolean;
}) {
  if (props.hidden) return null;
  return (
    <button
      type="button"
      className={`vw-btn${props.narrow === false ? ' vw-hide-narrow' : ''}`}
      id={props.id}
      aria-label={props.label}
      title={props.label}
    >
      {icon(ICONS[props.icon])}
      <span className="vw-label" aria-hidden="true">
        {props.label}
      </span>
    </button>
  );
}

/** The catalog: its bar, the first spread already drawn, the navigation, and the script that takes over. */
export function viewerDocument(opts: {
  head: DocumentHead;
  boot: ViewerBoot;
  spreadHtml: string;
  scriptUrl: string;
  pageWidthPx: number;
}): string {
  const { boot } = opts;
  const t = getT(boot.lang, 'viewer');
  const s = (k: string, v?: Record<string, unknown>) => String(t(k, v));
  const single = boot.single || boot.start === 0 || boot.mode === 'scroll';
  // The owner is told at once when visitors cannot see the catalog as they do: a draft, or a protection their plan
  // no longer includes. The note opens the settings panel, which says what to do.
  const ownerNote = !boot.owner
    ? null
    : !boot.owner.published
      ? s('owner.draftPill')
      : boot.owner.protectionLapsed
        ? s('owner.lapsedPill')
        : null;
  const bar: ReactNode = (
    <header className="vw-bar">
      <h1 className="vw-title">{boot.title}</h1>
      {ownerNote ? (
        <button type="button" className="vw-btn vw-pill" id="vw-owner-note">
          {ownerNote}
        </button>
      ) : null}
      <div className="vw-tools" role="toolbar" aria-label={s('toolbar.label')}>
        <ToolButton id="vw-share" label={s('toolbar.share')} icon="share" hidden={!boot.buttons.share} />
        <ToolButton
          id="vw-print"
          label={s('toolbar.print')}
          icon="print"
          hidden={!boot.buttons.print}
          narrow={false}
        />
        <ToolButton
          id="vw-pdf"
          label={s('toolbar.downloadPdf')}
          icon="pdf"
          hidden={!boot.buttons.downloadPdf}
        />
        <ToolButton
          id="vw-pictures"
          label={s('toolbar.downloadPages')}
          icon="pages"
          hidden={!boot.buttons.downloadPages}
          narrow={false}
        />
        <ToolButton
          id="vw-cart"
          label={s('toolbar.cart')}
          icon="cart"
          hidden={boot.productsLink !== 'digital_orders' && boot.productsLink !== 'retail_orders'}
        />
        <ToolButton
          id="vw-mode"
          label={s(boot.mode === 'scroll' ? 'toolbar.book' : 'toolbar.scroll')}
          icon="scroll"
          narrow={false}
        />
        <ToolButton id="vw-full" label={s('toolbar.fullscreen')} icon="full" narrow={false} />
        <ToolButton id="vw-settings" label={s('toolbar.settings')} icon="settings" hidden={!boot.owner} />
      </div>
    </header>
  );
  const nav: ReactNode = (
    <nav className="vw-nav" aria-label={s('toolbar.label')}>
      <ToolButton id="vw-first" label={s('toolbar.first')} icon="first" narrow={false} />
      <ToolButton id="vw-prev" label={s('toolbar.previous')} icon="prev" />
      <p className="vw-counter" id="vw-counter" aria-live="polite" aria-atomic="true">
        {s('counter', { page: boot.start + 1, total: boot.pages })}
      </p>
      <ToolButton id="vw-next" label={s('toolbar.next')} icon="next" />
      <ToolButton id="vw-last" label={s('toolbar.last')} icon="last" narrow={false} />
      <ToolButton id="vw-zoom-out" label={s('toolbar.zoomOut')} icon="zoomOut" />
      <ToolButton id="vw-zoom-in" label={s('toolbar.zoomIn')} icon="zoomIn" />
      <ToolButton id="vw-thumbs-toggle" label={s('toolbar.thumbnails')} icon="thumbs" />
      <form className="vw-jump vw-hide-narrow" id="vw-jump">
        <label className="vw-sr" htmlFor="vw-jump-input">
          {s('toolbar.jump')}
        </label>
        <input
          className="vw-field"
          id="vw-jump-input"
          type="number"
          min={1}
          max={boot.pages}
          inputMode="numeric"
          placeholder={String(boot.start + 1)}
        />
        <button className="vw-btn" type="submit">
          {s('toolbar.jumpButton')}
        </button>
      </form>
    </nav>
  );
  const body =
    `<a class="vw-skip" href="#vw-book">${escapeText(s('skip'))}</a>` +
    renderToStaticMarkup(<>{bar}</>) +
    `<main class="vw-stage" id="vw-stage"><div class="vw-book" id="vw-book" tabindex="0" role="region" aria-roledescription="${escapeText(
      s('book'),
    )}" aria-label="${escapeText(boot.title)}"><div class="vw-static${single ? ' vw-single' : ''}">${opts.spreadHtml}</div></div>` +
    `<div class="vw-thumbs" id="vw-thumbs" role="group" aria-label="${escapeText(s('thumbnails'))}" hidden></div></main>` +
    renderToStaticMarkup(<>{nav}</>) +
    `<script type="application/json" id="vw-boot">${scriptJson(boot)}</script>` +
    `<script type="module" src="${escapeText(opts.scriptUrl)}"></script>`;
  const classes = ['vw', boot.embed ? 'vw-embed' : '', boot.nonav ? 'vw-nonav' : '']
    .filter(Boolean)
    .join(' ');
  const style = `--vw-bg:${boot.background};--vw-ratio:${boot.ratio.toFixed(6)};--vw-pw:${opts.pageWidthPx.toFixed(3)}px`;
  return htmlDocument(opts.head, `class="${classes}" style="${escapeText(style)}"`, body);
}

export function escapeText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function centered(card: ReactNode): string {
  return renderToStaticMarkup(<main className="vw-center">{card}</main>);
}

/** SPEC §6: a protected catalog shows only this form to visitors; nothing of the catalog is on the page. */
export function passwordDocument(opts: { lang: Language; action: string; wrong: boolean }): string {
  const t = getT(opts.lang, 'viewer');
  const s = (k: string) => String(t(k));
  const card = (
    <div className="vw-card">
      <h1>{s('password.title')}</h1>
      <p>{s('password.body')}</p>
      <form method="post" action={opts.action}>
        {opts.wrong ? (
          <p className="vw-notice err" role="alert" id="vw-wrong">
            {s('password.wrong')}
          </p>
        ) : null}
        <label>
          {s('password.label')}
          <input
            className="vw-field"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            autoFocus
            aria-describedby={opts.wrong ? 'vw-wrong' : undefined}
            aria-invalid={opts.wrong || undefined}
          />
        </label>
        <button className="vw-btn vw-primary" type="submit">
          {s('password.submit')}
        </button>
      </form>
    </div>
  );
  return htmlDocument(
    { title: s('password.title'), lang: opts.lang, noindex: true },
    'class="vw"',
    centered(card),
  );
}

/** A real 404 page for unknown catalogs (and, in embed mode, the refusal of SPEC §6). */
export function messageDocument(opts: { lang: Language; title: string; body?: string }): string {
  const card = (
    <div className="vw-card">
      <h1>{opts.title}</h1>
      {opts.body ? <p>{opts.body}</p> : null}
    </div>
  );
  return htmlDocument({ title: opts.title, lang: opts.lang, noindex: true }, 'class="vw"', centered(card));
}

/** Nothing at all: what an embed of a catalog that is not there shows in the merchant's frame. */
export function blankDocument(lang: Language): string {
  return htmlDocument({ title: '', lang, noindex: true }, 'class="vw"', '');
}

/**
 * The buyer's confirmation of an order (the link mailed to them): what the order holds and one button. A link
 * opened by a mail program's scanner confirms nothing; only the button's POST does.
 */
export function orderConfirmationDocument(opts: {
  lang: Language;
  action: string | null;
  title: string;
  body: string;
  lines: string[];
  tone?: 'ok' | 'err';
}): string {
  const t = getT(opts.lang, 'viewer');
  const card = (
    <div className="vw-card">
      <h1>{opts.title}</h1>
      {opts.tone ? (
        <p className={`vw-notice ${opts.tone}`} role={opts.tone === 'err' ? 'alert' : 'status'}>
          {opts.body}
        </p>
      ) : (
        <p>{opts.body}</p>
      )}
      {opts.lines.length ? (
        <ul className="vw-list">
          {opts.lines.map((l, i) => (
            <li key={i}>{l}</li>
          ))}
        </ul>
      ) : null}
      {opts.action ? (
        <form method="post" action={opts.action}>
          <button className="vw-btn vw-primary" type="submit">
            {String(t('confirmOrder.submit'))}
          </button>
        </form>
      ) : null}
    </div>
  );
  return htmlDocument({ title: opts.title, lang: opts.lang, noindex: true }, 'class="vw"', centered(card));
}

/** A merchant's host without a catalog in the address: the catalogs it serves. */
export function hostIndexDocument(opts: {
  lang: Language;
  title: string;
  links: { href: string; title: string }[];
}) {
  const card = (
    <div className="vw-card">
      <h1>{opts.title}</h1>
      <ul className="vw-list">
        {opts.links.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.title}</a>
          </li>
        ))}
      </ul>
    </div>
  );
  return htmlDocument({ title: opts.title, lang: opts.lang }, 'class="vw"', centered(card));
}
