import { describe, expect, it } from 'vitest';
import { oauth1Header, oauth1Signature, OAuthSession, type OAuthCredentials } from './oauth.ts';

describe('OAuth 1.0a signatures', () => {
  const keys = {
    consumerKey: 'dpf43f3p2l4k3l03',
    consumerSecret: 'kd94hf93k423kf44',
    token: 'nnch734d00sl2jdk',
    tokenSecret: 'pfkkdhi9sl3r4s00',
  };
  const request = { method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original' };

  it('signs RFC 5849 §1.2 and the OAuth 1.0 spec appendix example (HMAC-SHA1)', () => {
    const rfc = {
      oauth_consumer_key: keys.consumerKey,
      oauth_token: keys.token,
      oauth_signature_method: 'HMAC-SHA1',
      oauth_timestamp: '137131202',
      oauth_nonce: 'chapoH',
    };
    expect(oauth1Signature(request, keys, rfc, 'HMAC-SHA1')).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
    const appendix = {
      ...rfc,
      oauth_timestamp: '1191242096',
      oauth_nonce: 'kllo9940pd9333jh',
      oauth_version: '1.0',
    };
    expect(oauth1Signature(request, keys, appendix, 'HMAC-SHA1')).toBe('tR3+Ty81lMeYAr/Fid0kMTYa/WM=');
  });

  it('writes the header with HMAC-SHA256 by default, every value percent-encoded', () => {
    const header = oauth1Header(request, keys, { nonce: 'n o/nce', timestamp: 1191242096 });
    expect(header).toMatch(/^OAuth oauth_consumer_key="dpf43f3p2l4k3l03", oauth_nonce="n%20o%2Fnce", /);
    expect(header).toContain('oauth_signature_method="HMAC-SHA256"');
    expect(header).toContain('oauth_version="1.0"');
    const signature = decodeURIComponent(/oauth_signature="([^"]+)"/.exec(header)![1]!);
    expect(Buffer.from(signature, 'base64')).toHaveLength(32);
  });
});

describe('OAuthSession', () => {
  it('renews an expired token once for requests that ask together, storing the new credentials first', async () => {
    const events: string[] = [];
    let n = 0;
    const session = new OAuthSession({
      credentials: {
        accessToken: 'a0',
        refreshToken: 'r0',
        expiresAt: new Date(Date.now() - 1).toISOString(),
      },
      refresh: async (c) => {
        events.push(`refresh ${c.refreshToken}`);
        n++;
        return {
          accessToken: `a${n}`,
          refreshToken: `r${n}`,
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        };
      },
      onCredentials: async (j) => {
        events.push(`stored ${JSON.parse(j).accessToken}`);
      },
    });
    const tokens = await Promise.all([session.accessToken(), session.accessToken(), session.accessToken()]);
    expect(tokens).toEqual(['a1', 'a1', 'a1']);
    expect(events).toEqual(['refresh r0', 'stored a1']);
    expect(await session.accessToken()).toBe('a1');
  });

  it('renews within a minute of the expiry, and not a token without one', async () => {
    let refreshed = 0;
    const soon = new OAuthSession<OAuthCredentials>({
      credentials: {
        accessToken: 'a',
        refreshToken: 'r',
        expiresAt: new Date(Date.now() + 30_000).toISOString(),
      },
      refresh: async (c) => {
        refreshed++;
        return { ...c, accessToken: 'b', expiresAt: null };
      },
    });
    expect(await soon.accessToken()).toBe('b');
    const personal = new OAuthSession<OAuthCredentials>({
      credentials: { accessToken: 'p', refreshToken: null, expiresAt: null },
      refresh: async () => {
        throw new Error('never');
      },
    });
    expect(await personal.accessToken()).toBe('p');
    expect(await personal.renew()).toBe(false);
    expect(refreshed).toBe(1);
  });
});
