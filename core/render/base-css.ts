/**
 * Base styles of every page. Typography and colours sit inside :where() so they have no specificity and the
 * catalog theme, branding and custom CSS (scoped with one class) always win; only geometry that must hold
 * for print is stated plainly.
 */
export const BASE_CSS = String.raw`
html, body { margin: 0; padding: 0; }
body.cb-body { background: #ffffff; -webkit-font-smoothing: antialiased; }
body.cb-mode-screen { background: #e8e8ec; }
.cb-mode-screen .cb-document { display: flex; flex-direction: column; align-items: center; gap: 24px; padding: 24px 0; }
.cb-mode-screen .cb-page { box-shadow: 0 1px 2px rgba(15, 23, 42, 0.08), 0 12px 32px rgba(15, 23, 42, 0.12); }
@media print {
  body.cb-body { background: none; }
  .cb-document { display: block !important; padding: 0 !important; }
  .cb-page { box-shadow: none !important; }
}

.cb-page {
  position: relative; overflow: hidden; box-sizing: border-box; margin: 0;
  break-after: page; page-break-after: always; break-inside: avoid;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
  font-kerning: normal; text-rendering: optimizeLegibility;
}
.cb-page:last-child { break-after: auto; page-break-after: auto; }
.cb-page *, .cb-page *::before, .cb-page *::after { box-sizing: border-box; }
:where(.cb-page) {
  background: var(--brand-background, #ffffff); color: var(--brand-text, #222222);
  font-family: 'Open Sans', 'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif;
  font-size: 10px; line-height: 1.4;
  /* Stated, not inherited: the body of a page hosting it (the editor's Polaris) changes nothing. */
  font-weight: 400; font-feature-settings: normal; letter-spacing: normal;
}
:where(.cb-page) :where(h1, h2, h3, h4, h5, h6, p, ul, ol, blockquote, figure, table) { margin: 0 0 0.35em; }
:where(.cb-page) :where(h1, h2, h3, h4, h5, h6) { line-height: 1.2; }
:where(.cb-page) :where(p, li) { line-height: 1.45; }
:where(.cb-page) :where(a) { color: inherit; text-decoration: none; }
:where(.cb-page) :where(img) { max-width: 100%; }

/*
 * Print output with bleed: each printed sheet is the page plus the bleed; the page keeps its size (the trim) and
 * lets what runs on past its edges show up to the sheet's edge. Its background runs on too (::before, behind
 * everything it holds).
 */
.cb-sheet { position: relative; overflow: hidden; box-sizing: border-box; break-after: page; page-break-after: always; break-inside: avoid; }
.cb-sheet:last-child { break-after: auto; page-break-after: auto; }
.cb-sheet > .cb-page { break-after: auto; page-break-after: auto; }
.cb-page--bleed { overflow: visible; z-index: 0; }
.cb-page--bleed::before { content: ''; position: absolute; inset: calc(-1 * var(--cb-bleed, 0px)); background: inherit; z-index: -1; }

/* Header and footer bands: three slots (left, centre, right) or one free HTML block. */
.cb-band { position: absolute; left: 0; right: 0; display: flex; align-items: center; padding: 0 var(--cb-pad-x); overflow: hidden; }
:where(.cb-band) { font-size: 8px; letter-spacing: 0.04em; color: var(--brand-muted, #6b7280); }
:where(.cb-band) :where(h1, h2, h3, h4, h5, h6, p) { margin: 0; }
.cb-band-slots { display: grid; grid-template-columns: 1fr auto 1fr; align-items: center; gap: 16px; width: 100%; }
.cb-band-slot--center { text-align: center; }
.cb-band-slot--right { text-align: right; }
.cb-band-html { width: 100%; }

.cb-inner { position: absolute; left: 0; right: 0; }
.cb-cell { position: absolute; }
.cb-cell-body { position: relative; width: 100%; height: 100%; overflow: hidden; display: flex; flex-direction: column; }
.cb-cell-body--middle { justify-content: center; }
.cb-cell-body--bottom { justify-content: flex-end; }
.cb-text { width: 100%; overflow-wrap: break-word; }
.cb-text > :last-child { margin-bottom: 0; }

/* Images: a box that sizes the picture; contain pictures are centred, cover pictures fill. */
.cb-img-box { position: relative; width: 100%; height: 100%; overflow: hidden; }
.cb-img { position: absolute; inset: 0; width: 100%; height: 100%; display: block; object-fit: contain; }
.cb-img--cover { object-fit: cover; }
.cb-svg { width: 100%; height: 100%; }
.cb-svg > svg { display: block; width: 100%; height: 100%; }
.cb-img--framed { width: auto; height: auto; max-width: 100%; max-height: 100%; margin: auto; object-fit: initial; }
.cb-img--sized { inset: auto; height: auto; }
.cb-img-placeholder { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; background: #f4f4f6; border-radius: 2px; }
.cb-img-placeholder svg { width: 28%; max-width: 56px; height: auto; color: #c5c8d0; }

/* Product cells */
.cb-product { position: relative; display: flex; width: 100%; height: 100%; min-height: 0; }
.cb-product--vertical { flex-direction: column; }
.cb-product--horizontal { flex-direction: row; }
.cb-product--caption-first { flex-direction: row-reverse; }
.cb-product-media { position: relative; flex: 1 1 0; min-width: 0; min-height: 0; display: flex; gap: 4px; }
.cb-product-media--extras-bottom { flex-direction: column; }
.cb-product-media--extras-right { flex-direction: row; }
.cb-product-main { position: relative; flex: 1 1 0; min-width: 0; min-height: 0; }
.cb-product-link { display: block; width: 100%; height: 100%; }
.cb-product-extras { display: flex; flex-wrap: wrap; align-content: center; justify-content: center; min-width: 0; min-height: 0; }
.cb-product-extra { position: relative; padding: 2px; aspect-ratio: 1 / 1; flex: 0 0 auto; }
.cb-caption-box { position: relative; flex: 0 0 auto; min-width: 0; min-height: 0; overflow: hidden; }
.cb-product--vertical > .cb-caption-box { padding-top: 8px; }
.cb-product--horizontal > .cb-caption-box { padding-left: 12px; display: flex; flex-direction: column; justify-content: center; }
.cb-product--caption-first > .cb-caption-box { padding-left: 0; padding-right: 12px; }
.cb-caption-box--inside { position: absolute; z-index: 2; padding: 8px 10px; }
:where(.cb-caption-box--inside) { background: rgba(255, 255, 255, 0.88); }
.cb-caption-box--free { position: absolute; z-index: 2; }
.cb-caption-box--right { text-align: right; }
.cb-caption-box--right .cb-caption :where(table) { margin-left: auto; }
:where(.cb-caption) { overflow-wrap: break-word; }
:where(.cb-caption) :where(h6) { margin-bottom: 0.2em; }
/* Specificity 0,1,2: above the theme's plain p size, below any theme or custom rule naming .price. */
body :where(.cb-caption) p.price { font-size: 11px; }
.cb-caption svg { max-width: 100%; height: auto; }
.cb-caption > :last-child, .cb-description > :last-child { margin-bottom: 0; }
:where(.cb-description) { margin-top: 4px; color: var(--brand-muted, #6b7280); overflow: hidden; }
.cb-description p { font-size: inherit; }
.cb-description--clamp { display: -webkit-box; -webkit-box-orient: vertical; }
:where(.cb-caption) :where(table) { border-collapse: collapse; font-size: inherit; }
:where(.cb-caption) :where(td, th) { padding: 1px 6px 1px 0; text-align: inherit; }
:where(.cb-caption) :where(th) { font-weight: 600; }

:where(.cb-page--front-cover .cb-cell--image-slot) { background: var(--brand-primary, #1f3a5f); }

/* Flow pages */
.cb-flow { position: absolute; inset: var(--cb-pad-y) var(--cb-pad-x); display: flex; gap: var(--cb-col-gap); }
.cb-flow-column { flex: 1 1 0; min-width: 0; display: flex; flex-direction: column; }
.cb-flow-item { display: flex; flex-direction: column; padding-bottom: 18px; break-inside: avoid; }
.cb-flow-item--horizontal { flex-direction: row; align-items: flex-start; }
.cb-flow-item--caption-first { flex-direction: row-reverse; }
.cb-flow-media { position: relative; width: 100%; flex: 0 0 auto; display: flex; }
.cb-flow-item--horizontal > .cb-flow-media { flex: 1 1 0; }
.cb-flow-text { padding-top: 8px; min-width: 0; }
.cb-flow-item--horizontal > .cb-flow-text { padding: 0 0 0 12px; flex: 0 0 auto; }
.cb-flow-item--caption-first > .cb-flow-text { padding: 0 12px 0 0; }

/* Generated lists: index, table of contents, tables, order form, summary */
.cb-list { position: absolute; inset: var(--cb-pad-y) var(--cb-pad-x); display: flex; flex-direction: column; }
.cb-list-title { flex: 0 0 var(--cb-list-title-h); height: var(--cb-list-title-h); display: flex; align-items: flex-end; padding-bottom: 14px; margin: 0; overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
:where(.cb-list-title) { font-size: 24px; font-weight: 600; letter-spacing: 0.01em; color: var(--brand-primary, #1f3a5f); }
.cb-list--in-cell { position: relative; inset: auto; width: 100%; height: 100%; }
.cb-list-columns { flex: 1 1 0; display: flex; gap: var(--cb-col-gap); min-height: 0; }
.cb-list-column { flex: 1 1 0; min-width: 0; }
.cb-index-letter { padding: 10px 0 4px; break-after: avoid; }
:where(.cb-index-letter) { font-size: 13px; font-weight: 700; color: var(--brand-primary, #1f3a5f); border-bottom: 1px solid var(--brand-secondary, #c8a96a); }
.cb-leader-row { display: flex; align-items: baseline; gap: 6px; padding: 3px 0; }
:where(.cb-leader-row) { font-size: 9.5px; }
.cb-leader-label { flex: 0 1 auto; min-width: 0; overflow-wrap: break-word; }
.cb-leader-dots { flex: 1 1 12px; min-width: 12px; border-bottom: 1px dotted #b8bcc6; transform: translateY(-3px); }
.cb-leader-page { flex: 0 0 auto; font-variant-numeric: tabular-nums; }
:where(.cb-leader-page) { color: var(--brand-muted, #6b7280); }
.cb-leader-row.cb-toc-row { padding: 7px 0; }
:where(.cb-toc-row) { font-size: 12px; }
:where(.cb-toc-row .cb-leader-page) { color: var(--brand-primary, #1f3a5f); font-weight: 600; }

.cb-table { width: 100%; table-layout: fixed; border-collapse: collapse; margin: 0; }
:where(.cb-table) { font-size: 9px; }
.cb-table th, .cb-table td { padding: 5px 6px; vertical-align: middle; overflow-wrap: break-word; }
.cb-table thead th { height: 28px; }
:where(.cb-table thead th) { text-align: left; font-weight: 600; font-size: 8px; letter-spacing: 0.06em; text-transform: uppercase; color: var(--brand-muted, #6b7280); border-bottom: 1.5px solid var(--brand-primary, #1f3a5f); }
:where(.cb-table tbody td) { border-bottom: 1px solid #e5e7eb; }
.cb-table .cb-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.cb-table .cb-col-main_image { text-align: center; }
:where(.cb-row-title) { font-weight: 600; }
:where(.cb-row-variant) { color: var(--brand-muted, #6b7280); }
:where(.cb-row--variant .cb-row-variant) { padding-left: 10px; }
:where(.cb-list-empty) { padding: 4px 0; color: var(--brand-muted, #6b7280); font-style: italic; }
.cb-thumb { position: relative; width: 40px; height: 40px; margin: 0 auto; }
.cb-fill-box { display: block; height: 18px; border: 1px solid #9ca3af; border-radius: 2px; }
.cb-order-intro { padding-bottom: 16px; }
.cb-order-fields { display: grid; grid-template-columns: 1fr 1fr; gap: 10px 24px; }
.cb-order-field { display: flex; align-items: flex-end; gap: 8px; min-height: 22px; }
:where(.cb-order-field) { font-size: 9px; }
.cb-order-field-label { flex: 0 0 auto; }
:where(.cb-order-field-label) { color: var(--brand-muted, #6b7280); }
.cb-order-field-line { flex: 1 1 auto; border-bottom: 1px solid #9ca3af; height: 14px; }
.cb-order-totals { padding-top: 14px; display: flex; flex-direction: column; align-items: flex-end; gap: 8px; }
.cb-order-total-row { display: flex; align-items: center; gap: 12px; width: 260px; }
:where(.cb-order-total-row) { font-size: 10px; }
.cb-order-total-row .cb-order-field-label { flex: 1 1 auto; text-align: right; }
.cb-order-total-row .cb-fill-box { width: 110px; }
:where(.cb-order-total-row--grand) { font-weight: 700; }
.cb-order-signature { padding-top: 24px; display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }

/* Rich text pages: full text, profile, wholesale contract */
.cb-rich { position: absolute; inset: var(--cb-pad-y) var(--cb-pad-x); overflow: hidden; }
:where(.cb-rich) { font-size: 10px; }
:where(.cb-rich) :where(p, li) { font-size: 10px; }
.cb-rich--columns { column-count: 2; column-gap: var(--cb-col-gap); }
.cb-contract-signatures { display: grid; grid-template-columns: 1fr 1fr; gap: 32px; margin-top: 32px; break-inside: avoid; }
.cb-signature-line { border-bottom: 1px solid #9ca3af; height: 36px; }
:where(.cb-signature-label) { font-size: 8.5px; color: var(--brand-muted, #6b7280); padding-top: 4px; }

.cb-watermark { position: absolute; inset: 0; z-index: 1000; display: flex; align-items: center; justify-content: center; pointer-events: none; overflow: hidden; }
.cb-watermark span { display: block; flex: 0 0 auto; white-space: nowrap; font-family: Arial, 'Liberation Sans', Helvetica, sans-serif; font-weight: 700; line-height: 1; letter-spacing: 0.02em; color: rgba(220, 38, 38, 0.3); }
.cb-watermark span::after { content: attr(data-text); }
`;
