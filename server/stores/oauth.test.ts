import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { storeAccounts, storeOauthStates, users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import { createJobQueue, type JobQueue } from '../jobs/index.ts';
import { decryptSecret } from '../platform/index.ts';
import { finishStoreOAuth, startStoreOAuth } from './oauth.server.ts';

/*
 * The OAuth flow against the OAuthPlatform interface (connectors/platforms.ts), with a platform made for the test:
 * its authorize URL and code exchange are recorded, so the test sees exactly what the server hands an adapter.
 */

const exchanged: Record<string, unknown>[] = [];
vi.mock('../../connectors/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../connectors/index.ts')>();
  const oauth = {
    pkce: true,
    fields: [{ key: 'domainPrefix', kind: 'text' as const }],
    authorizeUrl: (o: {
      appKeys: { clientId: string };
      redirectUri: string;
      state: string;
      codeChallenge?: string;
      input: Record<string, string>;
    }) =>
      `https://auth.example/authorize?${new URLSearchParams({
        client_id: o.appKeys.clientId,
        redirect_uri: o.redirectUri,
        state: o.state,
        code_challenge: o.codeChallenge ?? '',
        prefix: o.input.domainPrefix ?? '',
      })}`,
    exchangeCode: async (o: Record<string, unknown>) => {
      exchanged.push(o);
      if (o.code === 'refused') throw new Error('invalid_grant');
      return {
        shopDomain: `${(o.input as Record<string, string>).domainPrefix}.example`,
        credentials: { accessToken: `token-for-${o.code as string}`, refreshToken: 'r1' },
      };
    },
  };
  const platform = {
    type: 'testoauth',
    name: 'Test OAuth',
    connect: 'oauth' as const,
    fields: [],
    appKeysEnv: 'TESTOAUTH',
    oauth,
  };
  return {
    ...real,
    hasConnector: (t: string) => t === 'testoauth' || real.hasConnector(t),
    platformOf: (t: string) => (t === 'testoauth' ? platform : real.platformOf(t)),
    getConnector: (account: { type: string }, deps: unknown) =>
      account.type === 'testoauth'
        ? {
            platform: 'testoauth',
            checkConnection: async () => ({ ok: true, shopName: 'Prefix Shop', currency: 'EUR' }),
          }
        : real.getConnector(account as never, deps as never),
  };
});

const SECRET = 'oauth-test-secret-0123456789abcdef01234';
let db: Db;
let close: () => Promise<void>;
let jobs: JobQueue;
let ownerId: string;
let otherId: string;
const deps = () => ({
  db,
  jobs,
  appSecret: SECRET,
  appUrl: 'https://app.example',
  config: { STORE_PRIVATE_HOSTS: [], TESTOAUTH_CLIENT_ID: 'client-1', TESTOAUTH_CLIENT_SECRET: 'shh' },
});

beforeAll(async () => {
  const database = await openTestDatabase();
  db = database.db;
  close = () => database.close();
  jobs = createJobQueue({ db });
  [{ id: ownerId }, { id: otherId }] = await db
    .insert(users)
    .values([{ email: 'oauth@example.com' }, { email: 'oauth-other@example.com' }])
    .returning();
});
afterAll(async () => {
  await jobs?.close();
  await close?.();
});

const stateOf = (url: string) => new URL(url).searchParams.get('state')!;

describe('store OAuth', () => {
  it('redirects with a state and a PKCE S256 challenge whose verifier reaches the code exchange; the account is created', async () => {
    const url = await startStoreOAuth(deps(), {
      ownerId,
      type: 'testoauth',
      input: { domainPrefix: 'acme' },
    });
    const q = new URL(url).searchParams;
    expect([q.get('client_id'), q.get('redirect_uri'), q.get('prefix')]).toEqual([
      'client-1',
      'https://app.example/auth/testoauth/callback',
      'acme',
    ]);
    const { accountId } = await finishStoreOAuth(deps(), {
      ownerId,
      type: 'testoauth',
      query: { code: 'abc', state: q.get('state')! },
    });
    const sent = exchanged.at(-1)!;
    expect(
      createHash('sha256')
        .update(sent.codeVerifier as string)
        .digest('base64url'),
    ).toBe(q.get('code_challenge'));
    expect(sent).toMatchObject({
      code: 'abc',
      appKeys: { clientId: 'client-1', clientSecret: 'shh' },
      input: { domainPrefix: 'acme' },
    });
    const [account] = await db.select().from(storeAccounts).where(eq(storeAccounts.id, accountId));
    expect(account).toMatchObject({
      type: 'testoauth',
      shopDomain: 'acme.example',
      name: 'Prefix Shop',
      connectionStatus: 'connected',
    });
    expect(JSON.parse(decryptSecret(account!.credentialsEncrypted!, SECRET))).toEqual({
      accessToken: 'token-for-abc',
      refreshToken: 'r1',
    });
    // Single use: the same state again is refused, and nothing changes.
    await expect(
      finishStoreOAuth(deps(), {
        ownerId,
        type: 'testoauth',
        query: { code: 'again', state: q.get('state')! },
      }),
    ).rejects.toMatchObject({ status: 400, details: { problem: 'oauth_state' } });
    expect(exchanged.at(-1)!.code).toBe('abc');
  });

  it('refuses another merchant’s state, an expired one and a missing field, and keeps nothing but the state', async () => {
    const url = await startStoreOAuth(deps(), { ownerId, type: 'testoauth', input: { domainPrefix: 'b' } });
    await expect(
      finishStoreOAuth(deps(), {
        ownerId: otherId,
        type: 'testoauth',
        query: { code: 'x', state: stateOf(url) },
      }),
    ).rejects.toMatchObject({ status: 400 });
    const later = new Date(Date.now() + 11 * 60_000);
    await expect(
      finishStoreOAuth(deps(), {
        ownerId,
        type: 'testoauth',
        query: { code: 'x', state: stateOf(url) },
        now: later,
      }),
    ).rejects.toMatchObject({ details: { problem: 'oauth_state' } });
    await expect(startStoreOAuth(deps(), { ownerId, type: 'testoauth', input: {} })).rejects.toMatchObject({
      details: { problem: 'missing_field', field: 'domainPrefix' },
    });
    const rows = await db.select().from(storeOauthStates);
    expect(rows.every((r) => r.verifierEncrypted && !r.verifierEncrypted.includes(stateOf(url)))).toBe(true);
  });

  it('is a 404 for a platform without OAuth, and says so when the operator has no app keys', async () => {
    await expect(startStoreOAuth(deps(), { ownerId, type: 'woocommerce' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      startStoreOAuth(
        { ...deps(), config: { STORE_PRIVATE_HOSTS: [] } },
        { ownerId, type: 'testoauth', input: { domainPrefix: 'c' } },
      ),
    ).rejects.toMatchObject({ status: 400, details: { problem: 'not_offered' } });
  });
});
