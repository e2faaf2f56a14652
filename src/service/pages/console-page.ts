/**
 * @module The developer console at `/console` (docs/design.md#authentication: keys "are created in the developer
 * console"): one self-contained HTML page, no CDN, no framework, no build step. It signs in with
 * the admin token and drives the admin API (keys, wallet, ledger, usage chart) and the public API
 * (a try-it panel per endpoint showing the exact request, the response and the credits charged).
 * Data reaches the DOM as text only; the inline script is pinned by its hash in the CSP.
 */
import { createHash } from 'node:crypto';
import type { ServedExamples } from './served-examples.js';

const STYLE = `
[hidden]{display:none!important}*{box-sizing:border-box}body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
header{background:#14213d;color:#fff;padding:.7rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header h1{font-size:1.1rem;margin:0;flex:1}main{max-width:1100px;margin:0 auto;padding:1rem;display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,480px),1fr))}
section{background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:.8rem 1rem;min-width:0}h2{font-size:1rem;margin:.1rem 0 .6rem}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border-bottom:1px solid #eceef2;padding:.25rem .4rem;text-align:left;white-space:nowrap}
.scroll{overflow-x:auto}input,select,textarea,button{font:inherit}input,select,textarea{border:1px solid #c5cbd3;border-radius:5px;padding:.3rem .45rem;max-width:100%}
textarea{width:100%;min-height:7rem;font-family:ui-monospace,monospace;font-size:12px}button{background:#fca311;border:0;border-radius:5px;padding:.35rem .8rem;cursor:pointer;font-weight:600}
button.quiet{background:#e5e7eb;font-weight:400}pre{background:#f3f4f6;padding:.5rem;overflow:auto;max-height:20rem;font-size:12px;white-space:pre-wrap;word-break:break-all;margin:.3rem 0}
.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center;margin:.4rem 0}.muted{color:#667}.secret{background:#fff7e6;border:1px solid #fca311;padding:.5rem;border-radius:5px}.secret code{word-break:break-all}
.big{font-size:1.6rem;font-weight:700}.bad{color:#b42318}.ok{color:#067647}tr.sel{background:#eef4ff}#signin{max-width:420px;margin:3rem auto}img.card{max-width:100%;border:1px solid #dde1e7;margin-top:.4rem}
.wide{grid-column:1/-1}svg text{font-size:10px;fill:#445}
#ledger td:last-child{white-space:normal;overflow-wrap:anywhere;min-width:6rem}
`;

const SCRIPT = `
const $ = (s) => document.querySelector(s);
const el = (tag, attrs = {}, ...kids) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(attrs)) { if (k.startsWith('on')) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v); } for (const c of kids) e.append(c instanceof Node ? c : document.createTextNode(String(c))); return e; };
const state = { token: sessionStorage.getItem('hs_admin') || '', keys: [], selected: null, secrets: JSON.parse(sessionStorage.getItem('hs_secrets') || '{}'), ops: [] };
const sample = document.body.dataset.sample || 'Player Name';
const examples = JSON.parse(document.body.dataset.examples || '{}');

async function admin(method, path, body) {
  const res = await fetch('/admin/v1' + path, { method, headers: { authorization: 'Bearer ' + state.token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json();
  if (!res.ok) throw new Error(data.detail || res.statusText);
  return data;
}
function say(target, text, bad) { const t = $(target); t.textContent = text; t.className = bad ? 'bad' : 'ok'; }

async function signIn(ev) {
  ev?.preventDefault();
  if (ev) state.token = $('#token').value.trim();
  try { await admin('GET', '/keys'); } catch (e) { say('#signin-msg', e.message, true); $('#signin').hidden = false; $('#app').hidden = true; return; }
  sessionStorage.setItem('hs_admin', state.token);
  $('#signin').hidden = true; $('#app').hidden = false; $('#signout').hidden = false;
  await loadOps(); await refresh();
}
function signOut() { sessionStorage.clear(); location.reload(); }

async function refresh() {
  state.keys = (await admin('GET', '/keys')).keys;
  if (!state.selected || !state.keys.some((k) => k.id === state.selected)) state.selected = state.keys.find((k) => !k.revoked_at)?.id ?? state.keys[0]?.id ?? null;
  renderKeys();
  await renderWallet();
}

function renderKeys() {
  const body = $('#keys tbody'); body.replaceChildren();
  for (const k of state.keys) {
    const tr = el('tr', { 'data-key': k.id, class: k.id === state.selected ? 'sel' : '' },
      el('td', {}, el('a', { href: '#', onclick: (e) => { e.preventDefault(); state.selected = k.id; renderKeys(); renderWallet(); } }, k.id)),
      el('td', {}, k.label ?? ''), el('td', { class: 'num' }, k.balance), el('td', {}, k.held), el('td', {}, k.no_watermark ? 'no' : 'yes'),
      el('td', { class: k.revoked_at ? 'bad' : 'ok' }, k.revoked_at ? 'revoked' : 'active'),
      el('td', {}, k.revoked_at ? '' : el('button', { class: 'quiet', 'data-revoke': k.id, onclick: () => revoke(k.id) }, 'Revoke')));
    body.append(tr);
  }
  const sel = $('#try-key'); const current = sel.value; sel.replaceChildren();
  for (const k of state.keys) if (state.secrets[k.id]) sel.append(el('option', { value: k.id }, k.id + (k.label ? ' (' + k.label + ')' : '')));
  sel.append(el('option', { value: '' }, 'paste a key…'));
  if ([...sel.options].some((o) => o.value === current)) sel.value = current; else if (state.secrets[state.selected]) sel.value = state.selected;
  $('#try-paste').hidden = sel.value !== '';
}

async function createKey(ev) {
  ev.preventDefault();
  try {
    const k = await admin('POST', '/keys', { credits: Number($('#new-credits').value), label: $('#new-label').value || null, no_watermark: $('#new-nowm').checked });
    state.secrets[k.id] = k.key; sessionStorage.setItem('hs_secrets', JSON.stringify(state.secrets));
    const box = $('#secret'); box.hidden = false; box.replaceChildren(el('div', {}, 'New key ' + k.id + ' — copy it now, it is shown only once:'), el('code', { id: 'secret-value' }, k.key), ' ', el('button', { class: 'quiet', onclick: () => navigator.clipboard?.writeText(k.key) }, 'Copy'));
    state.selected = k.id; say('#keys-msg', 'created ' + k.id);
    await refresh(); $('#try-key').value = k.id; $('#try-paste').hidden = true;
  } catch (e) { say('#keys-msg', e.message, true); }
}
async function revoke(id) {
  if (!confirm('Revoke ' + id + '? Its calls will answer 401.')) return;
  try { await admin('POST', '/keys/' + id + '/revoke'); say('#keys-msg', 'revoked ' + id); await refresh(); } catch (e) { say('#keys-msg', e.message, true); }
}
async function topup(ev) {
  ev.preventDefault();
  try { await admin('POST', '/keys/' + state.selected + '/topup', { credits: Number($('#topup-credits').value) }); say('#wallet-msg', 'topped up'); await refresh(); } catch (e) { say('#wallet-msg', e.message, true); }
}

async function renderWallet() {
  const id = state.selected; $('#wallet-key').textContent = id ?? '—';
  if (!id) return;
  const w = await admin('GET', '/keys/' + id + '/wallet');
  $('#balance').textContent = w.balance; $('#held').textContent = w.held;
  const kind = $('#ledger-kind').value;
  const page = await admin('GET', '/keys/' + id + '/ledger?limit=50' + (kind ? '&kind=' + kind : ''));
  const body = $('#ledger tbody'); body.replaceChildren();
  for (const e of page.entries) body.append(el('tr', {}, el('td', {}, e.entry_id), el('td', {}, e.at.replace('T', ' ').slice(0, 19)), el('td', {}, e.kind), el('td', {}, e.amount), el('td', {}, e.balance_after), el('td', {}, e.note ?? '')));
  renderChart((await admin('GET', '/usage?key=' + id)).usage);
}

const COLOURS = ['#fca311', '#14213d', '#2a9d8f', '#e76f51', '#8d99ae', '#6a4c93', '#588157', '#bc4749', '#3a86ff', '#ffbe0b'];
function renderChart(rows) {
  const svgNs = 'http://www.w3.org/2000/svg';
  const node = (tag, attrs, text) => { const e = document.createElementNS(svgNs, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); if (text !== undefined) e.textContent = text; return e; };
  const days = [...new Set(rows.map((r) => r.day))].sort().slice(-14);
  const ops = [...new Set(rows.map((r) => r.operation))].sort();
  const W = 460, H = 200, left = 36, bottom = 30, top = 8;
  const svg = node('svg', { viewBox: '0 0 ' + W + ' ' + (H + 20 + 14 * Math.ceil(ops.length / 2)), width: '100%', role: 'img', 'aria-label': 'credits charged per day and endpoint' });
  const totals = days.map((d) => rows.filter((r) => r.day === d).reduce((s, r) => s + r.credits, 0));
  const max = Math.max(1, ...totals);
  svg.append(node('line', { x1: left, y1: H - bottom, x2: W, y2: H - bottom, stroke: '#99a' }));
  svg.append(node('text', { x: 2, y: top + 8 }, max), node('text', { x: 2, y: H - bottom }, 0));
  const slot = (W - left) / Math.max(1, days.length);
  days.forEach((d, i) => {
    let y = H - bottom;
    for (const [j, op] of ops.entries()) {
      const r = rows.find((x) => x.day === d && x.operation === op); if (!r) continue;
      const h = (r.credits / max) * (H - bottom - top);
      y -= h;
      const bar = node('rect', { x: left + i * slot + slot * 0.15, y, width: slot * 0.7, height: Math.max(h, 0.5), fill: COLOURS[j % COLOURS.length], 'data-day': d, 'data-op': op, 'data-credits': r.credits });
      bar.append(node('title', {}, d + ' ' + op + ': ' + r.calls + ' call(s), ' + r.credits + ' credit(s)'));
      svg.append(bar);
    }
    svg.append(node('text', { x: left + i * slot + slot / 2, y: H - bottom + 14, 'text-anchor': 'middle' }, d.slice(5)));
  });
  ops.forEach((op, j) => { const x = (j % 2) * 230 + 4, y = H + 6 + 14 * Math.floor(j / 2); svg.append(node('rect', { x, y, width: 10, height: 10, fill: COLOURS[j % COLOURS.length] }), node('text', { x: x + 14, y: y + 9 }, op)); });
  if (days.length === 0) svg.append(node('text', { x: W / 2, y: H / 2, 'text-anchor': 'middle' }, 'no charged calls yet'));
  $('#chart').replaceChildren(svg);
}

function exampleOf(id, schema) {
  // The served dataset's example of the operation, which /docs shows too; the schema only as a fallback.
  if (examples[id]) return examples[id].body;
  const body = {};
  for (const name of schema.required ?? []) {
    const s = schema.properties?.[name] ?? {};
    body[name] = s.default ?? (s.enum ? s.enum[0] : /name/.test(name) ? sample : s.type === 'integer' || s.type === 'number' ? (s.minimum ?? 1) : s.type === 'boolean' ? false : s.type === 'array' ? [] : s.type === 'object' ? {} : sample);
  }
  // A player is named by name or id, neither required alone: start with the sample name.
  if (Object.keys(body).length === 0 && schema.properties?.name) body.name = sample;
  return body;
}
async function loadOps() {
  const doc = await (await fetch('/openapi.json')).json();
  state.ops = Object.entries(doc.paths).filter(([, item]) => item.post && !(item.post.tags || []).includes('admin')).map(([path, item]) => ({ path, id: item.post.operationId, credits: item.post['x-credits'], schema: item.post.requestBody.content['application/json'].schema }));
  const sel = $('#try-op'); sel.replaceChildren(...state.ops.map((o) => el('option', { value: o.id }, o.id + ' — ' + o.credits + ' cr')));
  pickOp();
}
function pickOp() { const op = state.ops.find((o) => o.id === $('#try-op').value); $('#try-body').value = JSON.stringify(exampleOf(op.id, op.schema), null, 2); }

async function tryIt(ev) {
  ev.preventDefault();
  const op = state.ops.find((o) => o.id === $('#try-op').value);
  const keyId = $('#try-key').value; const key = keyId ? state.secrets[keyId] : $('#try-paste').value.trim();
  const url = location.origin + op.path; const text = $('#try-body').value;
  const masked = key ? key.slice(0, 11) + '…' : '(none)';
  $('#try-request').textContent = 'POST ' + url + '\\nAuthorization: Bearer ' + masked + '\\nContent-Type: application/json\\n\\n' + text;
  $('#try-preview').replaceChildren();
  $('#try-status').textContent = '…'; $('#try-charged').textContent = '…'; $('#try-response').textContent = '';
  let res;
  try { res = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' }, body: text }); }
  catch (e) { $('#try-response').textContent = 'network error: ' + e.message; return; }
  const raw = await res.text();
  let shown = raw; try { shown = JSON.stringify(JSON.parse(raw), null, 2); } catch {}
  const headers = [...res.headers].filter(([h]) => /^(content-type|request-id|x-svc-|ratelimit-|retry-after|location)/.test(h)).map(([h, v]) => h + ': ' + v).join('\\n');
  $('#try-response').textContent = res.status + ' ' + res.statusText + '\\n' + headers + '\\n\\n' + shown;
  const charged = res.headers.get('x-svc-credits-charged');
  $('#try-charged').textContent = charged === null ? '—' : charged; $('#try-status').textContent = res.status;
  try { const data = JSON.parse(raw); if (typeof data.image_url === 'string' && data.image_url.startsWith(location.origin + '/images/')) $('#try-preview').append(el('img', { class: 'card', src: new URL(data.image_url).pathname, alt: 'card preview' })); } catch {}
  await refresh();
}

$('#signin-form').addEventListener('submit', signIn);
$('#signout').addEventListener('click', signOut);
$('#create-form').addEventListener('submit', createKey);
$('#topup-form').addEventListener('submit', topup);
$('#ledger-kind').addEventListener('change', renderWallet);
$('#try-op').addEventListener('change', pickOp);
$('#try-key').addEventListener('change', () => { $('#try-paste').hidden = $('#try-key').value !== ''; });
$('#try-form').addEventListener('submit', tryIt);
if (state.token) signIn();
`;

const BODY = `
<header><h1>halfspace · developer console</h1><a href="/docs" style="color:#fca311">API docs</a><button class="quiet" id="signout" hidden>Sign out</button></header>
<section id="signin"><h2>Sign in</h2><form id="signin-form"><p class="muted">Paste the admin token the server was started with (<code>--admin-token-file</code>).</p>
<div class="row"><input id="token" type="password" autocomplete="off" placeholder="admin token" required style="flex:1"><button>Sign in</button></div><p id="signin-msg"></p></form></section>
<main id="app" hidden>
<section class="wide"><h2>Keys</h2>
<form id="create-form" class="row"><label>Credits <input id="new-credits" type="number" min="0" value="100" style="width:7rem"></label><label>Label <input id="new-label" maxlength="200"></label><label><input id="new-nowm" type="checkbox"> no watermark</label><button>Create key</button><span id="keys-msg"></span></form>
<div id="secret" class="secret" hidden></div>
<div class="scroll"><table id="keys"><thead><tr><th>id</th><th>label</th><th>balance</th><th>held</th><th>watermark</th><th>state</th><th></th></tr></thead><tbody></tbody></table></div></section>
<section><h2>Wallet <code id="wallet-key"></code></h2><div class="row"><div>balance<div class="big" id="balance">—</div></div><div style="margin-left:2rem">held<div class="big" id="held">—</div></div></div>
<form id="topup-form" class="row"><input id="topup-credits" type="number" min="1" value="100" style="width:8rem"><button>Top up</button><span id="wallet-msg"></span></form>
<h2>Usage per day and endpoint (credits)</h2><div id="chart"></div></section>
<section><h2>Ledger</h2><div class="row"><select id="ledger-kind"><option value="">all kinds</option><option>topup</option><option>hold</option><option>capture</option><option>release</option></select></div>
<div class="scroll"><table id="ledger"><thead><tr><th>#</th><th>at (UTC)</th><th>kind</th><th>amount</th><th>balance</th><th>note</th></tr></thead><tbody></tbody></table></div></section>
<section class="wide"><h2>Try it</h2><form id="try-form"><div class="row"><select id="try-op"></select><select id="try-key"></select><input id="try-paste" type="password" placeholder="svc_sk_…" hidden><button id="try-send">Send</button>
<span>status <b id="try-status">—</b> · credits charged <b id="try-charged">—</b></span></div><textarea id="try-body" spellcheck="false"></textarea></form>
<div style="display:grid;gap:.6rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,320px),1fr))"><div><b>Request</b><pre id="try-request"></pre></div><div><b>Response</b><pre id="try-response"></pre><div id="try-preview"></div></div></div></section>
</main>`;

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The console page and its Content-Security-Policy (the inline script allowed by hash only). The
 * try-it panel starts each operation with its example from `examples` (the served dataset's), and
 * builds a body from the request schema only for an operation without one.
 * @example consolePage().html.startsWith('<!doctype html>') // => true
 */
export function consolePage(options: { samplePlayer?: string; examples?: ServedExamples } = {}): {
  html: string;
  csp: string;
} {
  const hash = createHash('sha256').update(SCRIPT).digest('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>halfspace developer console</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body data-sample="${esc(options.samplePlayer ?? 'Player Name')}" data-examples="${esc(JSON.stringify(options.examples?.byOperation ?? {}))}">${BODY}
<script>${SCRIPT}</script></body></html>`;
  const csp = `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
  return { html, csp };
}
