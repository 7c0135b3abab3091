import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogs, customHosts } from '../../db/schema.ts';
import { configuredHosts, type Config } from '../platform/index.ts';

/**
 * A merchant's own host (SPEC §2.5: on the custom catalog host the route is /{catalogId}). It must be a public DNS
 * name, never an IP address, a reserved or special-use name, or a host of the operator's own configuration, and it
 * serves only once the merchant proved they control it: a TXT record `_catalog-builder.<host>` holding the token
 * we gave them, or a CNAME from the host to the catalog host (CATALOG_HOST).
 */

/** The name of the TXT record under a merchant's host, and the prefix of the value it holds. */
export const VERIFICATION_LABEL = '_catalog-builder';
export const VERIFICATION_PREFIX = 'catalog-builder-verification=';

/** Host names are compared without port and case; `null` for anything that is not a plain host name. */
export function normalizeHost(host: string | null | undefined): string | null {
  const h = (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(h) ? h : null;
}

export type HostNameProblem = 'invalid' | 'ip' | 'reserved' | 'operator';

/**
 * RFC 2606, 6761, 6762, 7686, 8375, 9476 and names never delegated: none of them, nor any name under them, is a
 * host on the internet a merchant could own.
 */
const RESERVED_DOMAINS = [
  'example.com',
  'example.net',
  'example.org',
  'localhost',
  'localdomain',
  'local',
  'internal',
  'test',
  'example',
  'invalid',
  'arpa',
  'onion',
  'alt',
  'lan',
  'home',
  'corp',
  'intranet',
  'private',
];

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * What a typed host name is, as a browser would read it (WHATWG URL: `0x7f.1` is 127.0.0.1, Unicode becomes
 * punycode): the normalised name, or why it can never be a merchant's host.
 */
export function readHostName(
  raw: string,
  operatorHosts: readonly string[],
): { host: string; problem: null } | { host: string | null; problem: HostNameProblem } {
  const typed = raw
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/[/?#].*$/s, '');
  let parsed: string;
  try {
    parsed = new URL(`http://${typed}`).hostname;
  } catch {
    return { host: null, problem: 'invalid' };
  }
  if (parsed.startsWith('[') || isIP(parsed)) return { host: parsed, problem: 'ip' };
  const host = normalizeHost(parsed);
  if (!host || host.length > 253) return { host, problem: 'invalid' };
  if (RESERVED_DOMAINS.some((s) => within(host, s))) return { host, problem: 'reserved' };
  if (!host.includes('.')) return { host, problem: 'invalid' };
  // A last label of digits (or hex) is read as an address by browsers; no top-level domain looks like that.
  if (/^(\d+|0x[0-9a-f]*)$/i.test(host.slice(host.lastIndexOf('.') + 1))) return { host, problem: 'ip' };
  if (operatorHosts.some((op) => op && (isIP(op) ? host === op : within(host, op))))
    return { host, problem: 'operator' };
  return { host, problem: null };
}

/**
 * Whether requests for this Host may ever reach the catalog router: not the app's own hosts or addresses, nor
 * anything reserved. The viewer asks this before the database.
 */
export function mayServeHost(host: string | null, config: Config): host is string {
  return !!host && readHostName(host, configuredHosts(config)).problem === null;
}

export type CustomHostStatus = {
  host: string;
  verified: boolean;
  method: 'txt' | 'cname' | null;
  checked_at: string | null;
  /** Why the last check failed: no record found, DNS not reachable, or another account has the host. */
  problem: 'not_found' | 'dns_unreachable' | 'taken' | null;
  /** The records that prove control: either one. */
  txt: { name: string; value: string };
  cname: { name: string; target: string };
};

type HostRow = typeof customHosts.$inferSelect;

function statusOf(row: HostRow, config: Config): CustomHostStatus {
  return {
    host: row.host,
    verified: !!row.verifiedAt,
    method: row.method === 'txt' || row.method === 'cname' ? row.method : null,
    checked_at: row.checkedAt?.toISOString() ?? null,
    problem:
      row.problem === 'not_found' || row.problem === 'dns_unreachable' || row.problem === 'taken'
        ? row.problem
        : null,
    txt: { name: `${VERIFICATION_LABEL}.${row.host}`, value: `${VERIFICATION_PREFIX}${row.token}` },
    cname: { name: row.host, target: config.catalogHost },
  };
}

/** The account's claim on a host, made with a fresh token the first time it is named. */
export async function claimCustomHost(opts: { db: Db; ownerId: string; host: string }): Promise<HostRow> {
  await opts.db
    .insert(customHosts)
    .values({ ownerId: opts.ownerId, host: opts.host, token: randomBytes(18).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await opts.db
    .select()
    .from(customHosts)
    .where(and(eq(customHosts.ownerId, opts.ownerId), eq(customHosts.host, opts.host)));
  return row!;
}

/** Whether another account has proved control of this host. */
export async function hostVerifiedByOther(db: Db, host: string, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ host: customHosts.host })
    .from(customHosts)
    .where(
      and(eq(customHosts.host, host), ne(customHosts.ownerId, ownerId), isNotNull(customHosts.verifiedAt)),
    )
    .limit(1);
  return !!row;
}

/** The verification state the owner panel shows for a catalog's host. */
export async function customHostStatus(opts: {
  db: Db;
  config: Config;
  ownerId: string;
  host: string | null;
}): Promise<CustomHostStatus | null> {
  if (!opts.host) return null;
  return statusOf(
    await claimCustomHost({ db: opts.db, ownerId: opts.ownerId, host: opts.host }),
    opts.config,
  );
}

/** A claim no catalog of the account names any more is dropped (a verified one too: it serves nothing). */
export async function releaseCustomHost(opts: { db: Db; ownerId: string; host: string }): Promise<void> {
  const [used] = await opts.db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(and(eq(catalogs.ownerId, opts.ownerId), eq(catalogs.customHost, opts.host)))
    .limit(1);
  if (used) return;
  await opts.db
    .delete(customHosts)
    .where(and(eq(customHosts.ownerId, opts.ownerId), eq(customHosts.host, opts.host)));
}

/** DNS answers that mean "no such record", as opposed to a resolver that could not be asked. */
const NOT_FOUND = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

/** A resolver on DNS_SERVERS (the system's when unset), quick to give up: an owner is waiting on the answer. */
export function hostResolver(config: Pick<Config, 'DNS_SERVERS'>): Resolver {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (config.DNS_SERVERS.length) resolver.setServers(config.DNS_SERVERS);
  return resolver;
}

type Lookup = { found: boolean; unreachable: boolean };

async function lookUp<T>(ask: () => Promise<T[]>, match: (answer: T) => boolean): Promise<Lookup> {
  try {
    return { found: (await ask()).some(match), unreachable: false };
  } catch (err) {
    return { found: false, unreachable: !NOT_FOUND.has(String((err as { code?: string }).code)) };
  }
}

/**
 * Check with DNS that the account controls the host, and record the answer. A host another account already proved
 * stays theirs. Once verified a host stays verified (the TXT record may be removed afterwards).
 */
export async function checkCustomHost(opts: {
  db: Db;
  config: Config;
  ownerId: string;
  host: string;
  resolver?: Resolver;
}): Promise<CustomHostStatus> {
  const { db, config, ownerId, host } = opts;
  const row = await claimCustomHost({ db, ownerId, host });
  if (row.verifiedAt) return statusOf(row, config);
  const resolver = opts.resolver ?? hostResolver(config);
  const value = `${VERIFICATION_PREFIX}${row.token}`;
  const txt = await lookUp(
    () => resolver.resolveTxt(`${VERIFICATION_LABEL}.${host}`),
    (chunks) => chunks.join('') === value,
  );
  const cname = txt.found
    ? { found: false, unreachable: false }
    : await lookUp(
        () => resolver.resolveCname(host),
        (target) => normalizeHost(target) === normalizeHost(config.catalogHost),
      );
  const method = txt.found ? 'txt' : cname.found ? 'cname' : null;
  const now = new Date();
  const record = async (set: Partial<HostRow>) => {
    const [saved] = await db
      .update(customHosts)
      .set({ checkedAt: now, ...set })
      .where(and(eq(customHosts.ownerId, ownerId), eq(customHosts.host, host)))
      .returning();
    return statusOf(saved ?? row, config);
  };
  if (!method)
    return record({ problem: txt.unreachable || cname.unreachable ? 'dns_unreachable' : 'not_found' });
  if (await hostVerifiedByOther(db, host, ownerId)) return record({ problem: 'taken' });
  try {
    return await record({ verifiedAt: now, method, problem: null });
  } catch (err) {
    // Two accounts proving the same host at once: the unique index keeps the first.
    if (/custom_hosts_verified_key|unique/i.test(String((err as Error).message)))
      return record({ problem: 'taken' });
    throw err;
  }
}

/** SQL: this catalog's host is one its owner proved (the viewer serves a custom host only then). */
export const verifiedHostSql = sql`exists (select 1 from ${customHosts} ch where ch.host = ${catalogs.customHost}
  and ch.owner_id = ${catalogs.ownerId} and ch.verified_at is not null)`;
