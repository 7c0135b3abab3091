import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { isBlockedAddress, isLocalHostname } from '../files/index.ts';

/*
 * Requests to merchants' stores (DESIGN §10 SSRF, §8): a store address is typed by the merchant, so every
 * connection a connector makes is checked where it is made, after DNS: the host's addresses must all be public
 * (the address classes of the picture fetcher, server/files/images/address.server.ts), and the connection goes
 * to the address that was checked, so a name that resolves to a public address once and a private one the next
 * time (DNS rebinding) gains nothing. Redirects go through the same check. STORE_PRIVATE_HOSTS names the private
 * hosts that are let through (a self-hosted shop on a LAN; tests).
 */

export class StoreAddressRefusedError extends Error {
  readonly code = 'ERR_STORE_ADDRESS_REFUSED';
}

const bare = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');

/** Whether STORE_PRIVATE_HOSTS lets this host through. */
export const isAllowedPrivateHost = (host: string, allowed: readonly string[]): boolean =>
  allowed.includes(bare(host));

/**
 * The address a connection to `host` may use: the first of its addresses when every one is public (or the host
 * is allowed); a StoreAddressRefusedError otherwise.
 */
export async function resolveStoreHost(
  host: string,
  allowed: readonly string[],
): Promise<{ address: string; family: number }> {
  const name = bare(host);
  const allow = isAllowedPrivateHost(name, allowed);
  if (!allow && isLocalHostname(name)) throw new StoreAddressRefusedError(`${name} names this machine`);
  const family = isIP(name);
  const addresses = family ? [{ address: name, family }] : await lookup(name, { all: true });
  if (addresses.length === 0) throw new StoreAddressRefusedError(`${name} has no address`);
  if (!allow) {
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad)
      throw new StoreAddressRefusedError(
        `${name} is a private, loopback or link-local address (${bad.address})`,
      );
  }
  return addresses[0]!;
}

/** The fetch connectors get (ConnectorDeps.fetch): every connection checked as above. */
export function createStoreFetch(opts: { privateHosts: readonly string[] }): typeof fetch {
  const direct = buildConnector({});
  const dispatcher = new Agent({
    connect: (options, callback) => {
      resolveStoreHost(options.hostname, opts.privateHosts).then(
        ({ address }) =>
          direct(
            {
              ...options,
              hostname: address,
              // TLS still checks the certificate against the name the merchant gave.
              servername: isIP(bare(options.hostname)) ? undefined : bare(options.hostname),
            },
            callback,
          ),
        (err: Error) => callback(err, null),
      );
    },
  });
  return ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as string, { ...(init as object), dispatcher })) as unknown as typeof fetch;
}
