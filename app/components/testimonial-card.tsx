import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';

export type OwnTestimonial = {
  _id: string;
  text: string;
  language: 'en' | 'fr';
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
};

const TONES = { pending: 'attention', approved: 'success', rejected: undefined } as const;

/**
 * The dashboard's testimonial card (issue 27: testimonials are collected, never invented): the merchant writes
 * one (text, the name shown, the business, the page it is for), staff read it before /testimonials shows it;
 * what they wrote before is listed with where it stands, and can be withdrawn.
 */
export function TestimonialCard({
  mine,
  defaultBusiness,
}: {
  mine: OwnTestimonial[];
  defaultBusiness: string;
}) {
  const { t, i18n } = useTranslation('billing');
  const revalidator = useRevalidator();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [business, setBusiness] = useState(defaultBusiness);
  const [language, setLanguage] = useState(i18n.language === 'fr' ? 'fr' : 'en');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);

  async function send(method: string, path: string, body?: unknown) {
    setBusy(true);
    const res = await fetch(path, {
      method,
      headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).catch(() => null);
    const answer = res ? ((await res.json().catch(() => ({}))) as { message?: string }) : {};
    setBusy(false);
    revalidator.revalidate();
    if (res?.ok) return true;
    setNotice({ text: answer.message ?? t('dashboard.testimonial.failed'), error: true });
    return false;
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (await send('POST', '/api/v1/testimonials', { text, name, business, language })) {
      setText('');
      setNotice({ text: t('dashboard.testimonial.sent'), error: false });
    }
  }

  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="testimonial">
          {t('dashboard.testimonial.title')}
        </Text>
        <Text as="p" tone="subdued">
          {t('dashboard.testimonial.intro')}
        </Text>
        <div role="status" aria-live="polite">
          {notice ? (
            <Banner tone={notice.error ? 'critical' : 'success'} onDismiss={() => setNotice(null)}>
              {notice.text}
            </Banner>
          ) : null}
        </div>
        <form onSubmit={(e) => void submit(e)}>
          <FormLayout>
            <TextField
              label={t('dashboard.testimonial.text')}
              value={text}
              onChange={setText}
              multiline={4}
              maxLength={1000}
              showCharacterCount
              autoComplete="off"
              requiredIndicator
            />
            <FormLayout.Group>
              <TextField
                label={t('dashboard.testimonial.name')}
                value={name}
                onChange={setName}
                maxLength={80}
                autoComplete="name"
                requiredIndicator
              />
              <TextField
                label={t('dashboard.testimonial.business')}
                value={business}
                onChange={setBusiness}
                maxLength={80}
                autoComplete="organization"
              />
            </FormLayout.Group>
            <Select
              label={t('dashboard.testimonial.language')}
              options={(['en', 'fr'] as const).map((l) => ({
                value: l,
                label: t(`dashboard.testimonial.languages.${l}`),
              }))}
              value={language}
              onChange={setLanguage}
            />
            <Button submit variant="primary" loading={busy}>
              {t('dashboard.testimonial.send')}
            </Button>
          </FormLayout>
        </form>
        {mine.length > 0 ? (
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              {t('dashboard.testimonial.yours')}
            </Text>
            <ul className="cb-dashboard__testimonials">
              {mine.map((q) => (
                <li key={q._id}>
                  <BlockStack gap="100">
                    <InlineStack gap="200" blockAlign="center">
                      <Badge tone={TONES[q.status]}>{t(`dashboard.testimonial.statuses.${q.status}`)}</Badge>
                      <Text as="span" tone="subdued">
                        {date(q.created_at)}
                      </Text>
                      <Button
                        variant="plain"
                        disabled={busy}
                        accessibilityLabel={t('dashboard.testimonial.withdrawOf', {
                          date: date(q.created_at),
                        })}
                        onClick={() => void send('DELETE', `/api/v1/testimonials/${q._id}`)}
                      >
                        {t('dashboard.testimonial.withdraw')}
                      </Button>
                    </InlineStack>
                    <Text as="p">{q.text}</Text>
                  </BlockStack>
                </li>
              ))}
            </ul>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
