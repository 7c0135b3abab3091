import { Banner, BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findSimilarHeaders, type PageHeader } from '../../core/commands/index.ts';
import type { Catalog, Page } from '../../core/model/index.ts';
import { showsHeadersFooters } from '../../core/render/index.ts';
import { sanitizeInlineHtml } from '../../core/sanitize/index.ts';
import { RichTextField } from './rich-text-field.tsx';
import type { BandSelection, EditorStore } from './store.ts';

/** What the band editor asks after a change (SPEC §5): the pages that would change, and what to run. */
type Offer = { which: 'header'; count: number; previous: PageHeader } | { which: 'footer'; count: number };

/** The text the field starts from: the one-piece HTML, or the three slots side by side when that is empty. */
function bandHtml(page: Page, which: BandSelection['which']): string {
  const html = page[which].properties.html;
  if (html.trim()) return html;
  return (which === 'header' ? page.headerElements : page.footerElements).filter((s) => s.trim()).join(' ');
}

const sameFooter = (a: Page, b: Page) =>
  a.footer.properties.html === b.footer.properties.html &&
  a.footerElements.every((s, i) => s === b.footerElements[i]);

/** Pages whose footer "update all footers" would change. */
const otherFooters = (catalog: Catalog, pageIndex: number) =>
  catalog.pages.filter((p, i) => i !== pageIndex && !sameFooter(p, catalog.pages[pageIndex]!)).length;

/**
 * Editing a page's header or footer (SPEC §5 'Editor'): the text in a simple rich-text field, applied as one
 * step, then the offer to update the similar headers (same text ignoring markup) or all footers.
 */
export function BandEditor({
  store,
  page,
  pageIndex,
  which,
  readonly,
}: {
  store: EditorStore;
  page: Page;
  pageIndex: number;
  which: BandSelection['which'];
  readonly: boolean;
}) {
  const { t } = useTranslation('editorText');
  // Fixed while the merchant edits this band: the page's own changes (apply, undo) do not reset the field.
  const [initial, setInitial] = useState(() => bandHtml(page, which));
  const [draft, setDraft] = useState(initial);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const yes = useRef<HTMLDivElement>(null);
  const s = () => store.getState();

  // Another page or band: start again from its text.
  useEffect(() => {
    setInitial(bandHtml(page, which));
    setDraft(bandHtml(page, which));
    setOffer(null);
    setDone(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's own edits must not reset the field
  }, [page.id, which]);
  useEffect(() => {
    if (offer) yes.current?.querySelector('button')?.focus();
  }, [offer]);

  const apply = () => {
    const previous: PageHeader = { header: page.header, headerElements: page.headerElements };
    const html = sanitizeInlineHtml(draft);
    const { changed } = s().dispatch({ name: 'setPageBand', args: { pageId: page.id, which, html } });
    setDone(null);
    if (!changed) return;
    const catalog = s().catalog;
    const index = catalog.pages.findIndex((p) => p.id === page.id);
    if (which === 'header') {
      const count = findSimilarHeaders(catalog, { pageIndex: index, previous }).length;
      setOffer(count ? { which, count, previous } : null);
    } else {
      const count = otherFooters(catalog, index);
      setOffer(count ? { which, count } : null);
    }
    setDone(t('band.saved'));
  };

  const accept = () => {
    if (!offer) return;
    if (offer.which === 'header')
      s().dispatch({ name: 'updateSimilarHeaders', args: { pageId: page.id, previous: offer.previous } });
    else s().dispatch({ name: 'updateAllFooters', args: { pageId: page.id } });
    setDone(t('band.updated', { count: offer.count }));
    setOffer(null);
  };

  const label = which === 'header' ? t('band.headerText') : t('band.footerText');
  return (
    <BlockStack gap="300">
      <Text as="h2" variant="headingMd">
        {t(which === 'header' ? 'band.header' : 'band.footer', { page: pageIndex + 1 })}
      </Text>
      {!showsHeadersFooters(page, s().catalog) ? (
        <Text as="p" tone="subdued">
          {t('band.hidden')}
        </Text>
      ) : null}
      <RichTextField
        label={label}
        initialHtml={initial}
        onChange={setDraft}
        autoFocus
        key={`${page.id}:${which}`}
      />
      <InlineStack gap="200">
        <Button variant="primary" disabled={readonly} onClick={apply}>
          {t('band.apply')}
        </Button>
        <Button onClick={() => s().selectBand(null)}>{t('band.close')}</Button>
      </InlineStack>
      {offer ? (
        <div role="group" aria-labelledby="cb-band-offer-title" className="cb-band-offer" ref={yes}>
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm" id="cb-band-offer-title">
              {t(offer.which === 'header' ? 'band.similarTitle' : 'band.footersTitle')}
            </Text>
            <Text as="p">
              {t(offer.which === 'header' ? 'band.similarBody' : 'band.footersBody', { count: offer.count })}
            </Text>
            <InlineStack gap="200">
              <Button variant="primary" onClick={accept}>
                {t(offer.which === 'header' ? 'band.similarYes' : 'band.footersYes')}
              </Button>
              <Button onClick={() => setOffer(null)}>{t('band.no')}</Button>
            </InlineStack>
          </BlockStack>
        </div>
      ) : null}
      {done && !offer ? (
        <Banner tone="success">
          <p role="status">{done}</p>
        </Banner>
      ) : null}
    </BlockStack>
  );
}
