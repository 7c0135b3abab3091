import { describe, expect, it } from 'vitest';
import { isBlockedAddress, isLocalHostname } from './address.server.ts';

// The SSRF guard's address classifier (DESIGN §10): only plain global unicast may be fetched.
describe('isBlockedAddress', () => {
  it.each([
    ['loopback', '127.0.0.1'],
    ['loopback', '127.8.9.10'],
    ['private', '10.0.0.1'],
    ['private', '172.16.5.4'],
    ['private', '172.31.255.255'],
    ['private', '192.168.1.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['carrier-grade NAT', '100.127.255.254'],
    ['unspecified', '0.0.0.0'],
    ['this network', '0.1.2.3'],
    ['broadcast', '255.255.255.255'],
    ['multicast', '224.0.0.1'],
    ['multicast', '239.255.255.250'],
    ['reserved', '240.0.0.1'],
    ['IETF protocol assignments', '192.0.0.8'],
    ['documentation', '192.0.2.1'],
    ['documentation', '198.51.100.7'],
    ['documentation', '203.0.113.9'],
    ['benchmarking', '198.18.0.1'],
    ['6to4 relay anycast', '192.88.99.1'],
    ['IPv6 loopback', '::1'],
    ['IPv6 unspecified', '::'],
    ['IPv4-compatible (::/96) loopback', '::7f00:1'],
    ['IPv4-compatible (::/96) loopback, dotted', '::127.0.0.1'],
    ['IPv4-compatible (::/96) of a public address', '::8.8.8.8'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
    ['IPv4-mapped link-local', '::ffff:a9fe:a9fe'],
    ['IPv4-mapped private', '::ffff:10.0.0.1'],
    ['IPv4-translated (RFC 6145)', '::ffff:0:7f00:1'],
    ['NAT64 of loopback', '64:ff9b::7f00:1'],
    ['NAT64 of private', '64:ff9b::10.0.0.1'],
    ['NAT64 local-use', '64:ff9b:1::808:808'],
    ['6to4', '2002:7f00:1::'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['Teredo', '2001::1'],
    ['unique local', 'fc00::1'],
    ['unique local', 'fd12:3456::1'],
    ['link-local', 'fe80::1'],
    ['link-local with a zone', 'fe80::1%eth0'],
    ['site-local (deprecated)', 'fec0::1'],
    ['multicast', 'ff02::1'],
    ['discard-only', '100::1'],
    ['documentation', '2001:db8::1'],
    ['documentation', '3fff::1'],
    ['benchmarking', '2001:2::1'],
    ['ORCHIDv2', '2001:20::1'],
    ['not an address', 'not-an-ip'],
    ['not an address', ''],
    ['an inet_aton spelling, not a normalised host', '127.1'],
    ['an inet_aton spelling, not a normalised host', '2130706433'],
    ['an inet_aton spelling, not a normalised host', '0x7f000001'],
    ['an inet_aton spelling, not a normalised host', '0177.0.0.1'],
  ])('refuses %s: %s', (_kind, address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2606:4700:4700::1111',
    '2a00:1450:4001:830::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe('isLocalHostname', () => {
  it.each(['localhost', 'localhost.', 'a.localhost', 'x.y.localhost.'])('%s names this machine', (host) => {
    expect(isLocalHostname(host)).toBe(true);
  });
  it.each(['example.com', 'localhost.example.com', 'notlocalhost', 'mylocalhost'])('%s does not', (host) => {
    expect(isLocalHostname(host)).toBe(false);
  });
});
