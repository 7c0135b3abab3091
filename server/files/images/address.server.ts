import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a fetch of a merchant URL may connect to (DESIGN §10 SSRF). The ranges are ipaddr.js's
 * (maintained against the IANA special-purpose registries) rather than a list kept here: an address is allowed
 * only when it is plain global unicast. IPv6 forms that carry an IPv4 address are judged by that address or
 * refused outright.
 */
export function isBlockedAddress(address: string): boolean {
  const addr = parse(address);
  if (!addr) return true;
  if (addr.kind() === 'ipv4') return addr.range() !== 'unicast';
  const v6 = addr as ipaddr.IPv6;
  // ::ffff:a.b.c.d reaches the IPv4 address itself.
  if (v6.isIPv4MappedAddress()) return isBlockedAddress(v6.toIPv4Address().toString());
  const [a, b, c, d, e, f] = v6.parts as [number, number, number, number, number, number];
  // ::/96 (IPv4-compatible, deprecated; ::, ::1 among them): no public host is reached that way.
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0) return true;
  const range = v6.range();
  // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last 32 bits; the local-use /48 is refused.
  if (range === 'rfc6052') {
    const wellKnown = a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0;
    return !wellKnown || isBlockedAddress(ipv4Of(v6));
  }
  // 6to4 and Teredo tunnel to an IPv4 address anyone can write into them: refused with every other range.
  return range !== 'unicast';
}

/**
 * Only canonical spellings: a DNS answer or a WHATWG-normalised URL host never has another, and ipaddr.js's
 * parse also takes inet_aton forms (127.1, 0x7f000001) that are better refused than guessed at. IPv6 goes
 * through the URL parser first: ipaddr.js reads ::a.b.c.d as ::ffff:a.b.c.d, another address than the one
 * a connection would go to. A zone (fe80::1%eth0) only qualifies link-local addresses, refused anyway.
 */
function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address);
  const bare = address.replace(/%[^%]*$/, '');
  if (isIP(bare) !== 6) return null;
  return ipaddr.IPv6.parse(new URL(`http://[${bare}]/`).hostname.slice(1, -1));
}

function ipv4Of(v6: ipaddr.IPv6): string {
  const [hi, lo] = v6.parts.slice(6) as [number, number];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/**
 * Names that mean this machine whatever DNS says (RFC 6761: localhost and every name under it); refused by
 * name, before any lookup. The host is the URL's (WHATWG-normalised, lower case), with or without a final dot.
 */
export function isLocalHostname(host: string): boolean {
  const h = host.replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}
