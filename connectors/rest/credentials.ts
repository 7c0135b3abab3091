import type { z } from 'zod';
import {
  ConnectorError,
  type ConnectParse,
  type ConnectSpec,
  type ConnectorAccount,
  type ConnectorDeps,
  type CredentialField,
} from '../types.ts';

/**
 * The account's stored credentials opened and checked against the adapter's schema; `not_connected` when there
 * are none or they are not what the platform needs (the merchant connects again).
 */
export function openCredentials<C>(
  account: ConnectorAccount,
  deps: Pick<ConnectorDeps, 'decrypt'>,
  schema: z.ZodType<C>,
  platform: string,
): C {
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
    throw new ConnectorError('not_connected', `The ${platform} store ${where} has incomplete credentials`);
  return parsed.data;
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
