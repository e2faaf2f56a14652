/*
 * The feeds' XML reader (src/providers/xml.ts): any element tree written as XML, with either
 * quote, white space around `=`, entities in values and text, comments and a declaration, reads
 * back as the same tree; malformed markup raises an error naming where.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descendantsOf, xmlRootOf, type XmlElement } from '../../src/providers/xml.js';

const escaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const NAME = fc.stringMatching(/^[A-Za-z][\w.-]{0,8}$/);
const VALUE = fc.string({ maxLength: 12 });
const TEXT = fc.string({ maxLength: 12 }).map((s) => s.trim());

type Tree = { name: string; attributes: [string, string, boolean][]; text: string; children: Tree[] };
/** Trees up to `depth` levels below the root. */
const treeOf = (depth: number): fc.Arbitrary<Tree> =>
  fc.record({
    name: NAME,
    attributes: fc.uniqueArray(fc.tuple(NAME, VALUE, fc.boolean()), { maxLength: 4, selector: ([n]) => n }),
    text: TEXT,
    children: depth === 0 ? fc.constant([]) : fc.array(treeOf(depth - 1), { maxLength: 3 }),
  });
const TREE = treeOf(3);

/** The tree as XML: single or double quotes, spaces around `=`, the text before the children. */
function written(t: Tree): string {
  const attrs = t.attributes.map(([n, v, single]) => (single ? ` ${n} = '${escaped(v)}'` : ` ${n}="${escaped(v)}"`));
  const inner = escaped(t.text) + t.children.map(written).join('\n  ');
  return inner === '' && t.children.length === 0
    ? `<${t.name}${attrs.join('')} />`
    : `<${t.name}${attrs.join('')}>${inner}</${t.name} >`;
}

const expected = (t: Tree): XmlElement => ({
  name: t.name,
  attributes: Object.fromEntries(t.attributes.map(([n, v]) => [n, v])),
  children: t.children.map(expected),
  text: t.text.trim(),
});

describe('xmlRootOf', () => {
  it('reads any written tree back as itself', () => {
    fc.assert(
      fc.property(TREE, (t) => {
        const doc = `<?xml version="1.0" encoding="utf-8"?>\n<!-- feed -->\n${written(t)}\n`;
        expect(xmlRootOf(doc)).toEqual(expected(t));
      }),
    );
  });

  it('decodes numeric references and keeps CDATA out of the tree', () => {
    const root = xmlRootOf('<a n="K&#248;benhavn &#x2013; x"><![CDATA[<b/>]]><b t="1"/></a>');
    expect(root.attributes.n).toBe('København – x');
    expect(descendantsOf(root, 'b').map((b) => b.attributes.t)).toEqual(['1']);
  });

  it('names the offset of malformed markup', () => {
    expect(() => xmlRootOf('<a><b></a>')).toThrow(/unexpected <\/a> at offset 6/);
    expect(() => xmlRootOf('<a x=1/>')).toThrow(/unquoted value of x/);
    expect(() => xmlRootOf('<a x="1/>')).toThrow(/unterminated/);
    expect(() => xmlRootOf('<a><b/>')).toThrow(/unclosed <a>/);
  });
});
