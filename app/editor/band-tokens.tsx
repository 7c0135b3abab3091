import { Fragment } from 'react';
import { headerText } from '../../core/commands/index.ts';
import { CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN } from '../../core/render/index.ts';

/*
 * The words a header or footer fills in as it prints (core/render merchantHtml): shown to the merchant as chips
 * named in their language ('Catalog title', 'Page number'), stored as the tokens they always were.
 */

export const BAND_TOKENS = [CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN] as const;
export type BandToken = (typeof BAND_TOKENS)[number];

/** The editorText key naming a token. */
export const tokenKey = (token: BandToken) =>
  token === PAGE_NUMBER_TOKEN ? 'field.tokens.pageNumber' : 'field.tokens.catalogTitle';

const TOKEN_PATTERN = /(\{\{CATALOG_TITLE\}\}|PAGE_NUMBER)/;
const isToken = (part: string): part is BandToken => (BAND_TOKENS as readonly string[]).includes(part);

/** A chip for `token` in a rich-text field: one piece the caret steps over and Backspace removes whole. */
export function tokenChip(doc: Document, token: BandToken, label: string): HTMLElement {
  const chip = doc.createElement('span');
  chip.className = 'cb-token-chip';
  chip.contentEditable = 'false';
  chip.dataset.token = token;
  chip.textContent = label;
  return chip;
}

/** Replace the tokens written in the text of `root` with chips. */
export function chipTokens(root: HTMLElement, label: (token: BandToken) => string): void {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (TOKEN_PATTERN.test((n as Text).data) && !(n.parentElement?.closest('[data-token]') ?? null))
      found.push(n as Text);
  for (const text of found) {
    const parts = text.data.split(TOKEN_PATTERN).filter((p) => p !== '');
    const nodes = parts.map((p) => (isToken(p) ? tokenChip(doc, p, label(p)) : doc.createTextNode(p)));
    text.replaceWith(...nodes);
  }
}

/** The field's HTML as it is stored: each chip back to its token. */
export function withTokens(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const chip of copy.querySelectorAll<HTMLElement>('[data-token]'))
    chip.replaceWith(copy.ownerDocument.createTextNode(chip.dataset.token ?? ''));
  return copy.innerHTML;
}

/** What a band reads (markup dropped), its tokens as chips: the sidebar's summary of a header or footer. */
export function BandText({ html, label }: { html: string; label: (token: BandToken) => string }) {
  const parts = headerText(html)
    .split(TOKEN_PATTERN)
    .filter((p) => p !== '');
  return (
    <>
      {parts.map((p, i) =>
        isToken(p) ? (
          <span key={i} className="cb-token-chip">
            {label(p)}
          </span>
        ) : (
          <Fragment key={i}>{p}</Fragment>
        ),
      )}
    </>
  );
}
