import { Banner, BlockStack, Button, ButtonGroup, InlineStack, Text } from '@shopify/polaris';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findSimilarHeaders, type PageHeader } from '../../core/commands/index.ts';
import { POPULAR_FONTS } from '../../core/constants.ts';
import type { Catalog, Page } from '../../core/model/index.ts';
import {
  CATALOG_TITLE_PLACEHOLDER,
  PAGE_NUMBER_TOKEN,
  showsHeadersFooters,
} from '../../core/render/index.ts';
import { bandHtml } from '../../core/rich-text/index.ts';
import { sanitizeHtml } from '../../core/sanitize/index.ts';
import { RichTextEditor } from '../components/rich-text/index.ts';
import type { BandSelection, EditorStore } from './store.ts';

/** What the band editor asks after a change (SPEC §5): the pages that would change, and what to run. */
type Offer = { which: 'header'; count: number; previous: PageHeader } | { which: 'footer'; count: number };

const SLOT_NAMES = ['left', 'center', 'right'] as const;

/**
 * The text the band shows, in the form it has: one piece of HTML, or (when that is empty and a slot is not)
 * the left, centre and right slots, which stay in their places when edited.
 */
function bandTexts(page: Page, which: BandSelection['which']): { slots: boolean; texts: string[] } {
  const html = page[which].properties.html;
  const slots = which === 'header' ? page.headerElements : page.footerElements;
  if (!html.trim() && slots.some((slot) => slot.trim())) return { slots: true, texts: [...slots] };
  return { slots: false, texts: [html] };
}

/** The field a band's editor opens on: the one piece, or the first slot with words in it. */
const firstText = (form: { texts: string[] }) =>
  Math.max(
    0,
    form.texts.findIndex((text) => text.trim()),
  );

const sameFooter = (a: Page, b: Page) =>
  a.footer.properties.html === b.footer.properties.html &&
  a.footerElements.every((s, i) => s === b.footerElements[i]);

/** Pages whose footer "update all footers" would change. */
const otherFooters = (catalog: Catalog, pageIndex: number) =>
  catalog.pages.filter((p, i) => i !== pageIndex && !sameFooter(p, catalog.pages[pageIndex]!)).length;

/**
 * Editing a page's header or footer (SPEC §5 'Editor'): the words as they print in the rich-text editor (the page
 * number and the catalog title as chips, the catalog's fonts offered, an HTML view kept), applied as one step,
 * then the offer to update the similar headers (same text ignoring markup) or all footers.
 */
export function BandEditor({
  store,
  page,
  pageIndex,
  which,
  fonts,
  readonly,
}: {
  store: EditorStore;
  page: Page;
  pageIndex: number;
  which: BandSelection['which'];
  /** The catalog's own font families; the bundled fonts are offered after them. */
  fonts: string[];
  readonly: boolean;
}) {
  const { t } = useTranslation('editorText');
  const tokens = useMemo(
    () => [
      { token: PAGE_NUMBER_TOKEN, label: t('field.tokens.pageNumber') },
      { token: CATALOG_TITLE_PLACEHOLDER, label: t('field.tokens.catalogTitle') },
    ],
    [t],
  );
  const fontChoices = useMemo(() => [...new Set([...fonts, ...POPULAR_FONTS])], [fonts]);
  // Fixed while the merchant edits this band: the page's own changes (apply, undo) do not reset the fields.
  const [form, setForm] = useState(() => bandTexts(page, which));
  const drafts = useRef(form.texts);
  // The slot in the field (slots only), and the text the field starts from when it is shown.
  const [slot, setSlot] = useState(() => firstText(form));
  const [shown, setShown] = useState(() => form.texts[firstText(form)]!);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const yes = useRef<HTMLDivElement>(null);
  const s = () => store.getState();

  // Another page or band: start again from its text.
  useEffect(() => {
    const next = bandTexts(page, which);
    setForm(next);
    drafts.current = next.texts;
    setSlot(firstText(next));
    setShown(next.texts[firstText(next)]!);
    setOffer(null);
    setDone(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's own edits must not reset the field
  }, [page.id, which]);
  useEffect(() => {
    if (offer) yes.current?.querySelector('button')?.focus();
  }, [offer]);

  const index = form.slots ? slot : 0;
  const edit = (html: string) => {
    drafts.current = drafts.current.map((d, i) => (i === index ? html : d));
  };
  const showSlot = (next: number) => {
    setSlot(next);
    setShown(drafts.current[next]!);
  };

  const apply = () => {
    const previous: PageHeader = { header: page.header, headerElements: page.headerElements };
    const texts = drafts.current.map((d) => bandHtml(sanitizeHtml(d)));
    const { changed } = s().dispatch({
      name: 'setPageBand',
      args: form.slots
        ? { pageId: page.id, which, html: '', slots: texts }
        : { pageId: page.id, which, html: texts[0]! },
    });
    setDone(null);
    if (!changed) return;
    const catalog = s().catalog;
    const at = catalog.pages.findIndex((p) => p.id === page.id);
    if (which === 'header') {
      const count = findSimilarHeaders(catalog, { pageIndex: at, previous }).length;
      setOffer(count ? { which, count, previous } : null);
    } else {
      const count = otherFooters(catalog, at);
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

  const text = which === 'header' ? t('band.headerText') : t('band.footerText');
  const label = form.slots
    ? t('band.slotText', { band: text, slot: t(`band.slots.${SLOT_NAMES[slot]}`) })
    : text;
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
      {form.slots ? (
        // A band in three places: one field at a time, the place chosen here, as on the page.
        <div className="cb-band-slots-pick" role="group" aria-label={t('band.slotsLabel')}>
          <ButtonGroup variant="segmented" fullWidth>
            {SLOT_NAMES.map((name, i) => (
              <Button key={name} size="slim" pressed={slot === i} onClick={() => showSlot(i)}>
                {t(`band.slots.${name}`)}
              </Button>
            ))}
          </ButtonGroup>
        </div>
      ) : null}
      <RichTextEditor
        label={label}
        initialHtml={shown}
        onChange={edit}
        tokens={tokens}
        fonts={fontChoices}
        readonly={readonly}
        autoFocus
        testId="band-text"
        key={`${page.id}:${which}:${index}`}
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
