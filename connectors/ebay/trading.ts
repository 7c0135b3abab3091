import { XMLParser } from 'fast-xml-parser';
import { HTTP_RETRY } from '../../core/constants.ts';
import { asArray, WORDS, type AccessTokenSource, type HttpClient } from '../shared/index.ts';
import { ConnectorError } from '../types.ts';

/** The Trading API schema version our requests name (X-EBAY-API-COMPATIBILITY-LEVEL). */
export const TRADING_COMPATIBILITY_LEVEL = '1451';

/** Ack Failure codes that mean our OAuth token is not (or no longer) accepted. */
export const TRADING_AUTH_ERRORS = new Set([
  '930', // token required
  '931', // auth token is invalid
  '932', // auth token is hard expired
  '17470', // token does not belong to the seller
  '21916984', // invalid IAF token
  '21917053', // IAF token expired
]);
/** "Call usage limit has been reached": the app's daily Trading allowance is spent. */
const USAGE_LIMIT = '518';
/** "Internal error to the application": transient, retried like a 5xx. */
const INTERNAL_ERROR = '10007';

export type TradingError = {
  ShortMessage?: string;
  LongMessage?: string;
  ErrorCode?: string;
  SeverityCode?: string;
};

/** Elements that repeat in the answers we read: always arrays, even with one element. */
const REPEATED = new Set([
  'Item',
  'Variation',
  'NameValueList',
  'Value',
  'PictureURL',
  'Errors',
  'VariationSpecificPictureSet',
  'CustomCategory',
  'ChildCategory',
  'ExternalPictureURL',
]);

/** Parts of an item we never read, left unparsed (they are most of a ReturnAll answer). */
const UNREAD = [
  'ShippingDetails',
  'BuyerRequirementDetails',
  'ReturnPolicy',
  'SellerProfiles',
  'ShippingPackageDetails',
  'HighBidder',
  'ListingDesigner',
];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Every value stays text: ItemIDs and SKUs such as "0075611177502" must not become numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
  stopNodes: UNREAD.map((name) => `*.${name}`),
});

/** Escape a value for an XML element. */
export const xmlText = (v: string | number): string =>
  String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Parse a Trading answer: a document whose root is `<Call>Response`, closed at its end. An HTML page or a body
 * cut short is `invalid_response`. (A full validation pass would double the parsing time of a 200-item page.)
 */
export function parseTradingXml<T = Record<string, unknown>>(callName: string, xml: string): T {
  const body = xml.replace(/^\uFEFF/, '');
  const head = body.trimStart().slice(0, 200).toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html'))
    throw new ConnectorError('invalid_response', WORDS.htmlPage('eBay'));
  if (!body.trimEnd().endsWith(`</${callName}Response>`))
    throw new ConnectorError('invalid_response', WORDS.malformed('eBay'));
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(body) as Record<string, unknown>;
  } catch {
    throw new ConnectorError('invalid_response', WORDS.malformed('eBay'));
  }
  const root = doc[`${callName}Response`];
  if (!root || typeof root !== 'object')
    throw new ConnectorError('invalid_response', `eBay answered something other than a ${callName} response`);
  return root as T;
}

export type TradingClientOptions = {
  http: HttpClient;
  /** …/ws/api.dll */
  endpoint: string;
  siteId: number;
  session: AccessTokenSource;
  maxRetries?: number;
  retryBaseMs?: number;
};

/**
 * Calls of eBay's Trading API (XML over POST, the OAuth user token in X-EBAY-API-IAF-TOKEN). HTTP-level
 * retries and 429 are the HttpClient's; eBay reports most failures as HTTP 200 with Ack Failure, read here:
 * an expired or invalid token renews once, then is `unauthorized`; the daily call limit is `throttled`; an
 * internal error is retried after 3, 6 and 12 s; other failures are `invalid_response` with eBay's codes.
 */
export class TradingClient {
  constructor(private readonly o: TradingClientOptions) {}

  async call<T = Record<string, unknown>>(callName: string, inner: string): Promise<T> {
    const maxRetries = this.o.maxRetries ?? HTTP_RETRY.maxRetries;
    const retryBaseMs = this.o.retryBaseMs ?? HTTP_RETRY.baseDelayMs;
    let renewed = false;
    let failures = 0;
    for (;;) {
      const body =
        `<?xml version="1.0" encoding="utf-8"?>\n<${callName}Request xmlns="urn:ebay:apis:eBLBaseComponents">` +
        `<ErrorLanguage>en_US</ErrorLanguage><WarningLevel>High</WarningLevel>${inner}</${callName}Request>`;
      const answer = await this.o.http.send(this.o.endpoint, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': 'text/xml; charset=utf-8',
          'X-EBAY-API-CALL-NAME': callName,
          'X-EBAY-API-COMPATIBILITY-LEVEL': TRADING_COMPATIBILITY_LEVEL,
          'X-EBAY-API-SITEID': String(this.o.siteId),
          'X-EBAY-API-IAF-TOKEN': await this.o.session.accessToken(),
        },
      });
      const root = parseTradingXml<Record<string, unknown> & { Ack?: string; Errors?: TradingError[] }>(
        callName,
        answer.text,
      );
      const errors = asArray(root.Errors).filter((e) => e.SeverityCode !== 'Warning');
      if (root.Ack !== 'Failure' || errors.length === 0) return root as T;
      const codes = errors.map((e) => String(e.ErrorCode ?? ''));
      const reason = errors.map((e) => e.LongMessage || e.ShortMessage || e.ErrorCode).join('; ');
      if (codes.some((c) => TRADING_AUTH_ERRORS.has(c))) {
        if (!renewed && (await this.o.session.renew())) {
          renewed = true;
          continue;
        }
        throw new ConnectorError('unauthorized', WORDS.refused('eBay', 401, reason), 401, codes);
      }
      if (codes.includes(USAGE_LIMIT))
        throw new ConnectorError('throttled', `eBay: ${reason}`, undefined, codes);
      if (codes.includes(INTERNAL_ERROR) && failures++ < maxRetries) {
        await this.o.http.wait(retryBaseMs * 2 ** (failures - 1), 'retry');
        continue;
      }
      throw new ConnectorError('invalid_response', `eBay: ${reason}`, undefined, codes);
    }
  }
}
