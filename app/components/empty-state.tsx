import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris';

type Action = { content: string; onAction: () => void };

/**
 * An empty state with our illustration. Polaris' EmptyState shows a grey placeholder until its image fires
 * a load event, which a server-rendered image that loaded before hydration never does.
 */
export function EmptyState({
  heading,
  children,
  action,
  secondaryAction,
}: {
  heading: string;
  children?: React.ReactNode;
  action?: Action;
  secondaryAction?: Action;
}) {
  return (
    <div style={{ padding: '32px 16px', textAlign: 'center' }}>
      <BlockStack gap="300" inlineAlign="center">
        <img src="/empty-state.svg" alt="" width={180} height={120} />
        <Text as="h2" variant="headingMd">
          {heading}
        </Text>
        {children ? (
          <div style={{ maxWidth: 420 }}>
            <Text as="span" tone="subdued">
              {children}
            </Text>
          </div>
        ) : null}
        {action || secondaryAction ? (
          <InlineStack gap="200" align="center">
            {secondaryAction ? (
              <Button onClick={secondaryAction.onAction}>{secondaryAction.content}</Button>
            ) : null}
            {action ? (
              <Button variant="primary" onClick={action.onAction}>
                {action.content}
              </Button>
            ) : null}
          </InlineStack>
        ) : null}
      </BlockStack>
    </div>
  );
}
