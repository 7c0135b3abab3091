import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress, isLocalHostname } from './address.server.ts';

/**
 * Fetching merchant-supplied URLs (DESIGN §10 SSRF): only http(s); every address a host name resolves to is
 * checked, the connection goes to an address that was checked (no second lookup an attacker could rebind), and
 * each redirect is checked the same way. Sizes are bounded.
 */
export type SafeFetchOptions = {
  /** Largest body accepted, in bytes. */
  maxBytes?: number;
  /**
   * The whole fetch, redirects and body included, must end within this time (a server that sends a byte now
   * and then never trips an idle timeout, so the deadline is on the total).
   */
  timeoutMs?: number;
  /** The connection may stay silent this long (a dead server fails sooner than the total deadline). */
  idleTimeoutMs?: number;
  maxRedirects?: number;
  /** Validators of a copy the caller has (If-None-Match / If-Modified-Since): an unchanged file answers 304. */
  conditional?: { etag?: string | null; lastModified?: string | null };
  /**
   * Allow loopback and private addresses: for every URL (true) or for the URLs the function accepts. Only tests
   * set this (to reach an image server on 127.0.0.1); it is an option passed in code on purpose, never read from
   * the environment, so production cannot enable it by mistake.
   */
  allowPrivateAddresses?: boolean | ((url: URL) => boolean);
  /**
   * Refuse every host but this machine's, before any DNS lookup. Test servers set it: the suites run without
   * internet and must never try to reach it, even when an imported file names pictures on the web.
   */
  offline?: boolean;
  /** Aborts the fetch (a job that is aborted stops downloading). */
  signal?: AbortSignal;
};

export class FetchRefusedError extends Error {}
export class FetchTimeoutError extends Error {}

export const DEFAULT_MAX_IMAGE_BYTES = 25 * 1024 * 1024;
/** How the guarded fetcher introduces itself (tests tell its requests from a browser's by it). */
export const FETCHER_USER_AGENT = 'CatalogBuilder-ImageFetcher/1.0';

/** A DNS lookup that fails unless every address of the host is allowed, and answers with a checked one. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family as number | undefined }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      if (list.length === 0) return callback(new FetchRefusedError(`${hostname} has no address`), '', 0);
      if (!allowPrivate) {
        const bad = list.find((a) => isBlockedAddress(a.address));
        if (bad) {
          return callback(
            new FetchRefusedError(`${hostname} resolves to a private or reserved address (${bad.address})`),
            '',
            0,
          );
        }
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export type FetchedFile = {
  body: Buffer;
  contentType: string | null;
  finalUrl: string;
  /** 304 to a conditional request: the caller's copy is current, and body is empty. */
  notModified: boolean;
  etag: string | null;
  lastModified: string | null;
};

type Answer = {
  status: number;
  location: string | null;
  body: Buffer;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
};

function allowsPrivate(opts: SafeFetchOptions, url: URL): boolean {
  const a = opts.allowPrivateAddresses;
  return typeof a === 'function' ? a(url) : !!a;
}

function checkUrl(raw: string, opts: SafeFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefusedError(`Not a URL: ${raw}`);
  }
  const allowPrivate = allowsPrivate(opts, url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefusedError(`Only http and https URLs can be fetched (${url.protocol})`);
  if (url.username || url.password) throw new FetchRefusedError('URLs with credentials are refused');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (opts.offline && host !== 'localhost' && host !== '::1' && !/^127\./.test(host))
    throw new FetchRefusedError(`Offline: ${host} is not fetched`);
  // The host is the WHATWG-normalised one: 127.1, 2130706433 and 0x7f000001 all read 127.0.0.1 here.
  if (isIP(host) && !allowPrivate && isBlockedAddress(host))
    throw new FetchRefusedError(`${host} is a private or reserved address`);
  if (!allowPrivate && isLocalHostname(host)) throw new FetchRefusedError(`${host} names this machine`);
  return url;
}

function getOnce(
  url: URL,
  opts: Required<Pick<SafeFetchOptions, 'maxBytes' | 'idleTimeoutMs'>> & SafeFetchOptions,
  signal: AbortSignal,
) {
  return new Promise<Answer>((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = {
      'User-Agent': FETCHER_USER_AGENT,
      Accept: 'image/*,*/*;q=0.5',
    };
    if (opts.conditional?.etag) headers['If-None-Match'] = opts.conditional.etag;
    if (opts.conditional?.lastModified) headers['If-Modified-Since'] = opts.conditional.lastModified;
    const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : null);
    const req = mod.get(
      url,
      { lookup: guardedLookup(allowsPrivate(opts, url)), timeout: opts.idleTimeoutMs, signal, headers },
      (res) => {
        const status = res.statusCode ?? 0;
        const answer = {
          status,
          location: null,
          body: Buffer.alloc(0),
          contentType: header(res.headers['content-type']),
          etag: header(res.headers.etag),
          lastModified: header(res.headers['last-modified']),
        };
        if (status !== 200) {
          res.resume();
          resolve({ ...answer, location: res.headers.location ?? null });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          reject(new FetchRefusedError(`The file is larger than ${opts.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            res.destroy();
            reject(new FetchRefusedError(`The file is larger than ${opts.maxBytes} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => resolve({ ...answer, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new FetchTimeoutError(`No answer from ${url.host} within ${opts.idleTimeoutMs} ms`)),
    );
    req.on('error', reject);
  });
}

/**
 * GET a merchant URL with the SSRF guard, following up to maxRedirects redirects (each one checked), within
 * the total deadline `timeoutMs` and until `signal` aborts.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedFile> {
  const opts = {
    maxBytes: DEFAULT_MAX_IMAGE_BYTES,
    timeoutMs: 60_000,
    idleTimeoutMs: 20_000,
    maxRedirects: 5,
    ...options,
  };
  let url = checkUrl(rawUrl, opts);
  const deadline = new AbortController();
  const timer = setTimeout(
    () =>
      deadline.abort(new FetchTimeoutError(`${url.host} did not send the file within ${opts.timeoutMs} ms`)),
    opts.timeoutMs,
  );
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  try {
    for (let hop = 0; ; hop++) {
      signal.throwIfAborted();
      const res = await getOnce(url, opts, signal);
      if (res.status >= 300 && res.status < 400 && res.status !== 304) {
        if (!res.location) throw new Error(`Redirect without a location from ${url.href}`);
        if (hop >= opts.maxRedirects) throw new FetchRefusedError('Too many redirects');
        url = checkUrl(new URL(res.location, url).href, opts);
        continue;
      }
      const notModified = res.status === 304 && !!opts.conditional;
      if (res.status !== 200 && !notModified) throw new Error(`${url.href} answered ${res.status}`);
      return {
        body: res.body,
        contentType: res.contentType,
        finalUrl: url.href,
        notModified,
        etag: res.etag,
        lastModified: res.lastModified,
      };
    }
  } catch (err) {
    // An abort surfaces as a generic AbortError from http: answer why it was aborted instead.
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : err;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
