/**
 * `/docs` on a server started with a dataset other than the demo universe (issue #25 item 7): every
 * curl line it prints is run as written (the key substituted for `$KEY`) against that same real
 * server on 127.0.0.1 and must succeed, and no line names the demo universe's player, who does not
 * exist there. The demo server keeps its written examples.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/cli/commands/serve.js';
import { datasetToDir } from '../../src/io/save.js';
import { generateDemo } from '../../src/demo/index.js';
import type { Dataset } from '../../src/model/schema.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-served-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const unescapeHtml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** A `curl -s URL -H … -d '…'` line of the page, parsed back into what curl would send. */
interface CurlCall {
  url: string;
  headers: Record<string, string>;
  body: string;
}

function curlCallsOf(html: string): { calls: CurlCall[]; lines: string[] } {
  const lines = [...html.matchAll(/<pre class="curl">([\s\S]*?)<\/pre>/g)].map((m) => unescapeHtml(m[1]));
  const calls = lines.flatMap((line) => {
    const data = /-d '((?:[^']|'\\'')*)'/.exec(line);
    if (!data) return [];
    const url = /^curl -s (\S+)/.exec(line)![1];
    const headers = Object.fromEntries([...line.matchAll(/-H "([^:]+): ([^"]*)"/g)].map((h) => [h[1], h[2]]));
    return [{ url, headers, body: data[1].replace(/'\\''/g, "'") }];
  });
  return { calls, lines };
}

async function servedDocs(name: string, dataset: Dataset | 'demo') {
  let datasetArg = 'demo';
  if (dataset !== 'demo') {
    datasetArg = join(dir, name);
    datasetToDir(dataset, datasetArg);
  }
  const server = await startServer({ dataset: datasetArg, db: join(dir, `${name}.db`), port: 0, renderWorkers: 0 });
  const html = await (await fetch(`${server.listening.url}/docs`)).text();
  return { server, html };
}

async function runAll(server: RunningServer, calls: CurlCall[]) {
  const { key } = await issueKey(server.store, { credits: 1000 });
  const answers: { url: string; body: string; status: number; detail: string }[] = [];
  for (const call of calls) {
    const headers = Object.fromEntries(Object.entries(call.headers).map(([h, v]) => [h, v.replace('$KEY', key)]));
    const res = await fetch(call.url, { method: 'POST', headers, body: call.body });
    const text = await res.text();
    answers.push({ url: call.url, body: call.body, status: res.status, detail: res.ok ? '' : text });
  }
  return answers;
}

describe('/docs curl lines on a served dataset that is not the demo', () => {
  for (const [name, dataset] of [
    ['tiny', tinyDataset()],
    // Another seed of the generator: a whole universe in which the demo's players do not exist.
    ['seed-7', generateDemo({ seed: 7 })],
  ] as const) {
    it(`${name}: every curl line names its players and clubs and succeeds as written`, async () => {
      const { server, html } = await servedDocs(name, dataset);
      try {
        const { calls, lines } = curlCallsOf(html);
        // The start-here line, one or two per operation (key, demo channel) and the hd job.
        expect(calls.length).toBeGreaterThanOrEqual(12);
        expect(lines.join('\n')).not.toContain('Igor Teixeira');
        expect(lines.join('\n')).not.toContain('Saltmarsh United');
        const answers = await runAll(server, calls);
        for (const a of answers)
          expect([a.status, a.url, a.body, a.detail]).toEqual([
            a.url.endsWith('/cards') && a.body.includes('editorial_cover') ? 202 : 200,
            a.url,
            a.body,
            '',
          ]);
        // The upload line names the same player as the start-here line.
        const upload = lines.find((l) => l.includes('-F photo=@'));
        const start = calls.find((c) => c.headers['X-SVC-Demo-Channel'] && c.url.endsWith('/api/v1/verdict'))!;
        expect(upload).toContain(JSON.parse(start.body).player_name ?? JSON.parse(start.body).player_id);
      } finally {
        await server.close();
      }
    }, 120_000);
  }

  it('demo: keeps the written examples of the demo universe', async () => {
    const { server, html } = await servedDocs('demo', 'demo');
    try {
      const { calls } = curlCallsOf(html);
      expect(calls[0]).toMatchObject({ body: '{"player_name":"Igor Teixeira"}' });
    } finally {
      await server.close();
    }
  }, 60_000);
});
