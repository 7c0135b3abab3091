import { ProgressBar, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

/** A small bar for `done` of `total`, and under it the status line screen readers announce (`children`). */
export function ProgressStatus({
  done,
  total,
  children,
}: {
  done: number;
  total: number;
  children: ReactNode;
}) {
  return (
    <>
      <ProgressBar progress={total > 0 ? Math.round((100 * done) / total) : 0} size="small" />
      <Text as="p" tone="subdued">
        <span role="status">{children}</span>
      </Text>
    </>
  );
}
