import { createHash, randomBytes } from 'node:crypto';
import { formOf, json, type FakeAnswer, type FakeRequest } from './fake-store-server.ts';

/**
 * The OAuth 2 side of a fake platform (RFC 6749 authorization code grant, RFC 7636 PKCE): the consent step a
 * merchant's browser would go through, the token endpoint (code exchange and refresh, with rotation), and the
 * check of the bearer tokens the API receives.
 */

export type Grant = {
  clientId: string;
  redirectUri: string | null;
  challenge: string | null;
  scope: string | null;
};
type Token = { grant: Grant; expiresAt: number; data: Record<string, unknown> };

export type FakeOAuthOptions = {
  clientId: string;
  clientSecret?: string;
  /** Access token lifetime in seconds. */
  ttlSeconds?: number;
  /** How the client proves itself at the token endpoint. */
  clientAuth: 'none' | 'form' | 'basic';
  /** The code exchange must carry a code_verifier matching the S256 challenge (Etsy). */
  requirePkce?: boolean;
  /** A used refresh token stops working (Lightspeed, Etsy). */
  rotate?: boolean;
  /** A refresh answers an access token only: the refresh token stays the same (eBay). */
  keepRefreshToken?: boolean;
  /** Access token text (Etsy prefixes the numeric user id). */
  tokenText?: (data: Record<string, unknown>) => string;
  /** Extra fields of the token answer (Lightspeed X-Series: domain_prefix). */
  extra?: (data: Record<string, unknown>) => Record<string, unknown>;
};

export class FakeOAuth {
  readonly codes = new Map<string, Grant & { data: Record<string, unknown> }>();
  readonly access = new Map<string, Token>();
  readonly refresh = new Map<string, Token>();
  /** Every refresh is refused (the merchant revoked the app). */
  refuseRefresh = false;
  /** Token endpoint calls: grant type and whether they were granted. */
  readonly exchanges: { grantType: string; granted: boolean; form: Record<string, string> }[] = [];

  constructor(readonly o: FakeOAuthOptions) {}

  /**
   * The merchant approves the app on the platform's consent page at `authorizeUrl`: answers the redirect's code
   * and state. Throws as the platform would refuse the request (unknown client, no code challenge when PKCE is
   * required, a method other than S256).
   */
  consent(authorizeUrl: string, data: Record<string, unknown> = {}) {
    const q = new URL(authorizeUrl).searchParams;
    if (q.get('response_type') !== 'code') throw new Error('response_type must be code');
    if (q.get('client_id') !== this.o.clientId) throw new Error('unknown client_id');
    const challenge = q.get('code_challenge');
    if (this.o.requirePkce && (!challenge || q.get('code_challenge_method') !== 'S256'))
      throw new Error('a S256 code_challenge is required');
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, {
      clientId: this.o.clientId,
      redirectUri: q.get('redirect_uri'),
      challenge,
      scope: q.get('scope'),
      data,
    });
    return { code, state: q.get('state'), redirectUri: q.get('redirect_uri'), scope: q.get('scope') };
  }

  /** Tokens for a grant, as the token endpoint issues them. */
  issue(grant: Grant, data: Record<string, unknown>, ttlSeconds = this.o.ttlSeconds ?? 3600) {
    const accessToken = this.o.tokenText?.(data) ?? randomBytes(16).toString('hex');
    const refreshToken = `r-${randomBytes(16).toString('hex')}`;
    const token: Token = { grant, data, expiresAt: Date.now() + ttlSeconds * 1000 };
    this.access.set(accessToken, token);
    this.refresh.set(refreshToken, token);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ttlSeconds,
      refresh_token: refreshToken,
      ...this.o.extra?.(data),
    };
  }

  /** The token fields of stored credentials, for a merchant who connected already (what connect* would write). */
  stored(data: Record<string, unknown> = {}, ttlSeconds?: number) {
    const t = this.issue(
      { clientId: this.o.clientId, redirectUri: null, challenge: null, scope: null },
      data,
      ttlSeconds,
    );
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token,
      expiresAt: new Date(Date.now() + t.expires_in * 1000).toISOString(),
    };
  }

  /** The token endpoint. */
  token(req: FakeRequest): FakeAnswer {
    const form = formOf(req);
    const grantType = form.grant_type ?? '';
    const refuse = (error: string, description: string, status = 400) => {
      this.exchanges.push({ grantType, granted: false, form });
      return json({ error, error_description: description }, status);
    };
    if (!this.clientOk(req, form)) return refuse('invalid_client', 'Client authentication failed', 401);
    if (grantType === 'authorization_code') {
      const grant = this.codes.get(form.code ?? '');
      if (!grant) return refuse('invalid_grant', 'The authorization code is invalid or expired');
      if (grant.redirectUri && form.redirect_uri && grant.redirectUri !== form.redirect_uri)
        return refuse('invalid_grant', 'redirect_uri does not match');
      if (grant.challenge) {
        const verifier = form.code_verifier ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || computed !== grant.challenge)
          return refuse('invalid_grant', 'code_verifier does not match the code_challenge');
      }
      this.codes.delete(form.code!);
      this.exchanges.push({ grantType, granted: true, form });
      return json(this.issue(grant, grant.data));
    }
    if (grantType === 'refresh_token') {
      const token = this.refresh.get(form.refresh_token ?? '');
      if (!token || this.refuseRefresh) return refuse('invalid_grant', 'The refresh token is invalid');
      this.exchanges.push({ grantType, granted: true, form });
      if (this.o.keepRefreshToken) {
        const { refresh_token: issued, ...answer } = this.issue(token.grant, token.data);
        this.refresh.delete(issued);
        return json(answer);
      }
      if (this.o.rotate !== false) this.refresh.delete(form.refresh_token!);
      return json(this.issue(token.grant, token.data));
    }
    return refuse('unsupported_grant_type', `Unsupported grant type "${grantType}"`);
  }

  /** The token a request carries: its data, 'expired', or null when unknown. */
  check(accessToken: string | null): Record<string, unknown> | 'expired' | null {
    const t = accessToken ? this.access.get(accessToken) : undefined;
    if (!t) return null;
    return t.expiresAt <= Date.now() ? 'expired' : t.data;
  }

  /** Make an access token expire now (its refresh token still works). */
  expire(accessToken: string): void {
    const t = this.access.get(accessToken);
    if (t) t.expiresAt = Date.now() - 1;
  }

  private clientOk(req: FakeRequest, form: Record<string, string>): boolean {
    if (this.o.clientAuth === 'basic') {
      const h = req.headers.authorization ?? '';
      const expected = `Basic ${Buffer.from(`${this.o.clientId}:${this.o.clientSecret}`).toString('base64')}`;
      return h === expected;
    }
    if (form.client_id !== this.o.clientId) return false;
    return this.o.clientAuth === 'none' || form.client_secret === this.o.clientSecret;
  }
}
