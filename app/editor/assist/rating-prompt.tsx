import { Banner, Button, ButtonGroup, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The rating prompt (SPEC §4): 1 to 5 stars, or later (asked again in 7 days). The server decided that it
 * shows; `onAnswer` stores the answer, after which it is gone for good (or until the postponed date).
 */
export function RatingPrompt({ onAnswer }: { onAnswer: (answer: number | 'later') => Promise<boolean> }) {
  const { t } = useTranslation('editor');
  const [state, setState] = useState<'asking' | 'thanks' | 'closed' | 'failed'>('asking');
  const answer = async (a: number | 'later') => {
    const ok = await onAnswer(a);
    setState(!ok ? 'failed' : a === 'later' ? 'closed' : 'thanks');
  };
  if (state === 'closed') return null;
  if (state === 'thanks')
    return (
      <Banner tone="success" onDismiss={() => setState('closed')}>
        <p>{t('assist.rating.thanks')}</p>
      </Banner>
    );
  return (
    <Banner tone="info" title={t('assist.rating.title')}>
      <div className="cb-rating" role="group" aria-label={t('assist.rating.title')}>
        <Text as="p">{t('assist.rating.body')}</Text>
        <ButtonGroup>
          {[1, 2, 3, 4, 5].map((n) => (
            <Button
              key={n}
              size="slim"
              onClick={() => void answer(n)}
              accessibilityLabel={t('assist.rating.stars', { count: n })}
            >
              {'★'.repeat(n)}
            </Button>
          ))}
          <Button size="slim" variant="plain" onClick={() => void answer('later')}>
            {t('assist.rating.later')}
          </Button>
        </ButtonGroup>
        {state === 'failed' ? (
          <Text as="p" tone="critical">
            {t('assist.rating.failed')}
          </Text>
        ) : null}
      </div>
    </Banner>
  );
}
