import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { isProductElement, type Page } from '../../core/model/index.ts';
import type { EditorStore } from './store.ts';

/**
 * The selection sidebar for a flow page (SPEC §4 'Flow pages'), whose products have no cells to select: its
 * columns and the products it holds, each removable (removeElement takes it out of the flow; the products
 * after it move up, and a following flow page left empty goes).
 */
export function FlowPagePanel({
  store,
  page,
  readonly,
}: {
  store: EditorStore;
  page: Page;
  readonly: boolean;
}) {
  const { t } = useTranslation('arrange');
  const products = page.elements.flatMap((e, index) => (isProductElement(e) ? [{ e, index }] : []));
  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        {t('flowPage.columns', { count: page.columns ?? 1 })}
      </Text>
      {products.length ? (
        <ul className="cb-flow-products" aria-label={t('flowPage.products')}>
          {products.map(({ e, index }) => (
            <li key={e.id}>
              <InlineStack gap="200" align="space-between" blockAlign="center" wrap={false}>
                <span className="cb-flow-products__title">{e.properties.title}</span>
                {readonly ? null : (
                  <Button
                    size="slim"
                    tone="critical"
                    variant="plain"
                    accessibilityLabel={t('flowPage.remove', { title: e.properties.title })}
                    onClick={() =>
                      store.getState().dispatch({
                        name: 'removeElement',
                        args: { pageId: page.id, elementIndex: index },
                      })
                    }
                  >
                    {t('flowPage.removeShort')}
                  </Button>
                )}
              </InlineStack>
            </li>
          ))}
        </ul>
      ) : (
        <Text as="p">{t('flowPage.empty')}</Text>
      )}
    </BlockStack>
  );
}
