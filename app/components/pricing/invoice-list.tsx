import { Badge, BlockStack, Card, DataTable, Link, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './money.ts';

export type InvoiceRow = {
  id: string;
  number: string | null;
  status: string | null;
  amount: number;
  currency: string;
  created: string;
  hosted_invoice_url: string | null;
};

/** The merchant's Stripe invoices, latest first. */
export function InvoiceList({ invoices }: { invoices: InvoiceRow[] }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('dashboard.invoices')}
        </Text>
        {invoices.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('dashboard.noInvoices')}
          </Text>
        ) : (
          <DataTable
            columnContentTypes={['text', 'text', 'numeric', 'text']}
            headings={[
              t('dashboard.invoice.date'),
              t('dashboard.invoice.number'),
              t('dashboard.invoice.amount'),
              t('dashboard.invoice.status'),
            ]}
            rows={invoices.map((i) => [
              new Date(i.created).toLocaleDateString(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }),
              i.hosted_invoice_url ? (
                <Link url={i.hosted_invoice_url} target="_blank">
                  {i.number ?? t('dashboard.invoice.open')}
                </Link>
              ) : (
                (i.number ?? '')
              ),
              formatMoney(i.amount, i.currency, i18n.language),
              <Badge key={i.id} tone={i.status === 'paid' ? 'success' : 'warning'}>
                {i.status ?? ''}
              </Badge>,
            ])}
          />
        )}
      </BlockStack>
    </Card>
  );
}
