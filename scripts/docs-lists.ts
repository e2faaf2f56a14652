/**
 * The lists that docs and README name, written from the constants that define them: the card
 * styles (`src/cards/styles.ts`), the MCP tools with their REST paths and costs (the operation
 * table, `src/service/contract/operations.ts`) and the metrics each position group reports
 * (`GROUP_METRICS`, `src/stats/metrics.ts`). Each list lives between two marker lines of its file;
 * `npm run docs:lists` rewrites them and test/docs-lists.test.ts fails while a file and its
 * constants disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { CARD_STYLES, HD_STYLES, SYNC_STYLES } from '../src/cards/styles.js';
import { POSITION_GROUPS } from '../src/model/positions.js';
import { listInProse } from '../src/prose.js';
import { HD_CARD_CREDITS, OPERATIONS, SYNC_CARD_CREDITS, toolNameOf } from '../src/service/contract/operations.js';
import type { Operation } from '../src/service/contract/operation.js';
import { GROUP_METRICS } from '../src/stats/metrics.js';

/** The repository root. */
export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** One generated list: the file it lives in, its name in the markers, and its text. */
export interface DocsList {
  file: string;
  name: string;
  text: string;
}

/** The line that opens list `name`. */
export const startOf = (name: string) =>
  `<!-- list ${name}: written by \`npm run docs:lists\` from the constants in src/; edit those, not this list -->`;
/** The line that closes list `name`. */
export const endOf = (name: string) => `<!-- end of list ${name} -->`;

const code = (s: string) => `\`${s}\``;

/** README's gallery: one column per style, its name over the image `docs/img/card-<style>.png`. */
function cardGallery(): string {
  const file = (s: string) => `docs/img/card-${s.replaceAll('_', '-')}.png`;
  return [
    `| ${CARD_STYLES.join(' | ')} |`,
    `|${CARD_STYLES.map(() => '---').join('|')}|`,
    `| ${CARD_STYLES.map((s) => `![${s}](${file(s)})`).join(' | ')} |`,
  ].join('\n');
}

/** docs/cards.md's summary of the styles by kind and price. */
function cardStyles(): string {
  return [
    `- **Sync** (rendered in the request, ${SYNC_CARD_CREDITS} credits, demo channel allowed): ${listInProse(SYNC_STYLES.map(code), 'and')}.`,
    `- **hd** (an async job, ${HD_CARD_CREDITS} credits, key only, photo optional): ${listInProse(HD_STYLES.map(code), 'and')}.`,
  ].join('\n');
}

/** What a call of `op` costs, in credits; a price that depends on the card style, per style kind. */
function creditsOf(op: Operation): string {
  if (typeof op.cost === 'number') return String(op.cost);
  const byCost = new Map<number, string[]>();
  for (const style of CARD_STYLES) {
    const cost = op.cost({ style });
    byCost.set(cost, [...(byCost.get(cost) ?? []), style]);
  }
  return [...byCost]
    .map(([cost, styles]) => {
      const kind = styles.every((s) => (HD_STYLES as readonly string[]).includes(s))
        ? 'hd styles, key only'
        : 'sync styles';
      return `${cost} (${kind})`;
    })
    .join(', ');
}

/** docs/mcp.md's table: each tool, its REST twin and its price. */
function mcpTools(): string {
  const rows = OPERATIONS.map((op) => {
    const query = op.query instanceof z.ZodObject ? Object.keys(op.query.shape) : [];
    const params = query.length > 0 ? ` (query: ${query.map(code).join(', ')})` : '';
    return `| ${code(toolNameOf(op))} | ${code(`${op.method} ${op.path}`)}${params} | ${creditsOf(op)} |`;
  });
  return ['| tool | REST twin | credits |', '|---|---|---|', ...rows].join('\n');
}

/** docs/methodology/stats.md's table of the metrics each position group reports by default. */
function groupMetrics(): string {
  const rows = POSITION_GROUPS.map((g) => `| ${g} | ${GROUP_METRICS[g].map(code).join(', ')} |`);
  return ['| group | metrics reported (`GROUP_METRICS`, in order) |', '|---|---|', ...rows].join('\n');
}

/** Every generated list with its file. */
export function docsLists(): DocsList[] {
  return [
    { file: 'README.md', name: 'card-gallery', text: cardGallery() },
    { file: 'docs/cards.md', name: 'card-styles', text: cardStyles() },
    { file: 'docs/mcp.md', name: 'mcp-tools', text: mcpTools() },
    { file: 'docs/methodology/stats.md', name: 'group-metrics', text: groupMetrics() },
  ];
}

/** `doc` with list `name` replaced by `text`; throws when the markers are missing. */
export function withList(doc: string, name: string, text: string): string {
  const start = doc.indexOf(startOf(name));
  const end = doc.indexOf(endOf(name));
  if (start < 0 || end < start) throw new Error(`the markers of list ${name} are missing`);
  return `${doc.slice(0, start)}${startOf(name)}\n\n${text}\n\n${doc.slice(end)}`;
}

/** Rewrites every list in its file; the files that changed. */
export function writeDocsLists(root = ROOT): string[] {
  const changed: string[] = [];
  for (const { file, name, text } of docsLists()) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const after = withList(before, name, text);
    if (after !== before) {
      writeFileSync(path, after);
      changed.push(file);
    }
  }
  return changed;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const changed = writeDocsLists();
  console.log(changed.length > 0 ? `rewrote ${changed.join(', ')}` : 'every list is current');
}
