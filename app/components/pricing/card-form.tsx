import {
  Banner,
  BlockStack,
  Button,
  Form,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFormProblems, type CardField } from '../../../core/billing/index.ts';
import type { CardView } from './card-row.tsx';

type Field = CardField | 'name';
const FIELD_IDS: Record<Field, string> = {
  number: 'new-card-number',
  exp_month: 'new-card-exp-month',
  exp_year: 'new-card-exp-year',
  cvc: 'new-card-cvc',
  name: 'new-card-name',
};
const ORDER: Field[] = ['number', 'exp_month', 'exp_year', 'cvc', 'name'];

/**
 * The add mode of the card screen (SPEC §5, §7): number, expiry, CVC and name, checked here before anything is
 * sent (Luhn and length by brand, the SPEC §5 expiry rule, 3 or 4 CVC digits); then a card token is asked of
 * Stripe's API straight from the browser with the publishable key, as Stripe.js v2's `Stripe.card.createToken`
 * did (the number never reaches our server), and the token is saved with POST /api/v1/stripe/cards. The inputs
 * have no `name`: a form sent before the page's script runs carries nothing.
 */
export function CardForm(props: {
  publishableKey: string;
  apiBase: string;
  onSaved: (cards: CardView[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('billing');
  const [number, setNumber] = useState('');
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setReady(true);
    first.current?.querySelector('input')?.focus();
  }, []);

  const months = [
    { label: t('cards.monthPlaceholder'), value: '', disabled: true },
    ...Array.from({ length: 12 }, (_, i) => ({
      label: String(i + 1).padStart(2, '0'),
      value: String(i + 1),
    })),
  ];
  const labels: Record<Field, string> = {
    number: t('cards.number'),
    exp_month: t('cards.expMonth'),
    exp_year: t('cards.expYear'),
    cvc: t('cards.cvc'),
    name: t('cards.name'),
  };

  async function requestToken(): Promise<string | null> {
    const form = new URLSearchParams({
      'card[number]': number.replace(/[\s-]/g, ''),
      'card[exp_month]': month,
      'card[exp_year]': year.trim(),
      'card[cvc]': cvc.trim(),
    });
    if (name.trim()) form.set('card[name]', name.trim());
    try {
      const res = await fetch(`${props.apiBase}/v1/tokens`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${props.publishableKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form,
      });
      const body = (await res.json().catch(() => ({}))) as { id?: string; error?: { message?: string } };
      if (res.ok && body.id) return body.id;
      // SPEC §8 card token request error: Stripe's own message in the error area.
      setFailure({ title: t('cards.tokenFailed'), text: body.error?.message ?? t('cards.unreachable') });
    } catch {
      setFailure({ title: t('cards.tokenFailed'), text: t('cards.unreachable') });
    }
    return null;
  }

  async function submit() {
    setFailure(null);
    const found: Partial<Record<Field, string>> = {};
    for (const p of cardFormProblems({ number, exp_month: month, exp_year: year, cvc }, new Date()))
      found[p.field] ??= t(`cards.problems.${p.problem}`);
    setProblems(found);
    const firstBad = ORDER.find((f) => found[f]);
    if (firstBad) {
      document.getElementById(FIELD_IDS[firstBad])?.focus();
      return;
    }
    setBusy(true);
    const token = await requestToken();
    if (!token) return setBusy(false);
    const res = await fetch('/api/v1/stripe/cards', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = (await res.json().catch(() => ({}))) as { data?: CardView[]; message?: string };
    setBusy(false);
    if (res.ok && body.data) {
      setNumber('');
      setCvc('');
      return props.onSaved(body.data);
    }
    // SPEC §8 card update fails: the save-failed flag, with what Stripe or the server said.
    setFailure({ title: t('cards.saveFailed'), text: body.message ?? '' });
  }

  const summary = ORDER.filter((f) => problems[f])
    .map((f) => `${labels[f]}: ${problems[f]}`)
    .join(' ');
  return (
    <Form onSubmit={() => void submit()} autoComplete>
      {/* Every problem found, announced at once; each is also shown under its field. */}
      <div aria-live="assertive" aria-atomic="true">
        <Text as="span" visuallyHidden>
          {summary ? t('cards.fixFields', { list: summary }) : ''}
        </Text>
      </div>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('cards.addTitle')}
        </Text>
        {failure ? (
          <Banner tone="critical" title={failure.title} onDismiss={() => setFailure(null)}>
            {failure.text ? <p>{failure.text}</p> : null}
          </Banner>
        ) : null}
        <FormLayout>
          <div ref={first}>
            <TextField
              id={FIELD_IDS.number}
              label={labels.number}
              value={number}
              onChange={setNumber}
              autoComplete="cc-number"
              inputMode="numeric"
              maxLength={23}
              error={problems.number}
            />
          </div>
          <FormLayout.Group>
            <Select
              id={FIELD_IDS.exp_month}
              label={labels.exp_month}
              options={months}
              value={month}
              onChange={setMonth}
              error={problems.exp_month}
            />
            <TextField
              id={FIELD_IDS.exp_year}
              label={labels.exp_year}
              value={year}
              onChange={setYear}
              autoComplete="cc-exp-year"
              inputMode="numeric"
              maxLength={4}
              error={problems.exp_year}
            />
            <TextField
              id={FIELD_IDS.cvc}
              label={labels.cvc}
              value={cvc}
              onChange={setCvc}
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={4}
              error={problems.cvc}
            />
          </FormLayout.Group>
          <TextField
            id={FIELD_IDS.name}
            label={labels.name}
            value={name}
            onChange={setName}
            autoComplete="cc-name"
            maxLength={100}
          />
        </FormLayout>
        <Text as="p" tone="subdued">
          {t('cards.direct')}
        </Text>
        <InlineStack gap="200">
          <Button variant="primary" submit loading={busy} disabled={!ready}>
            {t('cards.saveCard')}
          </Button>
          <Button onClick={props.onCancel}>{t('cards.cancel')}</Button>
        </InlineStack>
      </BlockStack>
    </Form>
  );
}
