import { Modal, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUR_STEPS } from '../../../core/rules/index.ts';

/**
 * The first-visit tour (SPEC §4): five steps in a dialog. Finishing, skipping or Escape all end it, and
 * `onDone` stores the flag so it never runs again.
 */
export function Tour({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState(0);
  const end = () => {
    setOpen(false);
    onDone();
  };
  const last = step === TOUR_STEPS.length - 1;
  const id = TOUR_STEPS[step]!;
  return (
    <Modal
      open={open}
      onClose={end}
      title={t(`assist.tour.${id}.title`)}
      primaryAction={{
        content: last ? t('assist.tour.done') : t('assist.tour.next'),
        onAction: last ? end : () => setStep(step + 1),
      }}
      secondaryActions={[
        ...(step > 0 ? [{ content: t('assist.tour.back'), onAction: () => setStep(step - 1) }] : []),
        { content: t('assist.tour.skip'), onAction: end },
      ]}
    >
      <Modal.Section>
        <Text as="p" tone="subdued" variant="bodySm">
          <span data-testid="tour-step">
            {t('assist.tour.step', { step: step + 1, count: TOUR_STEPS.length })}
          </span>
        </Text>
        <Text as="p">{t(`assist.tour.${id}.body`)}</Text>
      </Modal.Section>
    </Modal>
  );
}
