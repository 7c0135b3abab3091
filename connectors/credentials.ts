import type { z } from 'zod';
import { ConnectorError, type ConnectorAccount, type ConnectorDeps } from './types.ts';

/**
 * The stored credentials of an account, opened and checked against the adapter's schema. No credentials, or
 * credentials that do not fit, are `not_connected`: the merchant connects the store (again).
 */
export function readCredentials<S extends z.ZodType>(
  platform: string,
  account: ConnectorAccount,
  deps: ConnectorDeps,
  schema: S,
): z.infer<S> {
  if (!account.credentialsEncrypted)
    throw new ConnectorError('not_connected', `${account.shopDomain || platform} has no stored credentials`);
  let json: unknown;
  try {
    json = JSON.parse(deps.decrypt(account.credentialsEncrypted));
  } catch {
    throw new ConnectorError('not_connected', `${platform}: the stored credentials cannot be read`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new ConnectorError(
      'not_connected',
      `${platform}: the stored credentials are incomplete (${parsed.error.issues[0]?.path.join('.') || 'credentials'})`,
    );
  return parsed.data;
}

/** The operator's app keys an OAuth platform needs; without them the store cannot be reached. */
export function requireAppKeys(platform: string, deps: ConnectorDeps, needSecret: boolean) {
  const keys = deps.appKeys;
  if (!keys?.clientId || (needSecret && !keys.clientSecret))
    throw new ConnectorError('not_connected', `${platform}: the app keys are not configured`);
  return keys as { clientId: string; clientSecret?: string };
}
