import { Text } from '@shopify/polaris';
import { Trans, useTranslation } from 'react-i18next';

/** A sentence of the billing namespace naming the operator's contact (CONTACT_EMAIL) as a mail link. */
export function ContactLine({ i18nKey, email }: { i18nKey: string; email: string }) {
  const { t } = useTranslation('billing');
  return (
    <Text as="p" tone="subdued">
      <Trans
        t={t}
        i18nKey={i18nKey}
        values={{ email }}
        components={{ mail: <a href={`mailto:${email}`} className="cb-contact-link" /> }}
      />
    </Text>
  );
}
