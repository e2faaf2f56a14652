import { describe, expect, it } from 'vitest';
import { fetchPhoto, isPublicAddress } from '../../src/service/photo-fetch.js';

describe('photo_url SSRF guard', () => {
  it('classifies addresses: private, loopback, link-local, metadata and reserved ranges are not public', () => {
    const blocked = [
      '127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.10', '::1', '::', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '64:ff9b::10.0.0.1', '2001:db8::1', 'not-an-ip',
    ];
    for (const ip of blocked) expect(isPublicAddress(ip), ip).toBe(false);
    const open = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '172.15.255.255', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'];
    for (const ip of open) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it('refuses non-https, credentials and non-public hosts before any connection', async () => {
    const cases: [string, string][] = [
      ['http://example.com/a.png', 'must use https'],
      ['ftp://example.com/a.png', 'must use https'],
      ['https://user:pw@example.com/a.png', 'must not carry credentials'],
      ['https://127.0.0.1/a.png', 'not a public address'],
      ['https://169.254.169.254/latest/meta-data/', 'not a public address'],
      ['https://[::1]/a.png', 'not a public address'],
      ['https://[::ffff:127.0.0.1]/a.png', 'not a public address'],
      ['https://localhost/a.png', 'non-public address'],
      ['not a url', 'not an absolute URL'],
    ];
    for (const [url, message] of cases) {
      const r = await fetchPhoto(url, { timeoutMs: 2000 });
      expect(r.ok, url).toBe(false);
      if (!r.ok) {
        expect(r.error.param).toBe('photo_url');
        expect(r.error.message, url).toContain(message);
      }
    }
  });
});
