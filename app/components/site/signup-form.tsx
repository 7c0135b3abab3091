import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type ApiError = { message?: string; details?: { path: (string | number)[]; message: string }[] };

/**
 * A visitor leaves an address (SPEC §7): the waiting list of a store platform not yet connected
 * (POST api/v1/waitingusers: email, platform) or a marketing page's lead (POST api/v2/users/leads: email,
 * segment_id). The server mails a confirmation with a link that removes the address.
 */
export function SignupForm(props: {
  kind: 'waitlist' | 'lead';
  /** The text keys of the form in the site namespace: title, body, email, submit, sent (and platform). */
  texts: string;
  lang: string;
  segment?: string;
  initialEmail?: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('site');
  const id = useId();
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [platform, setPlatform] = useState('');
  const [error, setError] = useState<{ field: 'email' | 'platform' | null; text: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const url = props.kind === 'waitlist' ? '/api/v1/waitingusers' : '/api/v2/users/leads';
    const body =
      props.kind === 'waitlist'
        ? { email, platform, language: props.lang }
        : { email, segment_id: props.segment ?? '', language: props.lang };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.ok) {
        const saved = (await res.json()) as { data?: { email?: string } };
        setSent(saved.data?.email ?? email);
        return;
      }
      const err = (await res.json().catch(() => ({}))) as ApiError;
      const detail = err.details?.[0];
      setError({
        field: detail?.path[0] === 'platform' ? 'platform' : detail ? 'email' : null,
        text: detail?.message ?? err.message ?? t('signup.failed'),
      });
    } catch {
      setError({ field: null, text: t('signup.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="cb-site-signup" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t(`${props.texts}.title`)}</Heading>
      <p>{t(`${props.texts}.body`)}</p>
      {sent ? (
        <p role="status" className="cb-site-signup__sent">
          {t(`${props.texts}.sent`, { email: sent })}
        </p>
      ) : (
        <form className="cb-site-signup__form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="cb-site-field">
            <label htmlFor={`${id}-email`}>{t(`${props.texts}.email`)}</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error?.field === 'email' || undefined}
              aria-describedby={error?.field === 'email' ? `${id}-error` : undefined}
            />
          </div>
          {props.kind === 'waitlist' ? (
            <div className="cb-site-field">
              <label htmlFor={`${id}-platform`}>{t(`${props.texts}.platform`)}</label>
              <input
                id={`${id}-platform`}
                type="text"
                maxLength={60}
                value={platform}
                onChange={(e) => setPlatform(e.target.value)}
                aria-invalid={error?.field === 'platform' || undefined}
                aria-describedby={error?.field === 'platform' ? `${id}-error` : undefined}
              />
            </div>
          ) : null}
          <button type="submit" className="cb-site-button cb-site-button--primary" disabled={busy}>
            {t(`${props.texts}.submit`)}
          </button>
          {error ? (
            <p id={`${id}-error`} role="alert" className="cb-site-signup__error">
              {error.text}
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
