import { Banner, BlockStack, Button, Card, Checkbox, InlineStack, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintSettings } from '../../../core/model/index.ts';

const BLEED_MAX = 10;
const SAFE_MAX = 30;

/** A millimetre field's text as a number in [0, max]; '' is null (bleed: the format's usual one). */
function parseMm(text: string, max: number): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n < 0 || n > max) return 'invalid';
  return n;
}

/**
 * The catalog's print settings (issue 28): bleed, crop and registration marks, colour bars, the slug, and the safe
 * margin text keeps from the trim, saved with the catalog's settings (PUT /api/v1/catalogs/{id}/settings, `print`).
 * The print preview shows it with the 'Print (CMYK, PDF/X)' output, which uses them.
 */
export function PrintSettingsCard({
  catalogId,
  initial,
  onSaved,
}: {
  catalogId: string;
  initial: PrintSettings;
  onSaved?: (saved: PrintSettings) => void;
}) {
  const { t } = useTranslation('catalogs');
  const [bleed, setBleed] = useState(initial.bleed_mm === null ? '' : String(initial.bleed_mm));
  const [safe, setSafe] = useState(String(initial.safe_margin_mm));
  const [marks, setMarks] = useState({
    crop_marks: initial.crop_marks,
    registration_marks: initial.registration_marks,
    color_bars: initial.color_bars,
    slug: initial.slug,
  });
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const bleedValue = parseMm(bleed, BLEED_MAX);
  const safeValue = parseMm(safe, SAFE_MAX);
  const bleedError =
    bleedValue === 'invalid' ? t('printSettings.range', { min: 0, max: BLEED_MAX }) : undefined;
  const safeError =
    safeValue === 'invalid' || safeValue === null
      ? t('printSettings.range', { min: 0, max: SAFE_MAX })
      : undefined;

  const save = async () => {
    if (bleedValue === 'invalid' || safeValue === 'invalid' || safeValue === null) return;
    const print: PrintSettings = { bleed_mm: bleedValue, safe_margin_mm: safeValue, ...marks };
    setState('saving');
    setFailure(null);
    try {
      const res = await fetch(`/api/v1/catalogs/${encodeURIComponent(catalogId)}/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ print }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        setFailure(body.message ?? null);
        setState('failed');
        return;
      }
      setState('saved');
      onSaved?.(print);
    } catch {
      setState('failed');
    }
  };

  const mark = (key: keyof typeof marks) => (checked: boolean) => {
    setMarks((m) => ({ ...m, [key]: checked }));
    setState('idle');
  };

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('printSettings.title')}
        </Text>
        <Text as="p" tone="subdued">
          {t('printSettings.intro')}
        </Text>
        <InlineStack gap="400" wrap>
          <TextField
            label={t('printSettings.bleed')}
            type="number"
            min={0}
            max={BLEED_MAX}
            step={0.5}
            value={bleed}
            onChange={(v) => {
              setBleed(v);
              setState('idle');
            }}
            helpText={t('printSettings.bleedHelp')}
            error={bleedError}
            autoComplete="off"
          />
          <TextField
            label={t('printSettings.safeMargin')}
            type="number"
            min={0}
            max={SAFE_MAX}
            step={0.5}
            value={safe}
            onChange={(v) => {
              setSafe(v);
              setState('idle');
            }}
            helpText={t('printSettings.safeMarginHelp')}
            error={safeError}
            autoComplete="off"
          />
        </InlineStack>
        <BlockStack gap="100">
          <Checkbox
            label={t('printSettings.cropMarks')}
            checked={marks.crop_marks}
            onChange={mark('crop_marks')}
          />
          <Checkbox
            label={t('printSettings.registrationMarks')}
            checked={marks.registration_marks}
            onChange={mark('registration_marks')}
          />
          <Checkbox
            label={t('printSettings.colorBars')}
            checked={marks.color_bars}
            onChange={mark('color_bars')}
          />
          <Checkbox label={t('printSettings.slug')} checked={marks.slug} onChange={mark('slug')} />
        </BlockStack>
        <InlineStack gap="300" blockAlign="center">
          <Button
            onClick={save}
            loading={state === 'saving'}
            disabled={bleedValue === 'invalid' || !!safeError}
          >
            {t('printSettings.save')}
          </Button>
          <span role="status">
            {state === 'saved' ? (
              <Text as="span" tone="success">
                {t('printSettings.saved')}
              </Text>
            ) : null}
          </span>
        </InlineStack>
        {state === 'failed' ? (
          <Banner tone="critical">
            <p>{failure ?? t('printSettings.failed')}</p>
          </Banner>
        ) : null}
      </BlockStack>
    </Card>
  );
}
