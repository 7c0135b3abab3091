import { BlockStack, Button, InlineStack, Text, TextField } from '@shopify/polaris';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isProductElement } from '../../core/model/index.ts';
import { apiFetch } from '../components/catalogs/api.ts';
import { withRetry } from './http-retry.ts';
import type { EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

/**
 * The bulk price tools (issue 25 §1): raise or reduce every price of the catalog by a percentage, rounded to 2
 * decimals (SPEC §5), and convert the prices shown from one currency to another at the day's rate
 * (GET /api/v1/currency/convert). Each is one command, so one undo step.
 */
export function PricesTools({ store, readonly }: { store: EditorStore; readonly: boolean }) {
  const { t } = useTranslation('templates');
  const catalog = useEditorState(store, (s) => s.catalog);
  const currencies = useMemo(() => {
    const seen = new Set<string>();
    for (const page of catalog.pages)
      for (const e of page.elements)
        if (isProductElement(e)) seen.add(e.properties.iso_currency_code.toUpperCase());
    return [...seen].sort();
  }, [catalog]);
  const [percent, setPercent] = useState('10');
  const [percentError, setPercentError] = useState<string | undefined>(undefined);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('EUR');
  const [busy, setBusy] = useState(false);
  const [convertError, setConvertError] = useState<string | undefined>(undefined);
  const s = () => store.getState();

  const adjust = (sign: 1 | -1) => {
    const value = Number(percent.replace(',', '.'));
    if (!Number.isFinite(value) || value <= 0 || (sign === -1 && value >= 100)) {
      setPercentError(t('prices.percentError'));
      return;
    }
    setPercentError(undefined);
    const before = s().catalog;
    s().dispatch({ name: 'adjustPrices', args: { percent: sign * value } });
    s().notify('success', t('prices.done', { count: changedProducts(before, s().catalog) }));
  };

  const source = (from || currencies[0] || 'USD').toUpperCase();
  const convert = async () => {
    const target = to.trim().toUpperCase();
    setConvertError(undefined);
    setBusy(true);
    const qs = new URLSearchParams({ from: source, to: target, amount: '1' });
    const path = `/api/v1/currency/convert?${qs}`;
    const res = await withRetry(path, () => apiFetch(path)).catch(() => null);
    const body = res
      ? ((await res.json().catch(() => ({}))) as { convertedAmount?: number; message?: string })
      : {};
    setBusy(false);
    if (!res?.ok || typeof body.convertedAmount !== 'number') {
      setConvertError(
        t('prices.convertFailed', { message: body.message ?? (res ? `HTTP ${res.status}` : '') }),
      );
      return;
    }
    const before = s().catalog;
    s().dispatch({ name: 'convertPrices', args: { from: source, to: target, rate: body.convertedAmount } });
    s().notify('success', t('prices.converted', { count: changedProducts(before, s().catalog) }));
  };

  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {t('prices.title')}
      </Text>
      <Text as="p" tone="subdued" variant="bodySm">
        {t('prices.help')}
      </Text>
      <TextField
        label={t('prices.percent')}
        type="number"
        suffix="%"
        value={percent}
        onChange={setPercent}
        autoComplete="off"
        error={percentError}
        disabled={readonly}
      />
      <InlineStack gap="200">
        <Button disabled={readonly} onClick={() => adjust(1)}>
          {t('prices.raise')}
        </Button>
        <Button disabled={readonly} onClick={() => adjust(-1)}>
          {t('prices.reduce')}
        </Button>
      </InlineStack>
      <Text as="h3" variant="headingSm">
        {t('prices.convert')}
      </Text>
      <InlineStack gap="200" wrap={false}>
        <TextField
          label={t('prices.from')}
          value={from || source}
          onChange={(v) => setFrom(v.toUpperCase())}
          autoComplete="off"
          maxLength={3}
          disabled={readonly}
        />
        <TextField
          label={t('prices.to')}
          value={to}
          onChange={(v) => setTo(v.toUpperCase())}
          autoComplete="off"
          maxLength={3}
          error={convertError}
          disabled={readonly}
        />
      </InlineStack>
      <Button
        disabled={readonly || busy || !/^[A-Z]{3}$/.test(to.trim())}
        loading={busy}
        onClick={() => void convert()}
      >
        {t('prices.convertButton')}
      </Button>
    </BlockStack>
  );
}

/** How many product elements differ between two states of the catalog (commands keep unchanged ones as they are). */
function changedProducts(
  before: { pages: { elements: unknown[] }[] },
  after: { pages: { elements: unknown[] }[] },
) {
  const old = new Set(before.pages.flatMap((p) => p.elements));
  let n = 0;
  for (const page of after.pages)
    for (const e of page.elements) if (!old.has(e) && isProductElement(e as never)) n += 1;
  return n;
}
