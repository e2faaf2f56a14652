import { execFile } from 'node:child_process';
import type { LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../src/errors.js';
import { fetchPhoto, type PhotoFetchOptions } from '../../src/service/photos/photo-fetch.js';
import { isPublicAddress } from '../../src/service/photos/public-address.js';

describe('photo_url SSRF guard', () => {
  it('classifies addresses: private, loopback, link-local, metadata and reserved ranges are not public', () => {
    const blocked = [
      '127.0.0.1',
      '127.255.255.254',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.10',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '2001:db8::1',
      'not-an-ip',
    ];
    for (const ip of blocked) expect(isPublicAddress(ip), ip).toBe(false);
    const open = [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '172.15.255.255',
      '192.169.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ];
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

// Real TLS servers on 127.0.0.1 with the committed test-only certificate (test/files/tls/README.md).
// The fetch trusts that certificate, resolves the *.test names through the map below and may connect
// to 127.0.0.1 only, so every "blocked" target that still points at this machine (127.0.0.1 next to
// 127.0.0.2 for rebind.test) would show up in `requests` if the guard let it through.
const CERT = readFileSync(new URL('../files/tls/cert.pem', import.meta.url));
const KEY = readFileSync(new URL('../files/tls/key.pem', import.meta.url));
// A valid 1×1 PNG (signature, IHDR, IDAT, IEND).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const CAP = 4096;

const HOSTS: Record<string, LookupAddress[]> = {
  'photos.test': [{ address: '127.0.0.1', family: 4 }],
  'evil.test': [{ address: '10.0.0.7', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'rebind.test': [
    { address: '127.0.0.1', family: 4 },
    { address: '127.0.0.2', family: 4 },
  ],
};
const resolveTest = async (hostname: string): Promise<LookupAddress[]> => {
  const found = HOSTS[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};
const onlyLoopback = (ip: string): boolean => ip === '127.0.0.1';

let server: Server;
let port = 0;
let requests: string[] = [];
const closed = new Map<string, Promise<void>>();
const sent = new Map<string, number>();
const timers = new Set<NodeJS.Timeout>();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Writes `bytes` every `everyMs` until the client goes away or `max` writes are done. */
function stream(
  path: string,
  res: import('node:http').ServerResponse,
  bytes: Buffer,
  everyMs: number,
  max: number,
): void {
  sent.set(path, 0);
  const t = setInterval(() => {
    const n = sent.get(path) ?? 0;
    if (res.destroyed || n >= max) {
      clearInterval(t);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(bytes);
    sent.set(path, n + 1);
  }, everyMs);
  timers.add(t);
  res.on('close', () => clearInterval(t));
}

beforeAll(async () => {
  server = createServer({ key: KEY, cert: CERT }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://photos.test');
    const path = url.pathname;
    requests.push(path);
    closed.set(path, new Promise((r) => res.on('close', () => r())));
    const at = (p: string) => `https://photos.test:${port}${p}`;
    const png = () => res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length }).end(PNG);
    let m: RegExpExecArray | null;
    if (path === '/photo.png') return png();
    if ((m = /^\/r\/(\d+)$/.exec(path))) {
      const n = Number(m[1]);
      return n === 0 ? png() : res.writeHead(302, { location: at(`/r/${n - 1}`) }).end();
    }
    if ((m = /^\/slow-r\/(\d+)$/.exec(path))) {
      const n = Number(m[1]);
      return void sleep(150).then(() =>
        n === 0 ? png() : res.writeHead(302, { location: at(`/slow-r/${n - 1}`) }).end(),
      );
    }
    if (path === '/to') return res.writeHead(302, { location: url.searchParams.get('l') ?? '' }).end();
    if (path === '/rel/a/b') return res.writeHead(301, { location: '../../photo.png' }).end();
    if (path === '/warm') return res.writeHead(200, { 'content-type': 'text/plain' }).end('warm');
    if (path === '/missing') return res.writeHead(404, { 'content-type': 'text/plain' }).end('no such photo');
    if (path === '/multi') {
      // 300 000 bytes in 30 writes, so the body arrives in many chunks.
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': 300_000 });
      for (let i = 0; i < 30; i++) res.write(Buffer.alloc(10_000, i));
      return res.end();
    }
    if (path === '/exact')
      return res.writeHead(200, { 'content-type': 'image/png', 'content-length': CAP }).end(Buffer.alloc(CAP, 7));
    if (path === '/exact-chunked') {
      res.writeHead(200, { 'content-type': 'image/png' });
      for (let i = 0; i < 4; i++) res.write(Buffer.alloc(CAP / 4, 9));
      return res.end();
    }
    if (path === '/big-declared')
      return void res.writeHead(200, { 'content-type': 'image/png', 'content-length': CAP + 1 }).flushHeaders();
    if (path === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return stream(path, res, Buffer.alloc(1024, 1), 5, 200);
    }
    if (path === '/stall') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': 100 });
      return void res.write(Buffer.alloc(10, 1));
    }
    if (path === '/silent') return;
    if (path === '/drip') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return stream(path, res, Buffer.alloc(1, 1), 50, 10_000);
    }
    if (path === '/endless-redirect') {
      res.writeHead(302, { location: '/photo.png' });
      return stream(path, res, Buffer.alloc(1024, 2), 10, 100_000);
    }
    if (path === '/endless-404') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return stream(path, res, Buffer.alloc(1024, 3), 10, 100_000);
    }
    if (path === '/truncated') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': 100 });
      res.write(Buffer.alloc(50, 4));
      return void setTimeout(() => res.socket?.destroy(), 20);
    }
    res.writeHead(500).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const t of timers) clearInterval(t);
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  requests = [];
  closed.clear();
  sent.clear();
});

const base = (): PhotoFetchOptions => ({
  resolve: resolveTest,
  isAllowedAddress: onlyLoopback,
  ca: CERT,
  timeoutMs: 5000,
});
const url = (path: string, host = 'photos.test') => `https://${host}:${port}${path}`;
const redirectTo = (location: string) => url(`/to?l=${encodeURIComponent(location)}`);
/** True when the server saw the client close `path`'s connection within `ms`. */
const closedWithin = async (path: string, ms: number) =>
  Promise.race([(closed.get(path) ?? new Promise<void>(() => {})).then(() => true), sleep(ms).then(() => false)]);

function expectRefused(r: Result<Uint8Array>, message: string): void {
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.code).toBe('invalid_request');
  expect(r.error.param).toBe('photo_url');
  expect(r.error.message).toContain(message);
}

function expectBytes(r: Result<Uint8Array>, bytes: Buffer): void {
  expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
  if (r.ok) expect(Buffer.from(r.value).equals(bytes)).toBe(true);
}

describe('photo_url fetch against real https servers on 127.0.0.1', () => {
  it('fetches a PNG byte for byte, and a body that arrives in many chunks', async () => {
    expectBytes(await fetchPhoto(url('/photo.png'), base()), PNG);
    const multi = Buffer.concat(Array.from({ length: 30 }, (_, i) => Buffer.alloc(10_000, i)));
    expectBytes(await fetchPhoto(url('/multi'), { ...base(), maxBytes: 300_000 }), multi);
    expect(requests).toEqual(['/photo.png', '/multi']);
  });

  it('uses the injected address check for literal hosts too: 127.0.0.1 is allowed here, 169.254.169.254 is not', async () => {
    expectBytes(await fetchPhoto(url('/photo.png', '127.0.0.1'), base()), PNG);
    expectRefused(
      await fetchPhoto('https://169.254.169.254/latest/meta-data/', base()),
      '169.254.169.254 is not a public address',
    );
    expect(requests).toEqual(['/photo.png']);
  });

  it('connects to the checked address: a mix of allowed and blocked answers is refused, and a rebinding resolver is asked once', async () => {
    expectRefused(
      await fetchPhoto(url('/photo.png', 'rebind.test'), base()),
      'rebind.test resolves to a non-public address',
    );
    expect(requests).toEqual([]);
    // First answer 127.0.0.1 (allowed), every later answer 127.0.0.2 (blocked, nothing listens there):
    // the fetch succeeds only if the socket uses the first, checked answer without asking again.
    const asked: string[] = [];
    const rebinding = async (hostname: string): Promise<LookupAddress[]> => {
      asked.push(hostname);
      return [{ address: asked.length === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    expectBytes(await fetchPhoto(url('/photo.png'), { ...base(), resolve: rebinding }), PNG);
    expect(asked).toEqual(['photos.test']);
    expect(requests).toEqual(['/photo.png']);
  });

  it('never reuses a pooled connection another request opened without the guard', async () => {
    // Other code in the process reaches rebind.test through Node's keep-alive global agent with its
    // own lookup; that socket stays pooled under a key that does not include the lookup. The
    // photo fetch must open its own guarded connection and so still refuse rebind.test.
    const { request, globalAgent } = await import('node:https');
    expect(globalAgent.options.keepAlive).toBe(true);
    await new Promise<void>((done, failed) => {
      const lookup = (
        _host: string,
        o: { all?: boolean },
        cb: (e: null, a: string | LookupAddress[], f?: number) => void,
      ) => (o.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4));
      const req = request(url('/warm', 'rebind.test'), { ca: CERT, lookup: lookup as never }, (res) => {
        res.resume();
        res.on('end', done);
      });
      req.on('error', failed);
      req.end();
    });
    expectRefused(
      await fetchPhoto(url('/photo.png', 'rebind.test'), base()),
      'rebind.test resolves to a non-public address',
    );
    expect(requests).toEqual(['/warm']);
  });

  it('re-checks every redirect: non-public names, literal metadata addresses and http are refused before connecting', async () => {
    expectRefused(
      await fetchPhoto(redirectTo(`https://evil.test:${port}/x.png`), base()),
      'evil.test resolves to a non-public address',
    );
    expectRefused(
      await fetchPhoto(redirectTo(`https://metadata.test:${port}/x.png`), base()),
      'metadata.test resolves to a non-public address',
    );
    expectRefused(
      await fetchPhoto(redirectTo(`https://rebind.test:${port}/target.png`), base()),
      'rebind.test resolves to a non-public address',
    );
    expectRefused(
      await fetchPhoto(redirectTo('https://169.254.169.254/latest/meta-data/'), base()),
      '169.254.169.254 is not a public address',
    );
    expectRefused(
      await fetchPhoto(redirectTo(`//evil.test:${port}/x.png`), base()),
      'evil.test resolves to a non-public address',
    );
    expectRefused(
      await fetchPhoto(redirectTo(`http://photos.test:${port}/photo.png`), base()),
      'redirected to a non-https address',
    );
    expectRefused(
      await fetchPhoto(redirectTo(`https://user:pw@photos.test:${port}/photo.png`), base()),
      'must not carry credentials',
    );
    expectRefused(
      await fetchPhoto(redirectTo('https://[not-an-address/x.png'), base()),
      'redirected to an invalid address',
    );
    // Eight redirects answered; the blocked targets (rebind.test's 127.0.0.1 included) got no request.
    expect(requests).toEqual(['/to', '/to', '/to', '/to', '/to', '/to', '/to', '/to']);
  });

  it('follows relative redirects and at most 3 redirects', async () => {
    expectBytes(await fetchPhoto(url('/rel/a/b'), base()), PNG);
    expect(requests).toEqual(['/rel/a/b', '/photo.png']);
    requests = [];
    expectBytes(await fetchPhoto(url('/r/3'), base()), PNG);
    expect(requests).toEqual(['/r/3', '/r/2', '/r/1', '/r/0']);
    requests = [];
    // /r/4 needs 4 redirects: the fourth is refused and /r/0 is never requested.
    expectRefused(await fetchPhoto(url('/r/4'), base()), 'more than 3 redirects');
    expect(requests).toEqual(['/r/4', '/r/3', '/r/2', '/r/1']);
    requests = [];
    expectRefused(await fetchPhoto(url('/r/2'), { ...base(), maxRedirects: 1 }), 'more than 1 redirects');
    expect(requests).toEqual(['/r/2', '/r/1']);
  });

  it('does not drain the endless body of a redirect or an error answer: the connection is closed', async () => {
    expectBytes(await fetchPhoto(url('/endless-redirect'), base()), PNG);
    expect(await closedWithin('/endless-redirect', 1000)).toBe(true);
    expectRefused(await fetchPhoto(url('/endless-404'), base()), 'the server answered 404');
    expect(await closedWithin('/endless-404', 1000)).toBe(true);
    // At 1 KB per 10 ms, 1 s of draining would be ~100 writes; the server stopped far earlier.
    expect(sent.get('/endless-redirect')).toBeLessThan(50);
    expect(sent.get('/endless-404')).toBeLessThan(50);
  });

  it('caps the size: exactly maxBytes is accepted, a declared larger body is refused unread, a chunked one once it passes the cap', async () => {
    expectBytes(await fetchPhoto(url('/exact'), { ...base(), maxBytes: CAP }), Buffer.alloc(CAP, 7));
    expectBytes(await fetchPhoto(url('/exact-chunked'), { ...base(), maxBytes: CAP }), Buffer.alloc(CAP, 9));

    // The server declares CAP + 1 bytes and sends none: the refusal comes from the header alone.
    let started = Date.now();
    expectRefused(await fetchPhoto(url('/big-declared'), { ...base(), maxBytes: CAP }), `larger than ${CAP} bytes`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await closedWithin('/big-declared', 1000)).toBe(true);

    // 200 KB offered as 1 KB every 5 ms with no Content-Length: the client hangs up past 4 KB.
    started = Date.now();
    expectRefused(await fetchPhoto(url('/big-chunked'), { ...base(), maxBytes: CAP }), `larger than ${CAP} bytes`);
    expect(await closedWithin('/big-chunked', 1000)).toBe(true);
    expect(sent.get('/big-chunked')).toBeLessThan(200);
  });

  it('caps the time: stalled bodies, silent servers, dripping bodies, hanging DNS and slow redirect chains all time out', async () => {
    const timed = async (target: string, extra: PhotoFetchOptions = {}) => {
      const started = Date.now();
      expectRefused(await fetchPhoto(target, { ...base(), timeoutMs: 300, ...extra }), 'timed out');
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(2000);
    };
    await timed(url('/stall'));
    await timed(url('/silent'));
    // One byte every 50 ms never leaves the socket idle, so only a whole-fetch deadline stops it.
    await timed(url('/drip'));
    await timed(url('/photo.png'), { resolve: () => new Promise<LookupAddress[]>(() => {}) });
    expect(await closedWithin('/stall', 1000)).toBe(true);
    expect(await closedWithin('/silent', 1000)).toBe(true);
    expect(await closedWithin('/drip', 1000)).toBe(true);
    // Each hop answers after 150 ms, so three redirects and the photo need over 600 ms: the 400 ms
    // deadline covers the whole chain, not each hop.
    requests = [];
    const started = Date.now();
    expectRefused(await fetchPhoto(url('/slow-r/3'), { ...base(), timeoutMs: 400 }), 'timed out');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(requests).not.toContain('/slow-r/0');
  });

  it('leaves nothing running once it settles: a process that only fetched exits at once', async () => {
    // A child process fetches a photo, an endless 404 and a silent server with a 60 s deadline
    // (300 ms for the silent one), then has nothing left to do. A deadline timer left armed, or a
    // socket left open or draining, would keep it alive for up to a minute.
    const moduleUrl = new URL('../../src/service/photos/photo-fetch.ts', import.meta.url).href;
    const script = `
      const { fetchPhoto } = await import(${JSON.stringify(moduleUrl)});
      const o = { resolve: async () => [{ address: '127.0.0.1', family: 4 }], isAllowedAddress: (ip) => ip === '127.0.0.1',
        ca: ${JSON.stringify(CERT.toString())}, timeoutMs: 60000 };
      const got = [await fetchPhoto(${JSON.stringify(url('/photo.png'))}, o), await fetchPhoto(${JSON.stringify(url('/endless-404'))}, o),
        await fetchPhoto(${JSON.stringify(url('/silent'))}, { ...o, timeoutMs: 300 })];
      console.log(JSON.stringify(got.map((r) => (r.ok ? r.value.length : r.error.message))));
      const settledAt = Date.now();
      process.on('exit', () => console.log(Date.now() - settledAt));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 10_000 },
    );
    const [results, lingeredMs] = stdout.trim().split('\n');
    expect(JSON.parse(results)).toEqual([PNG.length, 'photo_url: the server answered 404', 'photo_url: timed out']);
    expect(Number(lingeredMs)).toBeLessThan(2000);
  });

  it('refuses error statuses, broken downloads, unknown names and certificates it does not trust', async () => {
    expectRefused(await fetchPhoto(url('/missing'), base()), 'the server answered 404');
    expectRefused(await fetchPhoto(url('/truncated'), base()), 'the download failed');
    expectRefused(await fetchPhoto(url('/photo.png', 'nowhere.test'), base()), 'cannot fetch (ENOTFOUND)');
    const throwing = (): Promise<LookupAddress[]> => {
      throw Object.assign(new Error('resolver broke'), { code: 'EBROKEN' });
    };
    expectRefused(await fetchPhoto(url('/photo.png'), { ...base(), resolve: throwing }), 'cannot fetch (EBROKEN)');
    requests = [];
    const { ca: _trusted, ...untrusting } = base();
    expectRefused(await fetchPhoto(url('/photo.png'), untrusting), 'cannot fetch (DEPTH_ZERO_SELF_SIGNED_CERT)');
    expect(requests).toEqual([]);
  });
});
