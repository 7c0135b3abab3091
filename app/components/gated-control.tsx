import { Badge, Button, InlineStack, Text, Tooltip } from '@shopify/polaris';
import { cloneElement, useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gate } from '../../core/billing/index.ts';

/**
 * Every control behind the plan (SPEC §6), from the gate server/billing's entitlements give the page: open, it is
 * the control itself; behind a plan, disabled with the plan's label (Business for most) and the tooltip 'Please
 * upgrade to use this feature'; Essential-only and Custom-only features, and trial features for trial users,
 * dimmed with their text and an Upgrade action to /subscribe; with billing off, a feature the server's plan leaves
 * out is dimmed with that said and no action. The text is also the control's description, so a keyboard or
 * screen-reader user gets what the tooltip says.
 */
export function GatedControl(props: { gate: Gate; children: ReactElement<{ disabled?: boolean }> }) {
  const { t } = useTranslation('billing');
  const id = useId();
  const { gate } = props;
  if (gate.kind === 'open') return props.children;
  // Without its address a Polaris link-button renders a real disabled <button>, which no one can follow or focus.
  const control = cloneElement(props.children as ReactElement<Record<string, unknown>>, {
    disabled: true,
    url: undefined,
    download: undefined,
    target: undefined,
  });
  if (gate.kind === 'upgrade')
    return (
      <span className="cb-gated" data-gate="upgrade" aria-describedby={id}>
        <InlineStack gap="150" blockAlign="center" wrap={false}>
          <Tooltip content={t('gate.upgrade')}>
            {/* A disabled button takes no focus: the wrapper does, so the tooltip opens from the keyboard too. */}
            <span tabIndex={0} className="cb-gated__focus">
              {control}
            </span>
          </Tooltip>
          <Badge tone="info">{gate.plan}</Badge>
        </InlineStack>
        <Text as="span" visuallyHidden>
          <span id={id}>{t('gate.upgrade')}</span>
        </Text>
      </span>
    );
  return (
    <span className="cb-gated" data-gate={gate.kind}>
      <InlineStack gap="200" blockAlign="center">
        <span className="cb-gated__dim" aria-describedby={id}>
          {control}
        </span>
        <Text as="span" tone="subdued" variant="bodySm">
          <span id={id}>{t(`gate.${gate.kind}`)}</span>
        </Text>
        {/* With billing off there is no plan to move to: the text says so, and nothing offers an upgrade. */}
        {gate.kind === 'unavailable' ? null : (
          <Button variant="plain" url="/subscribe">
            {t('gate.action')}
          </Button>
        )}
      </InlineStack>
    </span>
  );
}
