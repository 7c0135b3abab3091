import { Badge, Banner, InlineStack, Text } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfferFacts } from '../../../core/billing/index.ts';

export type PricingOffer = OfferFacts;

/** "2d 04:05:06": what is left until the offer ends. */
function countdown(ms: number, dayUnit: string): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(s / 86_400);
  const clock = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${days}${dayUnit} ${clock}` : clock;
}

/**
 * SPEC §9 ESSENTIAL-ANNUALLY: its remaining count and a countdown, 'Offer Expired' once it ends. The clock starts
 * from the server's time so the first paint matches the server's and then ticks in the browser.
 */
export function OfferBanner({ offer, serverNow }: { offer: PricingOffer; serverNow: number }) {
  const { t } = useTranslation('billing');
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const skew = Date.now() - serverNow;
    const timer = setInterval(() => setNow(Date.now() - skew), 1000);
    return () => clearInterval(timer);
  }, [serverNow]);
  const end = offer.expires_at ? new Date(offer.expires_at).getTime() : null;
  const ended = end !== null && end <= now;
  const soldOut = offer.remaining <= 0;
  return (
    <Banner
      tone={ended || soldOut ? undefined : 'success'}
      title={t('pricing.offer.title', { percent: offer.percent_off })}
    >
      <InlineStack gap="300" blockAlign="center">
        {ended ? (
          <Text as="span" fontWeight="semibold">
            {t('pricing.offer.expired')}
          </Text>
        ) : (
          <>
            <Badge tone={soldOut ? undefined : 'attention'}>
              {soldOut
                ? t('pricing.offer.soldOut')
                : t('pricing.offer.remaining', { count: offer.remaining })}
            </Badge>
            {end !== null ? (
              <span role="timer" aria-live="off">
                {t('pricing.offer.endsIn', { time: countdown(end - now, t('pricing.offer.dayUnit')) })}
              </span>
            ) : null}
          </>
        )}
      </InlineStack>
    </Banner>
  );
}
