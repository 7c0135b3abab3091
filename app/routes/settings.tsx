import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  FormLayout,
  Layout,
  Modal,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { IMAGE_QUALITY_CHOICES, PAGE_FORMAT_NAMES } from '../../core/constants.ts';
import { LANGUAGES } from '../../core/i18n/index.ts';

export const meta: MetaFunction = () => [{ title: 'Account settings · Catalog Builder' }];

/**
 * /settings (issue 24 §4, SPEC §3 User settings): the account's business name, language, default page format,
 * image quality, GA4 id, storefront token and order synchronisation (PUT /api/v1/users/me); the sign-in email
 * (changed once the new address confirms), the password, and closing the account (/auth/closeAccount).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageUser, hasRole, pendingEmailChange } = await import('../../server/accounts/index.ts');
  const { describeUser } = await import('../../server/billing/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const user = await requirePageUser(request);
  const { db } = getRuntime();
  const me = await describeUser({ db, user });
  const url = new URL(request.url);
  const email = url.searchParams.get('email');
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    hasPassword: Boolean(user.passwordHash),
    businessName: me.businessName ?? '',
    locale: me.locale,
    settings: me.settings,
    pendingEmail: await pendingEmailChange({ db, userId: user.id }),
    emailNotice: email === 'confirmed' || email === 'invalid' ? email : null,
    openClose: url.searchParams.get('close') === '1',
  };
}

type Problem = { path?: (string | number)[]; message: string };
type Answer = { ok: boolean; body: { message?: string; details?: Problem[] } & Record<string, unknown> };

async function send(method: string, url: string, body: unknown): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed = (await res.json().catch(() => ({}))) as Answer['body'];
  return { ok: res.ok, body: parsed };
}

/** The message of the problem at `field` (the last part of its path), for the field's error. */
const fieldError = (problems: Problem[], field: string) =>
  problems.find((p) => p.path?.at(-1) === field)?.message;

type Notice = { tone: 'success' | 'critical'; text: string } | null;

export default function SettingsPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('settings');
  const [notice, setNotice] = useState<Notice>(
    d.emailNotice === 'confirmed'
      ? { tone: 'success', text: t('email.confirmed') }
      : d.emailNotice === 'invalid'
        ? { tone: 'critical', text: t('email.invalid') }
        : null,
  );
  return (
    <AppFrame email={d.email} isStaff={d.isStaff}>
      <Page title={t('title')} narrowWidth>
        <Layout>
          {notice ? (
            <Layout.Section>
              <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
                {notice.text}
              </Banner>
            </Layout.Section>
          ) : null}
          <Layout.Section>
            <BlockStack gap="400">
              <ProfileCard onNotice={setNotice} />
              <EmailCard onNotice={setNotice} />
              {d.hasPassword ? <PasswordCard onNotice={setNotice} /> : null}
              <CloseCard />
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Page>
    </AppFrame>
  );
}

function ProfileCard({ onNotice }: { onNotice: (n: Notice) => void }) {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('settings');
  const [businessName, setBusinessName] = useState(d.businessName);
  const [locale, setLocale] = useState(d.locale);
  const [pageFormat, setPageFormat] = useState<string>(d.settings.page_format);
  const [quality, setQuality] = useState<string>(d.settings.image_quality);
  const [ga4, setGa4] = useState(d.settings.ga4_tracking_id ?? '');
  const [token, setToken] = useState(d.settings.store_front_access_token ?? '');
  const [syncOrders, setSyncOrders] = useState(Boolean(d.settings.synchronize_orders));
  const [problems, setProblems] = useState<Problem[]>([]);
  const [saving, setSaving] = useState(false);

  async function save(e?: FormEvent) {
    e?.preventDefault();
    setSaving(true);
    const { ok, body } = await send('PUT', '/api/v1/users/me', {
      businessName,
      locale,
      settings: {
        page_format: pageFormat,
        image_quality: quality,
        ga4_tracking_id: ga4.trim() || null,
        store_front_access_token: token.trim() || null,
        synchronize_orders: syncOrders,
      },
    });
    setSaving(false);
    setProblems(ok ? [] : (body.details ?? []));
    if (ok && locale !== i18n.language) await i18n.changeLanguage(locale);
    onNotice(
      ok
        ? { tone: 'success', text: t('profile.saved', { lng: locale }) }
        : { tone: 'critical', text: body.message ?? t('failed') },
    );
  }

  const qualities = [...new Set([...IMAGE_QUALITY_CHOICES, quality])];
  return (
    <Card>
      <form onSubmit={(e) => void save(e)} aria-labelledby="settings-profile">
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd" id="settings-profile">
            {t('profile.heading')}
          </Text>
          <FormLayout>
            <TextField
              label={t('profile.businessName')}
              value={businessName}
              onChange={setBusinessName}
              autoComplete="organization"
              maxLength={200}
              error={fieldError(problems, 'businessName')}
            />
            <FormLayout.Group>
              <Select
                label={t('profile.language')}
                value={locale}
                onChange={setLocale}
                options={LANGUAGES.map((l) => ({ value: l, label: t(`profile.languages.${l}`) }))}
              />
              <Select
                label={t('profile.pageFormat')}
                helpText={t('profile.pageFormatHelp')}
                value={pageFormat}
                onChange={setPageFormat}
                options={PAGE_FORMAT_NAMES.map((f) => ({ value: f, label: t(`profile.formats.${f}`) }))}
                error={fieldError(problems, 'page_format')}
              />
            </FormLayout.Group>
            <Select
              label={t('profile.imageQuality')}
              helpText={t('profile.imageQualityHelp')}
              value={quality}
              onChange={setQuality}
              options={qualities.map((q) => ({
                value: q,
                label: t(`profile.qualities.${q}`, { defaultValue: q }),
              }))}
              error={fieldError(problems, 'image_quality')}
            />
            <TextField
              label={t('profile.ga4')}
              helpText={t('profile.ga4Help')}
              value={ga4}
              onChange={setGa4}
              autoComplete="off"
              placeholder="G-XXXXXXXXXX"
              error={fieldError(problems, 'ga4_tracking_id')}
            />
            <TextField
              label={t('profile.token')}
              helpText={t('profile.tokenHelp')}
              value={token}
              onChange={setToken}
              autoComplete="off"
              maxLength={200}
              error={fieldError(problems, 'store_front_access_token')}
            />
            <Checkbox label={t('profile.syncOrders')} checked={syncOrders} onChange={setSyncOrders} />
          </FormLayout>
          <div>
            <Button variant="primary" submit loading={saving}>
              {t('profile.save')}
            </Button>
          </div>
        </BlockStack>
      </form>
    </Card>
  );
}

function EmailCard({ onNotice }: { onNotice: (n: Notice) => void }) {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('settings');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(d.pendingEmail);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    const { ok, body } = await send('POST', '/api/v1/users/me/email', {
      email,
      ...(d.hasPassword ? { currentPassword: password } : {}),
    });
    setSending(false);
    setProblems(ok ? [] : (body.details ?? []));
    if (ok) {
      setPending(String(body.pendingEmail));
      setEmail('');
      setPassword('');
    }
    onNotice({ tone: ok ? 'success' : 'critical', text: body.message ?? t('failed') });
  }

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} aria-labelledby="settings-email">
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd" id="settings-email">
            {t('email.heading')}
          </Text>
          <Text as="p">{d.email ? t('email.current', { email: d.email }) : t('email.none')}</Text>
          {pending ? (
            <Text as="p" tone="caution">
              {t('email.pending', { email: pending })}
            </Text>
          ) : null}
          <FormLayout>
            <TextField
              label={t('email.new')}
              type="email"
              value={email}
              onChange={setEmail}
              autoComplete="email"
              error={fieldError(problems, 'email')}
            />
            {d.hasPassword ? (
              <TextField
                label={t('email.currentPassword')}
                type="password"
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
                error={fieldError(problems, 'currentPassword')}
              />
            ) : null}
          </FormLayout>
          <div>
            <Button submit loading={sending} disabled={!email.trim()}>
              {t('email.send')}
            </Button>
          </div>
        </BlockStack>
      </form>
    </Card>
  );
}

function PasswordCard({ onNotice }: { onNotice: (n: Notice) => void }) {
  const { t } = useTranslation('settings');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const { ok, body } = await send('PUT', '/api/v1/users/me/password', {
      currentPassword: current,
      password,
      confirmPassword: confirm,
    });
    setSaving(false);
    setProblems(ok ? [] : (body.details ?? []));
    if (ok) {
      setCurrent('');
      setPassword('');
      setConfirm('');
    }
    onNotice({ tone: ok ? 'success' : 'critical', text: body.message ?? t('failed') });
  }

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} aria-labelledby="settings-password">
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd" id="settings-password">
            {t('password.heading')}
          </Text>
          <FormLayout>
            <TextField
              label={t('password.current')}
              type="password"
              value={current}
              onChange={setCurrent}
              autoComplete="current-password"
              error={fieldError(problems, 'currentPassword')}
            />
            <FormLayout.Group>
              <TextField
                label={t('password.new')}
                helpText={t('password.newHelp')}
                type="password"
                value={password}
                onChange={setPassword}
                autoComplete="new-password"
                error={fieldError(problems, 'password')}
              />
              <TextField
                label={t('password.confirm')}
                type="password"
                value={confirm}
                onChange={setConfirm}
                autoComplete="new-password"
                error={fieldError(problems, 'confirmPassword')}
              />
            </FormLayout.Group>
          </FormLayout>
          <div>
            <Button submit loading={saving} disabled={!current || !password}>
              {t('password.change')}
            </Button>
          </div>
        </BlockStack>
      </form>
    </Card>
  );
}

function CloseCard() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(d.openClose);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);

  async function close() {
    setClosing(true);
    const { ok, body } = await send('POST', '/auth/closeAccount', {
      ...(d.hasPassword ? { currentPassword: password } : {}),
    });
    if (ok) return window.location.assign('/?closed=1');
    setClosing(false);
    setError(body.message ?? t('failed'));
  }

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('close.heading')}
        </Text>
        <Text as="p" tone="subdued">
          {t('close.body')}
        </Text>
        <div>
          <Button variant="primary" tone="critical" onClick={() => setOpen(true)}>
            {t('close.action')}
          </Button>
        </div>
      </BlockStack>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('close.modalTitle')}
        primaryAction={{
          content: t('close.confirm'),
          destructive: true,
          loading: closing,
          disabled: d.hasPassword && !password,
          onAction: () => void close(),
        }}
        secondaryActions={[{ content: t('close.cancel'), onAction: () => setOpen(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="300">
            <Text as="p">{t('close.modalBody')}</Text>
            {error ? <Banner tone="critical">{error}</Banner> : null}
            {d.hasPassword ? (
              <TextField
                label={t('close.password')}
                type="password"
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
              />
            ) : null}
          </BlockStack>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
