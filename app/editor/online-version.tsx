import { Badge, BlockStack, Button, Popover, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../components/catalogs/api.ts';

/** What the editor knows of the catalog's online version: whether visitors see it, and its address. */
export type OnlineBoot = { published: boolean; url: string };

/**
 * The top bar's "Online version" (SPEC §2.2: the editor goes to view/{slug or id}): whether visitors see the
 * catalog (a draft answers 404 to everyone but its owner and staff), Publish or Unpublish, and the way to it.
 */
export function OnlineVersion({ catalogId, online }: { catalogId: string; online: OnlineBoot }) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const [published, setPublished] = useState(online.published);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const toggle = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const saved = await callApi<{ published: boolean }>(
        'PUT',
        `/api/v1/catalogs/${encodeURIComponent(catalogId)}/settings`,
        { published: !published },
      );
      setPublished(saved.published);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      preferredAlignment="right"
      activator={
        <Button onClick={() => setOpen((o) => !o)} disclosure={open ? 'up' : 'down'} ariaExpanded={open}>
          {t('online.button')}
        </Button>
      }
    >
      <div className="cb-online-version" data-published={published}>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h2" variant="headingSm">
              {t('online.title')}{' '}
              {published ? (
                <Badge tone="success">{t('online.statusPublished')}</Badge>
              ) : (
                <Badge tone="attention">{t('online.statusDraft')}</Badge>
              )}
            </Text>
            <p role="status">{t(published ? 'online.published' : 'online.draft')}</p>
          </BlockStack>
          {failed ? (
            <p role="alert" className="cb-online-version__error">
              {t('online.failed')}
            </p>
          ) : null}
          <Button variant={published ? 'secondary' : 'primary'} loading={busy} onClick={() => void toggle()}>
            {t(published ? 'online.unpublish' : 'online.publish')}
          </Button>
          <Button url={online.url} target="_blank" variant="plain">
            {t('online.open')}
          </Button>
        </BlockStack>
      </div>
    </Popover>
  );
}
