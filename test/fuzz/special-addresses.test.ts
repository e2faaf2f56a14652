/**
 * The special-address table (issue 24, "Keep it so"): every special-purpose range of the IANA
 * IPv4 and IPv6 registries, written here from the registries (not from the code's list), with its
 * first, last and a middle address, in several spellings; none may be fetched, and the public
 * addresses just outside each IPv4 range may. The HTTP side (400 before the hold) is in
 * test/regressions/hostile-http.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isPublicAddress, photoUrlHostProblemOf } from '../../src/service/photos/public-address.js';

/** [range, first, middle, last]: IANA IPv4 Special-Purpose Address Registry and RFC 6890 neighbours. */
const IPV4: readonly [string, string, string, string][] = [
  ['0.0.0.0/8 this network', '0.0.0.0', '0.1.2.3', '0.255.255.255'],
  ['10.0.0.0/8 private', '10.0.0.0', '10.20.30.40', '10.255.255.255'],
  ['100.64.0.0/10 shared (CGN)', '100.64.0.0', '100.100.1.1', '100.127.255.255'],
  ['127.0.0.0/8 loopback', '127.0.0.0', '127.1.2.3', '127.255.255.255'],
  ['169.254.0.0/16 link-local', '169.254.0.0', '169.254.169.254', '169.254.255.255'],
  ['172.16.0.0/12 private', '172.16.0.0', '172.20.1.1', '172.31.255.255'],
  ['192.0.0.0/24 IETF protocol', '192.0.0.0', '192.0.0.170', '192.0.0.255'],
  ['192.0.2.0/24 TEST-NET-1', '192.0.2.0', '192.0.2.100', '192.0.2.255'],
  ['192.88.99.0/24 6to4 relay', '192.88.99.0', '192.88.99.1', '192.88.99.255'],
  ['192.168.0.0/16 private', '192.168.0.0', '192.168.1.1', '192.168.255.255'],
  ['198.18.0.0/15 benchmarking', '198.18.0.0', '198.19.1.1', '198.19.255.255'],
  ['198.51.100.0/24 TEST-NET-2', '198.51.100.0', '198.51.100.7', '198.51.100.255'],
  ['203.0.113.0/24 TEST-NET-3', '203.0.113.0', '203.0.113.9', '203.0.113.255'],
  ['224.0.0.0/4 multicast', '224.0.0.0', '239.1.2.3', '239.255.255.255'],
  ['240.0.0.0/4 reserved and broadcast', '240.0.0.0', '250.1.1.1', '255.255.255.255'],
];

/** Public addresses right beside the ranges above. */
const IPV4_PUBLIC = [
  '1.0.0.1',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.1',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
];

/** IANA IPv6 Special-Purpose Address Registry, the deprecated ranges, and translation prefixes. */
const IPV6: readonly [string, string, string, string][] = [
  ['::/128 unspecified', '::', '::', '0:0:0:0:0:0:0:0'],
  ['::1/128 loopback', '::1', '0:0:0:0:0:0:0:1', '::0:1'],
  ['::/96 IPv4-compatible (deprecated)', '::127.0.0.1', '::10.0.0.1', '::7f00:1'],
  ['::ffff:0:0/96 IPv4-mapped, private inside', '::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:10.0.0.1'],
  ['::ffff:0:0:0/96 SIIT', '::ffff:0:127.0.0.1', '::ffff:0:8.8.8.8', '::ffff:0:ffff:ffff'],
  ['64:ff9b::/96 NAT64, private inside', '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::c0a8:101'],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::', '64:ff9b:1::8.8.8.8', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'],
  ['100::/64 discard', '100::', '100::1', '100::ffff:ffff:ffff:ffff'],
  [
    '2001::/23 IETF protocol (Teredo, ORCHID)',
    '2001::',
    '2001:0:4136:e378::1',
    '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  [
    '2001:db8::/32 documentation',
    '2001:db8::',
    '2001:db8:85a3::8a2e:370:7334',
    '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  ['2002::/16 6to4', '2002::', '2002:7f00:1::', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['3fff::/20 documentation', '3fff::', '3fff:abc::1', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['5f00::/16 SRv6 SIDs', '5f00::', '5f00:1::1', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fc00::/7 unique local', 'fc00::', 'fd00:ec2::254', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fe80::/10 link-local', 'fe80::', 'fe80::1', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fec0::/10 site-local (deprecated)', 'fec0::', 'fec0::1', 'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['ff00::/8 multicast', 'ff00::', 'ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
];

const IPV6_PUBLIC = [
  '2606:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2400:cb00::1',
];

describe('the special-address table', () => {
  it.each(IPV4)('%s is never fetched', (_range, ...addresses) => {
    for (const ip of addresses) {
      expect(isPublicAddress(ip), ip).toBe(false);
      expect(photoUrlHostProblemOf(`https://${ip}/p.png`), ip).not.toBeNull();
      expect(photoUrlHostProblemOf(`https://[::ffff:${ip}]/p.png`), `mapped ${ip}`).not.toBeNull();
    }
  });
  it.each(IPV6)('%s is never fetched', (_range, ...addresses) => {
    for (const ip of addresses) {
      expect(isPublicAddress(ip), ip).toBe(false);
      expect(photoUrlHostProblemOf(`https://[${ip}]/p.png`), ip).not.toBeNull();
    }
  });
  it('leaves the public neighbours to the fetch-time DNS check', () => {
    for (const ip of [...IPV4_PUBLIC, ...IPV6_PUBLIC]) expect(isPublicAddress(ip), ip).toBe(true);
  });
});
