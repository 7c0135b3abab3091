import type { z } from 'zod';
import {
  ConnectorError,
  type ConnectionCheck,
  type ConnectParse,
  type ConnectSpec,
  type ConnectorAccount,
  type ConnectorDeps,
  type CredentialField,
} from '../types.ts';

/*
 * Connecting a store: what the merchant types (ConnectSpec), the stored credentials opened again, the operator's
 * app keys an OAuth platform needs, and checkConnection's answer.
 */

/**
 * The account's stored credentials opened and checked against the adapter's schema; `not_connected` when there
 * are none or they are not what the platform needs (the merchant connects the store again).
 */
export function openCredentials<S extends z.ZodType>(
  account: ConnectorAccount,
  deps: Pick<ConnectorDeps, 'decrypt'>,
  schema: S,
  platform: string,
): z.output<S> {
  const where = account.shopDomain || account.id;
  if (!account.credentialsEncrypted)
    throw new ConnectorError('not_connected', `The ${platform} store ${where} has no stored credentials`);
  let raw: unknown;
  try {
    raw = JSON.parse(deps.decrypt(account.credentialsEncrypted));
  } catch {
    throw new ConnectorError(
      'not_connected',
      `The ${platform} store ${where} has credentials we cannot read`,
    );
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new ConnectorError(
      'not_connected',
      `The ${platform} store ${where} has incomplete credentials (${parsed.error.issues[0]?.path.join('.') || 'credentials'})`,
    );
  return parsed.data;
}

/** The operator's app keys an OAuth platform needs; without them the store cannot be reached (`not_connected`). */
export function requireAppKeys(
  platform: string,
  deps: Pick<ConnectorDeps, 'appKeys'>,
  needSecret: boolean,
): { clientId: string; clientSecret?: string } {
  const keys = deps.appKeys;
  if (!keys?.clientId || (needSecret && !keys.clientSecret))
    throw new ConnectorError('not_connected', `${platform}: the app keys are not configured`);
  return keys as { clientId: string; clientSecret?: string };
}

/** A platform's ConnectSpec from its credentials schema and the store key the credentials name. */
export function connectSpec<C extends Record<string, unknown>>(opts: {
  fields: CredentialField[];
  alternatives?: string[][];
  schema: z.ZodType<C>;
  storeKey: (credentials: C) => string | null;
}): ConnectSpec {
  return {
    fields: opts.fields,
    ...(opts.alternatives ? { alternatives: opts.alternatives } : {}),
    parse(input: unknown): ConnectParse {
      const parsed = opts.schema.safeParse(input);
      if (!parsed.success)
        return {
          ok: false,
          issues: parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
        };
      return { ok: true, credentials: parsed.data, storeKey: opts.storeKey(parsed.data) };
    },
  };
}

/** checkConnection's answer: what the store said of itself, or why it could not (never throws). */
export async function connectionCheck(
  ask: () => Promise<{ shopName: string | null; currency: string | null; storeUrl?: string | null }>,
): Promise<ConnectionCheck> {
  try {
    return { ok: true, ...(await ask()) };
  } catch (err) {
    if (err instanceof ConnectorError) return { ok: false, code: err.code, reason: err.message };
    return { ok: false, code: 'network', reason: (err as Error).message };
  }
}
