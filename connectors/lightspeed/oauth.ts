import { ConnectorError, type OAuthPlatform } from '../types.ts';
import { connectLightspeedR, rSeriesAuthorizeUrl } from './r-series/oauth.ts';
import { connectLightspeedX, xSeriesAuthorizeUrl } from './x-series/oauth.ts';

/** Which Lightspeed product the merchant uses: X-Series (formerly Vend) or R-Series (formerly MerchantOS). */
const seriesOf = (input: Record<string, string>): 'x' | 'r' => (input.series === 'r' ? 'r' : 'x');

/**
 * Lightspeed's flow for the registry. The merchant first says which series; each series is its own developer
 * program, so the operator registers one app for each (LIGHTSPEED_X_… and LIGHTSPEED_R_…), both with the
 * redirect URL $APP_URL/auth/lightspeed/callback.
 * - X-Series: secure.retail.lightspeed.app/connect; the callback brings `domain_prefix`, and the code is
 *   exchanged at the retailer's own /api/1.0/token. No PKCE.
 * - R-Series: cloud.lightspeedapp.com/auth/oauth/authorize with the employee:inventory scope and a PKCE S256
 *   challenge; the code is exchanged with the verifier, and GET /Account.json names the account.
 */
export const lightspeedOAuth: OAuthPlatform = {
  pkce: true,
  needsSecret: true,
  fields: [{ key: 'series', kind: 'choice', options: ['x', 'r'] }],
  variantOf: seriesOf,
  variants: ['x', 'r'],
  authorizeUrl: (o) =>
    seriesOf(o.input) === 'r'
      ? rSeriesAuthorizeUrl({ clientId: o.appKeys.clientId, state: o.state, codeChallenge: o.codeChallenge })
      : xSeriesAuthorizeUrl({ clientId: o.appKeys.clientId, redirectUri: o.redirectUri, state: o.state }),
  exchangeCode: async (o) => {
    if (seriesOf(o.input) === 'r') {
      const credentials = await connectLightspeedR({
        appKeys: o.appKeys,
        apiUrl: o.apiUrl,
        fetch: o.fetch,
        code: o.code,
        codeVerifier: o.codeVerifier,
      });
      return { shopDomain: credentials.accountId, credentials };
    }
    const domainPrefix = o.query.domain_prefix;
    if (!domainPrefix)
      throw new ConnectorError('invalid_response', 'Lightspeed did not say which store was connected');
    const credentials = await connectLightspeedX({
      appKeys: o.appKeys,
      apiUrl: o.apiUrl,
      fetch: o.fetch,
      code: o.code,
      domainPrefix,
      redirectUri: o.redirectUri,
    });
    return { shopDomain: `${credentials.domainPrefix}.retail.lightspeed.app`, credentials };
  },
};
