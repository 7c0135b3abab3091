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
