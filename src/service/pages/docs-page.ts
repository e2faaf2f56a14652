/**
 * @module The self-hosted `/docs` page: a static, dependency-free HTML rendering of the operation
 * table with what the OpenAPI document says of it (openapi.ts) that teaches the API: navigation, what every request field means, runnable curl lines
 * with real bodies (the demo universe's examples), the response fields and a response example per
 * endpoint, the async card jobs and the images, MCP, and the error table whose anchors
 * (`#error-<code>`) are the `type` URIs of problem bodies. No CDN, no script.
 */
import { HD_STYLES } from '../../cards/styles.js';
import { ERRORS } from '../contract/errors.js';
import { API_INFO, bodySchemaOf, responseExample, schemaOf, TAGS, type JsonSchema } from '../contract/openapi.js';
import { costOf, demoAllowed, toolNameOf, type Operation } from '../contract/operations.js';
import { REQUEST_EXAMPLES } from '../contract/examples/requests.js';
import EXAMPLES from '../contract/examples/examples.json' with { type: 'json' };
import { DEMO_EXAMPLES, type ServedExamples } from './served-examples.js';

const esc = (s: unknown): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A subschema as an object: `true` and `false` (any and no value) say nothing to show. */
const objectOf = (s: JsonSchema['items']): JsonSchema => (typeof s === 'object' && !Array.isArray(s) ? s : {});

/** A short type name: `integer`, `string or null`, `array of object`, `one of a, b`. */
function typeOf(s: JsonSchema): string {
  if (s.enum) return `one of ${s.enum.join(', ')}`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.anyOf) return s.anyOf.map(typeOf).join(' or ');
  if (s.type === 'array') return s.items ? `array of ${typeOf(objectOf(s.items))}` : 'array';
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (s.type === 'object' && !s.properties && s.additionalProperties && typeof s.additionalProperties === 'object')
    return `map of ${typeOf(s.additionalProperties)}`;
  return s.type ?? 'any';
}

/** One line describing a field's type and bounds, e.g. `integer, 1–30, default 10`. */
function describeField(s: JsonSchema): string {
  const parts = [typeOf(s)];
  const range = (lo: number | undefined, hi: number | undefined, unit = '') =>
    lo !== undefined || hi !== undefined
      ? `${lo ?? ''}–${hi !== undefined && hi < Number.MAX_SAFE_INTEGER ? hi : ''}${unit}`
      : null;
  const bounds =
    range(s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : undefined), s.maximum) ??
    range(s.minLength, s.maxLength, ' chars') ??
    range(s.minItems, s.maxItems, ' items');
  if (bounds) parts.push(bounds);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

/** Rows `path · type · description` of a response schema, to `depth` levels (arrays count as their items). */
function responseRows(s: JsonSchema, prefix = '', depth = 3): string[] {
  const rows: string[] = [];
  const object = s.type === 'array' && s.items ? objectOf(s.items) : s;
  for (const [name, property] of Object.entries(object.properties ?? {})) {
    const child = objectOf(property);
    const path = `${prefix}${name}${child.type === 'array' ? '[]' : ''}`;
    rows.push(
      `<tr><td><code>${esc(path)}</code></td><td>${esc(typeOf(child))}</td><td>${esc(child.description ?? '')}</td></tr>`,
    );
    if (depth > 1) rows.push(...responseRows(child, `${path}.`, depth - 1));
  }
  return rows;
}

const table = (head: string[], rows: string[]) =>
  rows.length
    ? `<div class="scroll"><table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`
    : '';

const json = (value: unknown) => esc(JSON.stringify(value, null, 2));

/** A curl line with a JSON body, quoted for a POSIX shell. */
const curl = (url: string, auth: string, body: unknown) =>
  `curl -s ${url} \\\n  -H "${auth}" \\\n  -H "Content-Type: application/json" \\\n  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`;

/** The section of one paid operation. */
function operationSection(server: string, op: Operation, examples: ServedExamples): string {
  const { path } = op;
  const body = bodySchemaOf(op);
  const required = new Set(body.required ?? []);
  const rowOf = (name: string, s: JsonSchema, meaning: string) =>
    `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' <em>required</em>' : ''}</td><td>${esc(describeField(s))}</td><td>${esc(meaning)}</td></tr>`;
  const fieldRows = Object.entries(body.properties ?? {}).map(([name, s]) =>
    rowOf(name, objectOf(s), objectOf(s).description ?? ''),
  );
  const queryRows = Object.entries(schemaOf(op.query, 'input').properties ?? {}).map(([name, s]) =>
    rowOf(`?${name}`, objectOf(s), objectOf(s).description ?? 'query parameter'),
  );
  const example = examples.byOperation[op.id];
  const exampleBody = example?.body ?? REQUEST_EXAMPLES[op.id]?.body ?? {};
  const qs = example?.query ? `?${new URLSearchParams(example.query).toString()}` : '';
  const url = `${server}${path}${qs}`;
  const answer = responseExample(op.id);
  const credits = costOf(op, {});
  const demo = demoAllowed(op, {});
  const lines = [
    curl(url, 'Authorization: Bearer $KEY', exampleBody),
    ...(demo ? [curl(url, 'X-SVC-Demo-Channel: mcp', exampleBody)] : []),
  ];
  return `<section id="${esc(op.id)}">
<h3><code>POST ${esc(path)}</code>${op.beta ? ' <span class="beta">beta</span>' : ''}</h3>
<p>${esc(op.summary)}.</p>
<p class="facts"><span>${esc(op.id === 'cards' ? '15 credits (sync) · 40 (hd)' : `${credits} credit${credits === 1 ? '' : 's'}`)}</span><span>${demo ? 'key or demo channel' : 'key only'}</span><span><code>GET ${esc(path)}</code>: catalog, free</span></p>
<h4>Try it${example ? ` — ${esc(example.summary)}` : ''}</h4>
${lines.map((l) => `<pre class="curl">${esc(l)}</pre>`).join('\n')}
<h4>Request</h4>
${table(['Field', 'Type and bounds', 'Meaning'], [...queryRows, ...fieldRows])}
<h4>Response 200</h4>
${table(['Field', 'Type', 'Meaning'], responseRows(schemaOf(op.response, 'output')))}
${answer ? `<details><summary>Response example (demo universe)</summary><pre>${json(answer)}</pre></details>` : ''}
</section>`;
}

/**
 * Renders the docs page of `operations` served at `server`, with what the OpenAPI document says of
 * them (openapi.ts), its curl lines taken from `examples` (default: the demo universe's; a server
 * passes its dataset's, see served-examples.ts). The admin API is in /openapi.json only.
 * @example docsPageOf(OPERATIONS, 'http://127.0.0.1:8787').startsWith('<!doctype html>') // => true
 */
export function docsPageOf(
  operations: readonly Operation[],
  server: string,
  examples: ServedExamples = DEMO_EXAMPLES,
): string {
  const info = API_INFO;
  const byTag = [...new Set(operations.map((op) => op.tag))].map((tag) => ({
    tag,
    ops: operations.filter((op) => op.tag === tag),
  }));
  const sections = byTag
    .map(
      (g) =>
        `<h2 id="tag-${esc(g.tag)}">${esc(g.tag)}</h2><p>${esc(TAGS[g.tag] ?? g.tag)}</p>\n${g.ops.map((op) => operationSection(server, op, examples)).join('\n')}`,
    )
    .join('\n');
  // The calls outside the endpoint sections name the same player as the verdict example.
  const verdictBody = examples.byOperation.verdict?.body ?? { player_name: examples.player };

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title>
<style>
${STYLE}
</style>
</head><body><div class="layout">
${navOf(byTag)}
<main>
${introOf(info, server, verdictBody)}${sections}
${jobsAndImagesOf(operations, server, verdictBody)}${mcpAndErrorsOf(operations)}</main></div></body></html>`;
}

/** The page's navigation: the fixed sections and every operation under its tag. */
function navOf(byTag: { tag: string; ops: readonly Operation[] }[]): string {
  return `<nav aria-label="Contents"><strong>Contents</strong><ul>
<li><a href="#start">Start here</a></li><li><a href="#auth">Keys, credits, demo</a></li>
${byTag.map((g) => `<li>${esc(g.tag)}<ul>${g.ops.map((op) => `<li><a href="#${esc(op.id)}">${esc(op.path.replace('/api/v1/', ''))}</a></li>`).join('')}</ul></li>`).join('\n')}
<li><a href="#jobs">Card jobs</a></li><li><a href="#images">Images</a></li><li><a href="#mcp">MCP</a></li><li><a href="#errors">Errors</a></li></ul></nav>`;
}

const STYLE = `*{box-sizing:border-box}body{font:15px/1.55 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
pre{background:#f4f5f7;padding:.6rem .75rem;overflow-x:auto;border-radius:6px;margin:.4rem 0}
pre.curl{background:#0f1720;color:#e6edf3}
.layout{display:grid;grid-template-columns:250px minmax(0,1fr);max-width:1200px;margin:0 auto}
nav{position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto;padding:1.2rem 1rem;border-right:1px solid #e3e6ea;font-size:14px}
nav ul{list-style:none;padding-left:0;margin:.3rem 0}nav ul ul{padding-left:.8rem}nav li{margin:.15rem 0}
a{color:#0b5cad}main{padding:1rem 1.5rem 3rem;min-width:0}
h1{margin:.6rem 0}h2{margin-top:2.4rem;border-bottom:2px solid #e3e6ea;padding-bottom:.2rem}h3{margin:0 0 .3rem;overflow-wrap:anywhere}h4{margin:1rem 0 .3rem}
section{margin:1.6rem 0;padding:1rem;border:1px solid #e3e6ea;border-radius:8px}
.facts span{display:inline-block;background:#eef3f8;border-radius:4px;padding:0 .45rem;margin:0 .35rem .3rem 0;font-size:13px}
.beta{background:#fde8d8;color:#8a3b00;border-radius:4px;padding:0 .35rem;font-size:12px;font-weight:normal}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;margin:.4rem 0;font-size:14px}
td,th{border-bottom:1px solid #e3e6ea;padding:.25rem .5rem;text-align:left;vertical-align:top}p code{overflow-wrap:anywhere}td:first-child code{white-space:nowrap}nav li{break-inside:avoid}
details summary{cursor:pointer;color:#0b5cad;margin:.4rem 0}details pre{max-height:28rem}
@media (max-width:800px){.layout{display:block}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid #e3e6ea}nav>ul{columns:2}main{padding:.5rem .8rem 2rem}section{padding:.7rem}}`;

/** The title, the first call (on the demo channel) and how keys, credits and the demo channel work. */
function introOf(info: typeof API_INFO, server: string, verdictBody: unknown): string {
  return `<h1>${esc(info.title)} <small>${esc(info.version)}</small></h1>
<p>${esc(info.description)}</p>
<p>Base address <code>${esc(server)}</code> · machine-readable description: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1, with an example for every request and response).</p>
<h2 id="start">Start here</h2>
<p>Every endpoint is a <code>POST</code> of a JSON body. The anonymous demo channel needs no key; this call works as is:</p>
<pre class="curl">${esc(curl(`${server}/api/v1/verdict`, 'X-SVC-Demo-Channel: mcp', verdictBody))}</pre>
<p>For more, create a key on the server (<code>halfspace keys create --credits 100</code>), <code>export KEY=svc_sk_…</code>, and use the lines of each endpoint below. Players are named by <code>name</code> (or <code>player_name</code>), with <code>team_hint</code> when the name is shared, or by <code>player_id</code>.</p>
<h2 id="auth">Keys, credits and the demo channel</h2>
<p>Send <code>Authorization: Bearer svc_sk_…</code>. Every response to a request with a valid key, whatever its status, carries <code>X-SVC-Credits-Charged</code>, <code>X-SVC-Wallet-Balance</code> and <code>RateLimit-Limit</code>/<code>-Policy</code>/<code>-Remaining</code>/<code>-Reset</code>; only 2xx responses are charged, so a failed call costs nothing. <code>Idempotency-Key: &lt;any unique string&gt;</code> makes a retry return the stored response without charging again. The anonymous demo channel (<code>X-SVC-Demo-Channel: mcp | openclaw | custom-gpt</code>) allows 15 successful calls per IP per UTC day, on every endpoint but hd cards. Keyed calls are limited to 50 per second (burst 100); a 429 says when to retry in <code>Retry-After</code>.</p>
`;
}

/** The async card jobs (queue, poll, photo upload) and the images they produce. */
function jobsAndImagesOf(operations: readonly Operation[], server: string, verdictBody: object): string {
  // The finished job the OpenAPI document shows when an operation runs as a job.
  const job = operations.some((op) => op.isJob) ? EXAMPLES.job : undefined;
  const jobId = job?.job_id;
  const imageUrl = job?.result.image_url ?? `${server}/images/<sha256>.png`;
  const imagePath = imageUrl.replace(/^https?:\/\/[^/]+/, '');
  const uploadRequest = JSON.stringify({ ...verdictBody, style: 'fifa_viral' }).replace(/'/g, "'\\''");
  return `<h2 id="jobs">Async card jobs</h2>
<p>hd styles (${HD_STYLES.map((s) => `<code>${s}</code>`).join(', ')}) take a key. <code>POST /api/v1/cards</code> answers <code>202</code> with a job; its 40 credits are held at once, charged when it succeeds, returned when it fails (or does not finish within 15 minutes). Poll the job's <code>poll_url</code> (free, only with the key that queued it): <code>queued → running → succeeded | failed</code>.</p>
<pre class="curl">${esc(curl(`${server}/api/v1/cards`, 'Authorization: Bearer $KEY', { ...verdictBody, style: 'editorial_cover', photo_mode: 'silhouette' }))}</pre>
<p>then, with the <code>poll_url</code> of the answer (e.g. <code>${esc(server)}/api/v1/cards/jobs/${esc(jobId ?? 'job_…')}</code>):</p>
<pre class="curl">curl -s "$POLL_URL" -H "Authorization: Bearer $KEY"</pre>
<p>A photo can be uploaded instead of <code>photo_url</code>: <code>multipart/form-data</code> with the JSON body in field <code>request</code> and a PNG or JPEG (5 MB at most) in field <code>photo</code>:</p>
<pre class="curl">${esc(`curl -s ${server}/api/v1/cards -H "Authorization: Bearer $KEY" \\\n  -F 'request=${uploadRequest};type=application/json' \\\n  -F photo=@me.png`)}</pre>
${job ? `<details><summary>A finished job</summary><pre>${json(job)}</pre></details>` : ''}
<h2 id="images">Images</h2>
<p>A card's <code>image_url</code> is <code>/images/&lt;sha256 of the PNG&gt;.png</code>: public, immutable, cached for a year.</p>
<pre class="curl">${esc(`curl -s -o card.png ${server}${imagePath}`)}</pre>
`;
}

/** The MCP tools and the error table (the anchors problem `type` URIs point at). */
function mcpAndErrorsOf(operations: readonly Operation[]): string {
  const errors = Object.entries(ERRORS).map(
    ([code, e]) =>
      `<tr id="error-${code}"><td><code>${code}</code></td><td>${e.status}</td><td>${esc(e.title)}</td></tr>`,
  );
  const problem = EXAMPLES.problem;
  return `<h2 id="mcp">MCP</h2>
<p>The same operations are MCP tools for AI agents: <code>POST /mcp</code> on this server (streamable HTTP, stateless; each tool call is billed like its endpoint, with the same key or demo header), or <code>halfspace mcp</code> over stdio on your own data (free). Tools: ${operations.map((op) => `<code>${esc(toolNameOf(op))}</code>`).join(', ')} (see docs/mcp.md in the package).</p>
<h2 id="errors">Errors</h2>
<p>Errors are <code>application/problem+json</code> bodies with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>code</code>, <code>param</code> and <code>request_id</code>; an ambiguous name lists its <code>candidates</code>. Listed in precedence order: when a request has several problems, the first one listed is reported.</p>
${table(['code', 'status', 'title'], errors)}
${problem ? `<details><summary>Example: an ambiguous name</summary><pre>${json(problem)}</pre></details>` : ''}
`;
}
