import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  ConnectorError,
  hasConnector,
  oauthSetup,
  platformOf,
  type AppKeys,
  type OAuthPlatform,
} from '../../connectors/index.ts';
import { storeAccounts, storeOauthStates } from '../../db/schema.ts';
import { badRequest, decryptSecret, encryptSecret, hashToken, notFound } from '../platform/index.ts';
import type { ConnectDeps } from './connect.server.ts';
import { connectorFor, storeFetchFor } from './connectors.server.ts';

/*
 * Connecting an OAuth platform (Etsy, eBay, Lightspeed): GET /api/v1/accounts/oauth/{platform}/start keeps a
 * state (and, where the platform takes PKCE, a code verifier) for this merchant and redirects to the platform;
 * the platform sends the merchant back to /auth/{platform}/callback with a code, which the adapter exchanges for
 * credentials (connectors/platforms.ts OAuthPlatform). A state is single-use and lasts 10 minutes, and only the
 * merchant who started the flow can finish it.
 */

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export type OAuthDeps = Pick<ConnectDeps, 'db' | 'jobs' | 'appSecret' | 'appUrl' | 'config' | 'logger'>;

/**
 * An OAuth platform a merchant may connect here: its adapter registered and the operator's app keys and
 * settings set (for the variant the input names: Lightspeed's series).
 */
export function oauthPlatform(
  type: string,
  config: OAuthDeps['config'],
  input: Record<string, string> = {},
): {
  name: string;
  oauth: OAuthPlatform;
  appKeys: AppKeys;
  settings: Record<string, string>;
  apiUrl?: string;
} {
  const platform = platformOf(type);
  if (!platform || platform.connect !== 'oauth' || !platform.oauth || !hasConnector(type))
    throw notFound('This platform is not connected through OAuth here.');
  const setup = oauthSetup(platform, config, input);
  if (!setup)
    throw badRequest(`${platform.name} is not configured on this server.`, { problem: 'not_offered' });
  return { name: platform.name, oauth: platform.oauth, ...setup };
}

export const oauthRedirectUri = (appUrl: string, type: string) => `${appUrl}/auth/${type}/callback`;

/** The platform's authorization address for this merchant, with a fresh state (and PKCE challenge). */
export async function startStoreOAuth(
  deps: OAuthDeps,
  input: { ownerId: string; type: string; input?: Record<string, string>; now?: Date },
): Promise<string> {
  const { oauth } = oauthPlatform(input.type, deps.config);
  const now = input.now ?? new Date();
  const fields: Record<string, string> = {};
  for (const f of oauth.fields ?? []) {
    const v = input.input?.[f.key]?.trim();
    if (!v) throw badRequest(`${f.key} is required.`, { problem: 'missing_field', field: f.key });
    if (f.kind === 'choice' && !f.options?.includes(v))
      throw badRequest(`${f.key} must be one of ${f.options?.join(', ')}.`, {
        problem: 'invalid_field',
        field: f.key,
      });
    fields[f.key] = v.slice(0, 500);
  }
  const { appKeys, settings, apiUrl } = oauthPlatform(input.type, deps.config, fields);
  const state = randomBytes(32).toString('base64url');
  const verifier = oauth.pkce ? randomBytes(48).toString('base64url') : null;
  await deps.db.delete(storeOauthStates).where(lt(storeOauthStates.expiresAt, now));
  await deps.db.insert(storeOauthStates).values({
    stateHash: hashToken(state),
    userId: input.ownerId,
    platform: input.type,
    verifierEncrypted: verifier ? encryptSecret(verifier, deps.appSecret) : null,
    input: fields,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  return oauth.authorizeUrl({
    appKeys,
    apiUrl,
    settings,
    redirectUri: oauthRedirectUri(deps.appUrl, input.type),
    state,
    codeChallenge: verifier ? createHash('sha256').update(verifier).digest('base64url') : undefined,
    input: fields,
  });
}

/**
 * The callback: the state spent (whatever follows), the code exchanged, the store checked with the new
 * credentials and the account created (or the same store's account given them), then its first sync queued.
 * Answers the account id. A state that is unknown, spent, expired, of another platform or another merchant is a
 * 400 that changes nothing.
 */
export async function finishStoreOAuth(
  deps: OAuthDeps,
  input: { ownerId: string; type: string; query: Record<string, string>; now?: Date },
): Promise<{ accountId: string; jobId: string }> {
  // The platform is known and offered (404 / 400 before any state is spent).
  oauthPlatform(input.type, deps.config);
  const now = input.now ?? new Date();
  if (input.query.error)
    throw badRequest(
      `The platform did not grant access: ${input.query.error_description ?? input.query.error}`,
      { problem: 'oauth_refused' },
    );
  const state = input.query.state ?? '';
  const code = input.query.code ?? '';
  // Single use: deleted as it is read, so a second callback with the same state finds nothing.
  const [row] = await deps.db
    .delete(storeOauthStates)
    .where(
      and(
        eq(storeOauthStates.stateHash, hashToken(state)),
        eq(storeOauthStates.userId, input.ownerId),
        eq(storeOauthStates.platform, input.type),
        gt(storeOauthStates.expiresAt, now),
      ),
    )
    .returning();
  if (!row || !code)
    throw badRequest('This connection link has expired or was already used. Please start again.', {
      problem: 'oauth_state',
    });
  const kept = row.input as Record<string, string>;
  const {
    name: platformName,
    oauth,
    appKeys,
    settings,
    apiUrl,
  } = oauthPlatform(input.type, deps.config, kept);
  let result: Awaited<ReturnType<OAuthPlatform['exchangeCode']>>;
  try {
    result = await oauth.exchangeCode({
      appKeys,
      apiUrl,
      settings,
      redirectUri: oauthRedirectUri(deps.appUrl, input.type),
      code,
      codeVerifier: row.verifierEncrypted ? decryptSecret(row.verifierEncrypted, deps.appSecret) : undefined,
      fetch: storeFetchFor(deps.config.STORE_PRIVATE_HOSTS),
      input: kept,
      query: input.query,
    });
  } catch (err) {
    // The platform refused the code, or answered something we cannot use: the merchant starts again.
    if (!(err instanceof ConnectorError)) throw err;
    throw badRequest(`${platformName} did not connect: ${err.message}`, {
      problem: err.code === 'unauthorized' ? 'oauth_refused' : err.code,
      reason: err.message,
    });
  }
  const credentialsEncrypted = encryptSecret(JSON.stringify(result.credentials), deps.appSecret);
  const probe = {
    id: 'new',
    type: input.type,
    shopDomain: result.shopDomain,
    credentialsEncrypted,
    details: {},
  };
  const check = await connectorFor({
    account: probe,
    appSecret: deps.appSecret,
    config: deps.config,
  }).checkConnection();
  if (!check.ok)
    throw badRequest(`The store could not be read with this access: ${check.reason}`, {
      problem: check.code,
      reason: check.reason,
    });
  const name = result.name ?? check.shopName ?? result.shopDomain;
  const values = {
    name,
    credentialsEncrypted,
    connectionStatus: 'connected',
    details: sql`${storeAccounts.details} || ${JSON.stringify({ profile: { name, currency: check.currency } })}::jsonb`,
    updatedAt: now,
  };
  const [account] = await deps.db
    .insert(storeAccounts)
    .values({
      userId: input.ownerId,
      type: input.type,
      shopDomain: result.shopDomain,
      name,
      credentialsEncrypted,
      connectionStatus: 'connected',
      details: { profile: { name, currency: check.currency } },
    })
    .onConflictDoUpdate({
      target: [storeAccounts.userId, storeAccounts.type, storeAccounts.shopDomain],
      set: values,
    })
    .returning();
  const job = await deps.jobs.enqueue(
    'sync-store',
    { ownerId: input.ownerId, accountId: account!.id },
    { ownerId: input.ownerId, dedupeKey: `sync-store:${account!.id}` },
  );
  return { accountId: account!.id, jobId: job.id };
}
