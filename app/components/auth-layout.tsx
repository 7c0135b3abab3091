import { BlockStack, Card, Text } from '@shopify/polaris';
import { Brand } from './brand.tsx';

/** The centred card used by every signed-out account screen. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <main className="cb-auth">
      <div className="cb-auth__panel">
        <Brand />
        <Card>
          <BlockStack gap="400">
            <BlockStack gap="100">
              <Text as="h1" variant="headingLg">
                {title}
              </Text>
              {subtitle ? (
                <Text as="p" tone="subdued">
                  {subtitle}
                </Text>
              ) : null}
            </BlockStack>
            {children}
          </BlockStack>
        </Card>
        {footer ? <div style={{ marginTop: 16, textAlign: 'center' }}>{footer}</div> : null}
      </div>
    </main>
  );
}

/** Field errors from an action's `details` ([{ path, message }]) by field name. */
export function fieldErrors(details: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(details)) return out;
  for (const d of details as { path?: unknown[]; message?: string }[]) {
    const key = String(d.path?.[0] ?? '');
    if (key && d.message && !out[key]) out[key] = d.message;
  }
  return out;
}
