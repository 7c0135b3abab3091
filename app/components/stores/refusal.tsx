import { Banner, BlockStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConnectRefusal } from './types.ts';

const KNOWN = new Set([
  'missing_field',
  'bad_url',
  'private_address',
  'unknown_host',
  'unauthorized',
  'unavailable',
  'network',
  'throttled',
  'invalid_response',
  'invalid_field',
  'discontinued',
  'not_offered',
  'oauth_state',
  'oauth_refused',
  'session_expired',
]);

/** A refusal in the merchant's language, with the store's own words and the addresses to allow where useful. */
export function RefusalBanner({ refusal, title }: { refusal: ConnectRefusal; title?: string }) {
  const { t } = useTranslation('stores');
  const key = KNOWN.has(refusal.problem) ? refusal.problem : 'generic';
  return (
    <Banner tone="critical" title={title}>
      <BlockStack gap="100">
        <p role="alert">
          {t(`errors.${key}`)}
          {key === 'session_expired' ? (
            <>
              {' '}
              <Link to="/stores">{t('links.stores')}</Link>
            </>
          ) : null}
        </p>
        {refusal.reason ? (
          <Text as="p" tone="subdued">
            {t('errors.storeSaid', { reason: refusal.reason })}
          </Text>
        ) : null}
        {refusal.whitelist_ips?.length && (key === 'network' || key === 'unavailable') ? (
          <Text as="p" tone="subdued">
            {t('errors.whitelist', { ips: refusal.whitelist_ips.join(', ') })}
          </Text>
        ) : null}
      </BlockStack>
    </Banner>
  );
}
