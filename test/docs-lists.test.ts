/**
 * The lists that README and docs/ name (card styles, MCP tools with their paths and costs, the
 * metrics of each position group) are written from their constants by scripts/docs-lists.ts
 * (`npm run docs:lists`); this fails while a file and the constants disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsLists, endOf, ROOT, startOf, withList } from '../scripts/docs-lists.js';
import { CARD_STYLES } from '../src/cards/styles.js';
import { OPERATIONS, toolNameOf } from '../src/service/contract/operations.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('generated lists in docs', () => {
  for (const { file, name, text } of docsLists())
    it(`${file} holds list ${name} as the constants give it (run \`npm run docs:lists\`)`, () => {
      const doc = read(file);
      expect(doc).toContain(startOf(name));
      expect(withList(doc, name, text)).toBe(doc);
    });

  it('names every card style and every MCP tool in the generated text', () => {
    const all = docsLists()
      .map((l) => l.text)
      .join('\n');
    expect(CARD_STYLES.filter((s) => !all.includes(`\`${s}\``))).toEqual([]);
    expect(OPERATIONS.map(toolNameOf).filter((t) => !all.includes(`| \`${t}\` |`))).toEqual([]);
  });

  it('docs/cards.md describes every style in its styles table', () => {
    const doc = read('docs/cards.md');
    expect(CARD_STYLES.filter((s) => !doc.includes(`| \`${s}\` |`))).toEqual([]);
  });

  it('self-check: replaces only the text between the markers, and refuses a file without them', () => {
    const doc = `before\n${startOf('x')}\n\nold\n\n${endOf('x')}\nafter\n`;
    expect(withList(doc, 'x', 'new')).toBe(`before\n${startOf('x')}\n\nnew\n\n${endOf('x')}\nafter\n`);
    expect(() => withList('no markers', 'x', 'new')).toThrow(/markers/);
  });
});
