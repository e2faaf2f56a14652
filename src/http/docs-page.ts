/**
 * @module The self-hosted `/docs` page: a static, dependency-free HTML rendering of the OpenAPI
 * document (operations, costs, auth, request fields) and of the error table, whose anchors
 * (`#error-<code>`) are the `type` URIs of problem bodies. No CDN, no script.
 */
import { ERRORS } from '../service/errors.js';

const esc = (s: unknown): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
}

/** One line describing a field's type and bounds, e.g. `integer, 1–30, default 10`. */
function describeField(s: JsonSchema): string {
  const parts: string[] = [];
  const type = s.type === 'array' && s.items ? `array of ${s.items.enum ? `one of ${s.items.enum.join(', ')}` : s.items.type}` : s.enum ? `one of ${s.enum.join(', ')}` : (s.type ?? 'any');
  parts.push(String(type));
  const range = (lo: number | undefined, hi: number | undefined, unit = '') =>
    lo !== undefined || hi !== undefined ? `${lo ?? ''}–${hi !== undefined && hi < Number.MAX_SAFE_INTEGER ? hi : ''}${unit}` : null;
  const bounds = range(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined), s.maximum) ?? range(s.minLength, s.maxLength, ' chars') ?? range(s.minItems, s.maxItems, ' items');
  if (bounds) parts.push(bounds);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(', ');
}

/**
 * Renders the docs page of an OpenAPI document built by `openApiOf`.
 * @example docsPageOf(service.openApi()).startsWith('<!doctype html>') // => true
 */
export function docsPageOf(doc: Record<string, unknown>): string {
  const info = doc.info as { title: string; version: string; description: string };
  const server = (doc.servers as { url: string }[])[0]?.url ?? '';
  const sections: string[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    const post = item.post;
    // The admin API (tag `admin`) is for operators: it is in /openapi.json, not on the public page.
    if (!post || (post.tags as string[] | undefined)?.includes('admin')) continue;
    const body = ((post.requestBody as { content: Record<string, { schema: JsonSchema }> }).content['application/json'].schema) ?? {};
    const required = new Set(body.required ?? []);
    const rows = Object.entries(body.properties ?? {})
      .map(([name, s]) => `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' <em>required</em>' : ''}</td><td>${esc(describeField(s))}</td></tr>`)
      .join('');
    const query = ((post.parameters as { name: string; in: string; schema: JsonSchema }[]) ?? []).filter((p) => p.in === 'query');
    const demo = post['x-demo-channel'] ? 'Bearer key or X-SVC-Demo-Channel' : 'Bearer key only';
    sections.push(`<section id="${esc(post.operationId)}">
<h3><code>POST ${esc(path)}</code>${post['x-beta'] ? ' <small>beta</small>' : ''}</h3>
<p>${esc(post.summary)}. <strong>${esc(post['x-credits'])} credit(s)</strong> on success · ${esc(demo)} · <code>GET ${esc(path)}</code> returns the catalog (no auth).</p>
${query.length ? `<p>Query: ${query.map((q) => `<code>${esc(q.name)}</code> (${esc(describeField(q.schema))})`).join(', ')}</p>` : ''}
<table><thead><tr><th>Body field</th><th>Type and bounds</th></tr></thead><tbody>${rows}</tbody></table>
<pre>curl -s ${esc(server)}${esc(path)} -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" -d '{…}' -i</pre>
</section>`);
  }
  const errors = Object.entries(ERRORS)
    .map(([code, e]) => `<tr id="error-${code}"><td><code>${code}</code></td><td>${e.status}</td><td>${esc(e.title)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:920px;margin:2rem auto;padding:0 1rem;color:#1b1f24}code,pre{font-family:ui-monospace,monospace}pre{background:#f4f5f7;padding:.6rem;overflow-x:auto}table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border-bottom:1px solid #dde;padding:.25rem .5rem;text-align:left;vertical-align:top}section{margin:2rem 0}small{color:#a55}</style>
</head><body>
<h1>${esc(info.title)} <small>${esc(info.version)}</small></h1>
<p>${esc(info.description)}</p>
<p>Base address <code>${esc(server)}</code> · machine-readable description: <a href="/openapi.json">/openapi.json</a>.</p>
<h2>Authentication and billing</h2>
<p>Send <code>Authorization: Bearer svc_sk_…</code>. Every response to a request with a valid key, whatever its status, carries <code>X-SVC-Credits-Charged</code>, <code>X-SVC-Wallet-Balance</code> and <code>RateLimit-Limit</code>/<code>-Policy</code>/<code>-Remaining</code>/<code>-Reset</code>; only 2xx responses are charged. <code>Idempotency-Key</code> makes a retry return the stored response without charging again. The anonymous demo channel (<code>X-SVC-Demo-Channel: mcp | openclaw | custom-gpt</code>) allows 15 successful calls per IP per UTC day.</p>
<h2>Endpoints</h2>
${sections.join('\n')}
<h2 id="errors">Errors</h2>
<p>Errors are <code>application/problem+json</code> bodies with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>code</code>, <code>param</code> and <code>request_id</code>. Listed in precedence order.</p>
<table><thead><tr><th>code</th><th>status</th><th>title</th></tr></thead><tbody>${errors}</tbody></table>
</body></html>`;
}
