/**
 * @module The self-hosted `/docs` page: a static, dependency-free HTML rendering of the OpenAPI
 * document that teaches the API: navigation, what every request field means, runnable curl lines
 * with real bodies (the demo universe's examples), the response fields and a response example per
 * endpoint, the async card jobs and the images, MCP, and the error table whose anchors
 * (`#error-<code>`) are the `type` URIs of problem bodies. No CDN, no script.
 */
import * as z from 'zod';
import { HD_STYLES } from '../../cards/styles.js';
import { ERRORS } from '../contract/errors.js';
import { toolNameOf } from '../contract/tool-name.js';
import { DEMO_EXAMPLES, type ServedExamples } from './served-examples.js';

const esc = (s: unknown): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The parts of the OpenAPI document (built by openApiOf) the page reads; other members are dropped.
const JsonSchemaDoc = z.object({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  get properties() {
    return z.record(z.string(), JsonSchemaDoc).optional();
  },
  get additionalProperties() {
    return z.union([JsonSchemaDoc, z.boolean()]).optional();
  },
  required: z.array(z.string()).optional(),
  enum: z.array(z.unknown()).optional(),
  const: z.unknown().optional(),
  get items() {
    return JsonSchemaDoc.optional();
  },
  get anyOf() {
    return z.array(JsonSchemaDoc).optional();
  },
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  minItems: z.number().optional(),
  maxItems: z.number().optional(),
  default: z.unknown().optional(),
  description: z.string().optional(),
});
type JsonSchema = z.infer<typeof JsonSchemaDoc>;

const ResponseDoc = z.object({
  content: z
    .record(z.string(), z.object({ schema: JsonSchemaDoc.optional(), example: z.unknown().optional() }))
    .optional(),
});

const OperationDoc = z.object({
  operationId: z.string(),
  summary: z.string(),
  tags: z.array(z.string()).optional(),
  parameters: z
    .array(z.object({ name: z.string(), in: z.string(), schema: JsonSchemaDoc, description: z.string().optional() }))
    .optional(),
  requestBody: z
    .object({
      content: z.record(
        z.string(),
        z.object({
          schema: JsonSchemaDoc,
          examples: z.record(z.string(), z.object({ value: z.unknown() })).optional(),
        }),
      ),
    })
    .optional(),
  responses: z.record(z.string(), ResponseDoc),
  'x-credits': z.number().optional(),
  'x-demo-channel': z.boolean().optional(),
  'x-beta': z.boolean().optional(),
});
type OperationDoc = z.infer<typeof OperationDoc>;

const ApiDoc = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(
    z.string(),
    z.object({
      post: OperationDoc.optional(),
      get: z.object({ responses: z.record(z.string(), ResponseDoc) }).optional(),
    }),
  ),
  tags: z.array(z.object({ name: z.string(), description: z.string() })).optional(),
  components: z
    .object({ schemas: z.object({ Problem: z.object({ example: z.unknown().optional() }).optional() }).optional() })
    .optional(),
});
type ApiDoc = z.infer<typeof ApiDoc>;

/** The example of a finished job, as the job's GET response shows it. */
const JobExample = z.object({
  job_id: z.string().optional(),
  result: z.object({ image_url: z.string().optional() }).nullable().optional(),
});

/** A short type name: `integer`, `string or null`, `array of object`, `one of a, b`. */
function typeOf(s: JsonSchema): string {
  if (s.enum) return `one of ${s.enum.join(', ')}`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.anyOf) return s.anyOf.map(typeOf).join(' or ');
  if (s.type === 'array') return s.items ? `array of ${typeOf(s.items)}` : 'array';
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
    range(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined), s.maximum) ??
    range(s.minLength, s.maxLength, ' chars') ??
    range(s.minItems, s.maxItems, ' items');
  if (bounds) parts.push(bounds);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

/** Rows `path · type · description` of a response schema, to `depth` levels (arrays count as their items). */
function responseRows(s: JsonSchema, prefix = '', depth = 3): string[] {
  const rows: string[] = [];
  const object = s.type === 'array' && s.items ? s.items : s;
  for (const [name, child] of Object.entries(object.properties ?? {})) {
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
function operationSection(server: string, path: string, post: OperationDoc, examples: ServedExamples): string {
  const media = post.requestBody?.content['application/json'];
  const body = media?.schema ?? {};
  const required = new Set(body.required ?? []);
  const fieldRows = Object.entries(body.properties ?? {}).map(
    ([name, s]) =>
      `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' <em>required</em>' : ''}</td><td>${esc(describeField(s))}</td><td>${esc(s.description ?? '')}</td></tr>`,
  );
  const query = (post.parameters ?? []).filter((p) => p.in === 'query');
  const queryRows = query.map(
    (q) =>
      `<tr><td><code>?${esc(q.name)}</code></td><td>${esc(describeField(q.schema))}</td><td>${esc(q.description ?? q.schema.description ?? 'query parameter')}</td></tr>`,
  );
  const example = examples.byOperation[post.operationId];
  const exampleBody = example?.body ?? media?.examples?.demo?.value ?? {};
  const qs = example?.query ? `?${new URLSearchParams(example.query).toString()}` : '';
  const url = `${server}${path}${qs}`;
  const ok = post.responses['200']?.content?.['application/json'];
  const credits = post['x-credits'] ?? 0;
  const lines = [
    curl(url, 'Authorization: Bearer $KEY', exampleBody),
    ...(post['x-demo-channel'] ? [curl(url, 'X-SVC-Demo-Channel: mcp', exampleBody)] : []),
  ];
  return `<section id="${esc(post.operationId)}">
<h3><code>POST ${esc(path)}</code>${post['x-beta'] ? ' <span class="beta">beta</span>' : ''}</h3>
<p>${esc(post.summary)}.</p>
<p class="facts"><span>${esc(post.operationId === 'cards' ? '15 credits (sync) · 40 (hd)' : `${credits} credit${credits === 1 ? '' : 's'}`)}</span><span>${post['x-demo-channel'] ? 'key or demo channel' : 'key only'}</span><span><code>GET ${esc(path)}</code>: catalog, free</span></p>
<h4>Try it${example ? ` — ${esc(example.summary)}` : ''}</h4>
${lines.map((l) => `<pre class="curl">${esc(l)}</pre>`).join('\n')}
<h4>Request</h4>
${table(['Field', 'Type and bounds', 'Meaning'], [...queryRows, ...fieldRows])}
<h4>Response 200</h4>
${ok?.schema ? table(['Field', 'Type', 'Meaning'], responseRows(ok.schema)) : ''}
${ok?.example !== undefined ? `<details><summary>Response example (demo universe)</summary><pre>${json(ok.example)}</pre></details>` : ''}
</section>`;
}

/**
 * Renders the docs page of an OpenAPI document built by `openApiOf`, its curl lines taken from
 * `examples` (default: the demo universe's; a server passes its dataset's, see served-examples.ts).
 * @example docsPageOf(service.openApi()).startsWith('<!doctype html>') // => true
 */
export function docsPageOf(doc: Record<string, unknown>, examples: ServedExamples = DEMO_EXAMPLES): string {
  const api = ApiDoc.parse(doc);
  const { info } = api;
  const server = api.servers[0]?.url ?? '';
  // The admin API (tag `admin`) is for operators: it is in /openapi.json, not on the public page.
  const posts = Object.entries(api.paths).flatMap(([path, item]) =>
    item.post && !item.post.tags?.includes('admin') ? [{ path, post: item.post }] : [],
  );
  const byTag = (api.tags ?? [])
    .map((tag) => ({ tag, ops: posts.filter((p) => p.post.tags?.[0] === tag.name) }))
    .filter((g) => g.ops.length > 0);
  const sections = byTag
    .map(
      (g) =>
        `<h2 id="tag-${esc(g.tag.name)}">${esc(g.tag.name)}</h2><p>${esc(g.tag.description)}</p>\n${g.ops.map((p) => operationSection(server, p.path, p.post, examples)).join('\n')}`,
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
${jobsAndImagesOf(api, server, verdictBody)}${mcpAndErrorsOf(api, posts)}</main></div></body></html>`;
}

type Posts = { path: string; post: OperationDoc }[];

/** The page's navigation: the fixed sections and every public operation under its first tag. */
function navOf(byTag: { tag: { name: string }; ops: Posts }[]): string {
  return `<nav aria-label="Contents"><strong>Contents</strong><ul>
<li><a href="#start">Start here</a></li><li><a href="#auth">Keys, credits, demo</a></li>
${byTag.map((g) => `<li>${esc(g.tag.name)}<ul>${g.ops.map((p) => `<li><a href="#${esc(p.post.operationId)}">${esc(p.path.replace('/api/v1/', ''))}</a></li>`).join('')}</ul></li>`).join('\n')}
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
function introOf(info: ApiDoc['info'], server: string, verdictBody: unknown): string {
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
function jobsAndImagesOf(api: ApiDoc, server: string, verdictBody: object): string {
  const jobResponse = api.paths['/api/v1/cards/jobs/{job_id}']?.get?.responses['200'];
  // Printed as the document has it; read through JobExample.
  const job = jobResponse?.content?.['application/json']?.example;
  const fields = JobExample.safeParse(job);
  const jobId = fields.success ? fields.data.job_id : undefined;
  const imageUrl = (fields.success ? fields.data.result?.image_url : undefined) ?? `${server}/images/<sha256>.png`;
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
function mcpAndErrorsOf(api: ApiDoc, posts: Posts): string {
  const errors = Object.entries(ERRORS).map(
    ([code, e]) =>
      `<tr id="error-${code}"><td><code>${code}</code></td><td>${e.status}</td><td>${esc(e.title)}</td></tr>`,
  );
  const problem = api.components?.schemas?.Problem?.example;
  return `<h2 id="mcp">MCP</h2>
<p>The same operations are MCP tools for AI agents: <code>POST /mcp</code> on this server (streamable HTTP, stateless; each tool call is billed like its endpoint, with the same key or demo header), or <code>halfspace mcp</code> over stdio on your own data (free). Tools: ${posts.map((p) => `<code>${esc(toolNameOf({ id: p.post.operationId }))}</code>`).join(', ')} (see docs/mcp.md in the package).</p>
<h2 id="errors">Errors</h2>
<p>Errors are <code>application/problem+json</code> bodies with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>code</code>, <code>param</code> and <code>request_id</code>; an ambiguous name lists its <code>candidates</code>. Listed in precedence order: when a request has several problems, the first one listed is reported.</p>
${table(['code', 'status', 'title'], errors)}
${problem ? `<details><summary>Example: an ambiguous name</summary><pre>${json(problem)}</pre></details>` : ''}
`;
}
