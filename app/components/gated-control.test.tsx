import { AppProvider, Button } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Gate } from '../../core/billing/index.ts';
import { createI18n } from '../../core/i18n/index.ts';
import { GatedControl } from './gated-control.tsx';

const render = (gate: Gate, lang = 'en') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang)}>
      <AppProvider i18n={polarisEn}>
        <GatedControl gate={gate}>
          <Button url="/api/v1/orders?format=csv">Export orders</Button>
        </GatedControl>
      </AppProvider>
    </I18nextProvider>,
  );

describe('GatedControl (SPEC §6 gated controls)', () => {
  it('leaves an open control as it is', () => {
    const html = render({ kind: 'open' });
    expect(html).toContain('href="/api/v1/orders?format=csv"');
    expect(html).not.toContain('cb-gated');
  });

  it("disables a control behind a plan, with the plan's label and 'Please upgrade to use this feature'", () => {
    const html = render({ kind: 'upgrade', plan: 'Business' });
    expect(html).toContain('data-gate="upgrade"');
    expect(html).toMatch(/<button[^>]*disabled/);
    expect(html).not.toContain('href="/api/v1/orders');
    expect(html).toContain('>Business<');
    expect(html).toContain('Please upgrade to use this feature');
    // The wrapper takes the focus a disabled button cannot, so the keyboard reaches the tooltip.
    expect(html).toContain('tabindex="0"');
  });

  it('dims Essential-only, Custom-only and trial features with their text and an Upgrade link to /subscribe', () => {
    for (const [kind, text] of [
      ['essential', 'This feature is only available on the Essential plan.'],
      ['custom', 'This feature is only available on the Custom plan.'],
      ['trial', 'This feature is available once you choose a plan.'],
    ] as const) {
      const html = render({ kind });
      expect(html).toContain(`data-gate="${kind}"`);
      expect(html).toContain('cb-gated__dim');
      expect(html).toMatch(/<button[^>]*disabled/);
      expect(html).toContain(text);
      expect(html).toMatch(/href="\/subscribe"[^>]*>.*Upgrade/);
    }
  });

  it('speaks French on French pages', () => {
    expect(render({ kind: 'essential' }, 'fr')).toContain(
      'Cette fonctionnalité est disponible uniquement avec la formule Essential.',
    );
  });
});
