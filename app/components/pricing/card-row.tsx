import { Badge, Box, Button, InlineError, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardExpiryProblems } from '../../../core/billing/index.ts';

export type CardView = {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  expired: boolean;
  default: boolean;
};

type Problem = { path: string[]; message: string };

/** One card: its brand, last digits and expiry, with a change of expiry (checked by SPEC §5) and removal. */
export function CardRow(props: { card: CardView; onSaved: () => void; onDeleted: () => void }) {
  const { t } = useTranslation('billing');
  const { card } = props;
  const [editing, setEditing] = useState(false);
  const [month, setMonth] = useState(String(card.exp_month));
  const [year, setYear] = useState(String(card.exp_year));
  const [problems, setProblems] = useState<Problem[]>([]);
  // SPEC §5 save-failed flag: the last save did not go through.
  const [saveFailed, setSaveFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const problemOf = (field: string) => problems.find((p) => p.path[0] === field)?.message;

  async function call(method: 'PUT' | 'DELETE', body?: unknown) {
    setBusy(true);
    const res = await fetch(`/api/v1/stripe/cards/${encodeURIComponent(card.id)}`, {
      method,
      headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    setBusy(false);
    if (res.ok) return true;
    const err = (await res.json().catch(() => ({}))) as { details?: Problem[] };
    setProblems(err.details ?? []);
    setSaveFailed(true);
    return false;
  }

  async function save() {
    setProblems([]);
    setSaveFailed(false);
    // SPEC §5: checked here first; a month, year or past expiry the server would refuse sends nothing.
    const local = cardExpiryProblems({ exp_month: month, exp_year: year }, new Date());
    if (local.length)
      return setProblems(local.map((p) => ({ path: [p.field], message: t(`cards.problems.${p.problem}`) })));
    if (await call('PUT', { exp_month: Number(month), exp_year: Number(year) })) {
      setEditing(false);
      props.onSaved();
    }
  }

  const months = Array.from({ length: 12 }, (_, i) => ({
    label: String(i + 1).padStart(2, '0'),
    value: String(i + 1),
  }));
  const label = `${card.brand.toUpperCase()} •••• ${card.last4}`;
  return (
    <Box padding="400" borderBlockEndWidth="025" borderColor="border">
      <InlineStack align="space-between" blockAlign="center" gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h3" fontWeight="semibold">
            {label}
          </Text>
          {card.default ? <Badge tone="info">{t('cards.default')}</Badge> : null}
          {card.expired ? <Badge tone="critical">{t('cards.expired')}</Badge> : null}
        </InlineStack>
        <Text as="span" tone="subdued">
          {t('cards.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}
        </Text>
      </InlineStack>
      {editing ? (
        <Box paddingBlockStart="300">
          <InlineStack gap="200" blockAlign="start">
            <Select
              label={t('cards.month')}
              options={months}
              value={month}
              onChange={setMonth}
              error={problemOf('exp_month')}
            />
            <div style={{ width: 120 }}>
              <TextField
                label={t('cards.year')}
                type="number"
                value={year}
                onChange={setYear}
                autoComplete="cc-exp-year"
                error={problemOf('exp_year')}
              />
            </div>
          </InlineStack>
          {saveFailed ? <InlineError message={t('cards.saveFailed')} fieldID={`card-${card.id}`} /> : null}
          <Box paddingBlockStart="200">
            <InlineStack gap="200">
              <Button variant="primary" loading={busy} onClick={() => void save()}>
                {t('cards.save')}
              </Button>
              <Button onClick={() => setEditing(false)}>{t('cards.cancel')}</Button>
            </InlineStack>
          </Box>
        </Box>
      ) : (
        <Box paddingBlockStart="200">
          <InlineStack gap="200">
            <Button onClick={() => setEditing(true)} accessibilityLabel={`${t('cards.edit')} ${label}`}>
              {t('cards.edit')}
            </Button>
            <Button
              tone="critical"
              variant="plain"
              loading={busy}
              accessibilityLabel={`${t('cards.delete')} ${label}`}
              onClick={() => void call('DELETE').then((ok) => ok && props.onDeleted())}
            >
              {t('cards.delete')}
            </Button>
          </InlineStack>
        </Box>
      )}
    </Box>
  );
}
