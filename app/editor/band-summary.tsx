import { BlockStack, Button, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import type { Catalog, Page } from '../../core/model/index.ts';
import { showsHeadersFooters } from '../../core/render/index.ts';
import { BandText, tokenKey, type BandToken } from './band-tokens.tsx';
import { HeadersSwitch } from './page-toolbar.tsx';
import type { BandSelection, EditorStore } from './store.ts';

/** A band's words as the page shows them: the one piece, or its slots in order. */
function BandWords({ page, which }: { page: Page; which: BandSelection['which'] }) {
  const { t } = useTranslation('editorText');
  const label = (token: BandToken) => t(tokenKey(token));
  const html = page[which].properties.html;
  const parts = html.trim() ? [html] : which === 'header' ? page.headerElements : page.footerElements;
  const words = parts.filter((p) => p.trim());
  if (!words.length) return <span className="cb-band-summary__empty">{t('band.empty')}</span>;
  return (
    <>
      {words.map((w, i) => (
        <span key={i} className="cb-band-summary__part">
          <BandText html={w} label={label} />
        </span>
      ))}
    </>
  );
}

/**
 * The page's header and footer in the right sidebar, where the merchant looks for them: whether they show (the
 * same switch as the page toolbar's), what they say, tokens as chips, and the way to edit each.
 */
export function BandSummary({ store, page, catalog }: { store: EditorStore; page: Page; catalog: Catalog }) {
  const { t } = useTranslation('editorText');
  if (page.kind === 'flow' || !showsHeadersFooters({ ...page, showHeadersFooters: true }, catalog))
    return null;
  const shown = page.showHeadersFooters;
  const open = (which: BandSelection['which']) => store.getState().selectBand({ pageId: page.id, which });
  return (
    <section className="cb-band-summary" aria-labelledby="cb-band-summary-title">
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm" id="cb-band-summary-title">
          {t('band.section')}
        </Text>
        <HeadersSwitch store={store} />
        {shown ? (
          <>
            {(['header', 'footer'] as const).map((which) => (
              <div key={which} className="cb-band-summary__row">
                <span className="cb-band-summary__label">
                  {t(which === 'header' ? 'band.headerLabel' : 'band.footerLabel')}
                </span>
                <span className="cb-band-summary__words" data-testid={`band-${which}-words`}>
                  <BandWords page={page} which={which} />
                </span>
                <Button size="slim" onClick={() => open(which)}>
                  {t(which === 'header' ? 'band.editHeader' : 'band.editFooter')}
                </Button>
              </div>
            ))}
            <Text as="p" tone="subdued" variant="bodySm">
              {t('band.clickHint')}
            </Text>
          </>
        ) : (
          <Text as="p" tone="subdued" variant="bodySm">
            {t('band.hiddenShort')}
          </Text>
        )}
      </BlockStack>
    </section>
  );
}
