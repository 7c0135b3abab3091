import { XMLParser } from 'fast-xml-parser';
import { readExtdata } from './extdata.ts';
import { FakeOAuth } from './fake-oauth.ts';
import { FakeStoreServer, type FakeAnswer, type FakeRequest } from './fake-store-server.ts';

/**
 * eBay's Trading API (POST /ws/api.dll) and OAuth token endpoint on 127.0.0.1, for the eBay adapter. Answers are
 * replayed from the real GetSellerListResponse in ../shared/extdata (ebay-trading-getsellerlist.xml: its header
 * with the UTF-8 BOM and blank line, its Seller block, its five Item elements as published); larger stores are
 * that file's items again under new ItemIDs. It checks what eBay checks: the call name header matches the
 * request element, the OAuth token in X-EBAY-API-IAF-TOKEN is live (expired: error 21917053, unknown: 21916984),
 * GetSellerList has a time window of at most 120 days and at most 200 entries a page.
 */

const FIXTURE = 'ebay-trading-getsellerlist.xml';
const NS = 'urn:ebay:apis:eBLBaseComponents';
const DAY = 86_400_000;

export type FakeEbayItem = { id: string; xml: string; modTime: number };

const requestParser = new XMLParser({ parseTagValue: false, ignoreAttributes: true, trimValues: true });

/** The fixture's Item elements, as published. */
export function fixtureItems(): string[] {
  return readExtdata(FIXTURE).match(/<Item>[\s\S]*?<\/Item>/g) ?? [];
}

/** A fixture item again, as another listing: a new ItemID, title and SKUs. */
export function cloneItem(xml: string, n: number): string {
  const id = String(200_000_000_000 + n);
  return xml
    .replace(/<ItemID>\d+<\/ItemID>/, `<ItemID>${id}</ItemID>`)
    .replace(/<Title>([^<]*)<\/Title>/, `<Title>$1 #${n}</Title>`)
    .replace(/<SKU>([^<]*)<\/SKU>/g, `<SKU>$1-${n}</SKU>`)
    .replace(/\/(\d{12})<\/ViewItemURL/g, `/${id}</ViewItemURL`);
}

const itemIdOf = (xml: string) => /<ItemID>(\d+)<\/ItemID>/.exec(xml)?.[1] ?? '';

export class FakeEbay {
  readonly server: FakeStoreServer;
  readonly appKeys = {
    clientId: 'CatalogB-catalogs-PRD-1a2b3c4d5-6e7f8a9b',
    clientSecret: 'PRD-secret-0123456789',
  };
  readonly oauth: FakeOAuth;
  readonly userId = 'testuser_sv02';
  items: FakeEbayItem[] = [];
  /** The seller's eBay Store categories; null: the seller has no Store. */
  storeCategories: string | null = null;
  /** Requests eBay would refuse (a window over 120 days, a page over 200), with why. */
  readonly violations: string[] = [];
  private readonly fixture = readExtdata(FIXTURE);

  constructor() {
    this.server = new FakeStoreServer((req) => this.route(req));
    this.oauth = new FakeOAuth({
      clientId: this.appKeys.clientId,
      clientSecret: this.appKeys.clientSecret,
      clientAuth: 'basic',
      rotate: false,
      keepRefreshToken: true,
      ttlSeconds: 7200,
      extra: () => ({ refresh_token_expires_in: 47_304_000, token_type: 'User Access Token' }),
    });
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }
  stop = () => this.server.stop();

  get apiUrl(): string {
    return this.server.url;
  }

  /** The five items of the published answer. */
  useFixture(): void {
    this.items = fixtureItems().map((xml) => ({ id: itemIdOf(xml), xml, modTime: Date.now() - 5 * DAY }));
  }

  /** `n` listings: the published items again and again under new ids. */
  useGenerated(n: number): void {
    const base = fixtureItems();
    this.items = Array.from({ length: n }, (_, i) => {
      const xml = cloneItem(base[i % base.length]!, i + 1);
      return { id: itemIdOf(xml), xml, modTime: Date.now() - 5 * DAY };
    });
  }

  credentials() {
    return { ...this.oauth.stored({ userId: this.userId }), userId: this.userId, siteId: 0 };
  }

  /** A Trading answer: the fixture's XML declaration (BOM and blank line kept) and this body. */
  xml(call: string, inner: string, ack = 'Success'): FakeAnswer {
    const decl =
      /^[\s\S]*?\?>\r?\n\r?\n/.exec(this.fixture)?.[0] ?? '<?xml version="1.0" encoding="UTF-8"?>\n';
    return {
      status: 200,
      headers: { 'Content-Type': 'text/xml;charset=utf-8' },
      body:
        `${decl}<${call}Response xmlns="${NS}">\n\t<Timestamp>${new Date().toISOString()}</Timestamp>\n` +
        `\t<Ack>${ack}</Ack>\n\t<Version>869</Version>\n\t<Build>E869_CORE_API_16786567_R1</Build>\n${inner}</${call}Response>`,
    };
  }

  failure(call: string, code: string, short: string, long = short): FakeAnswer {
    return this.xml(
      call,
      `\t<Errors>\n\t\t<ShortMessage>${short}</ShortMessage>\n\t\t<LongMessage>${long}</LongMessage>\n` +
        `\t\t<ErrorCode>${code}</ErrorCode>\n\t\t<SeverityCode>Error</SeverityCode>\n` +
        `\t\t<ErrorClassification>RequestError</ErrorClassification>\n\t</Errors>\n`,
      'Failure',
    );
  }

  private route(req: FakeRequest): FakeAnswer {
    if (req.method === 'POST' && req.path === '/identity/v1/oauth2/token') return this.oauth.token(req);
    if (req.method !== 'POST' || req.path !== '/ws/api.dll') return { status: 404, body: 'Not found' };
    const call = String(req.headers['x-ebay-api-call-name'] ?? '');
    const doc = requestParser.parse(req.body) as Record<string, Record<string, any>>;
    const body = doc[`${call}Request`];
    if (!call || !body) return this.failure(call || 'Unknown', '2', 'Unsupported API call.');
    if (!req.headers['x-ebay-api-compatibility-level'] || req.headers['x-ebay-api-siteid'] === undefined)
      return this.failure(call, '37', 'Input data is invalid.', 'Missing compatibility level or site id.');
    const token = this.oauth.check(String(req.headers['x-ebay-api-iaf-token'] ?? '') || null);
    if (token === 'expired')
      return this.failure(call, '21917053', 'Expired IAF token.', 'IAF token supplied is expired.');
    if (!token) return this.failure(call, '21916984', 'Invalid IAF token.', 'IAF token supplied is invalid.');
    switch (call) {
      case 'GetUser':
        return this.xml(
          call,
          `\t<User>\n\t\t<UserID>${this.userId}</UserID>\n\t\t<Site>US</Site>\n\t\t<Status>Confirmed</Status>\n\t</User>\n`,
        );
      case 'GetSellerList':
        return this.sellerList(body);
      case 'GetItem': {
        const item = this.items.find((i) => i.id === String(body.ItemID));
        if (!item)
          return this.failure(
            call,
            '17',
            'This item cannot be accessed because the listing has been deleted or you are not the seller.',
          );
        // GetItem names the seller inside the item.
        const xml = item.xml.replace('</Item>', `<Seller><UserID>${this.userId}</UserID></Seller></Item>`);
        return this.xml(call, `\t${xml}\n`);
      }
      case 'GetStore':
        // A seller without an eBay Store: eBay answers a failure (the code here is illustrative).
        if (this.storeCategories === null)
          return this.failure(call, '13003', 'The user is not a store owner.');
        return this.xml(
          call,
          `\t<Store>\n\t\t<Name>Levi Teen Store</Name>\n\t\t<CustomCategories>${this.storeCategories}</CustomCategories>\n\t</Store>\n`,
        );
      case 'GetSellerEvents': {
        const from = Date.parse(String(body.ModTimeFrom));
        const changed = this.items.filter((i) => i.modTime >= from);
        return this.xml(
          call,
          `\t<TimeTo>${new Date().toISOString()}</TimeTo>\n\t<ItemArray>\n${changed.map((i) => `\t\t${i.xml}\n`).join('')}\t</ItemArray>\n`,
        );
      }
      default:
        return this.failure(call, '2', 'Unsupported API call.');
    }
  }

  private sellerList(body: Record<string, any>): FakeAnswer {
    const call = 'GetSellerList';
    const range = (from: unknown, to: unknown) => (Date.parse(String(to)) - Date.parse(String(from))) / DAY;
    const days = body.EndTimeFrom
      ? range(body.EndTimeFrom, body.EndTimeTo)
      : body.StartTimeFrom
        ? range(body.StartTimeFrom, body.StartTimeTo)
        : NaN;
    if (!Number.isFinite(days) || days <= 0 || days > 120) {
      this.violations.push(`time window of ${days} days`);
      return this.failure(call, '37', 'Input data is invalid.', 'The time range must be 120 days or less.');
    }
    const perPage = Number(body.Pagination?.EntriesPerPage ?? 0);
    const page = Number(body.Pagination?.PageNumber ?? 1);
    if (!(perPage >= 1 && perPage <= 200)) {
      this.violations.push(`EntriesPerPage ${perPage}`);
      return this.failure(call, '37', 'Input data is invalid.', 'EntriesPerPage must be between 1 and 200.');
    }
    const total = this.items.length;
    const pages = Math.max(1, Math.ceil(total / perPage));
    const slice = this.items.slice((page - 1) * perPage, page * perPage);
    // Without a DetailLevel (GranularityLevel Coarse), items come without descriptions and variations.
    const detailed = body.DetailLevel === 'ReturnAll';
    const items = slice.map((i) =>
      detailed
        ? i.xml
        : i.xml
            .replace(/<Description>[\s\S]*?<\/Description>/, '')
            .replace(/<Variations>[\s\S]*?<\/Variations>/, ''),
    );
    const seller = /<Seller>[\s\S]*?<\/Seller>/.exec(this.fixture)?.[0] ?? '';
    return this.xml(
      call,
      `\t<PaginationResult>\n\t\t<TotalNumberOfPages>${pages}</TotalNumberOfPages>\n` +
        `\t\t<TotalNumberOfEntries>${total}</TotalNumberOfEntries>\n\t</PaginationResult>\n` +
        `\t<HasMoreItems>${page < pages}</HasMoreItems>\n\t<ItemArray>\n${items.map((x) => `\t\t${x}\n`).join('')}\t</ItemArray>\n` +
        `\t<ItemsPerPage>${perPage}</ItemsPerPage>\n\t<PageNumber>${page}</PageNumber>\n` +
        `\t<ReturnedItemCountActual>${slice.length}</ReturnedItemCountActual>\n\t${seller}\n`,
    );
  }
}
