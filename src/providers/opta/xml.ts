/**
 * A small XML reader for the element-and-attribute documents of Opta's feeds (F7, F24, MA1/MA3
 * XML): elements with attributes and text, comments, processing instructions and CDATA skipped.
 * It is not a general XML parser (no DTDs, no namespaces): the feeds use none of that, and a
 * document it cannot read raises an error naming the offset instead of a guess.
 */

/** One element: its name, attributes, child elements and text (entities decoded). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with the five named entities and numeric character references decoded. */
function decoded(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (all, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? all;
  });
}

const ATTRIBUTE = /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

function attributesOf(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(ATTRIBUTE)) out[m[1]!] = decoded(m[3] ?? m[4] ?? '');
  return out;
}

/** Where the markup after `<` at `at` ends, skipping comments, declarations and CDATA. */
function skipOf(xml: string, at: number): number | null {
  if (xml.startsWith('<!--', at)) return xml.indexOf('-->', at) + 3;
  if (xml.startsWith('<![CDATA[', at)) return xml.indexOf(']]>', at) + 3;
  if (xml.startsWith('<?', at)) return xml.indexOf('?>', at) + 2;
  if (xml.startsWith('<!', at)) return xml.indexOf('>', at) + 1;
  return null;
}

/**
 * The root element of an XML document. Throws an Error naming the offset on unbalanced tags.
 * @example xmlRootOf('<a x="1"><b>t</b></a>').children[0].text // => 't'
 */
export function xmlRootOf(xml: string): XmlElement {
  const stack: XmlElement[] = [{ name: '#document', attributes: {}, children: [], text: '' }];
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const top = stack[stack.length - 1]!;
    if (lt < 0) break;
    if (lt > at) top.text += decoded(xml.slice(at, lt));
    const skipped = skipOf(xml, lt);
    if (skipped !== null) {
      if (skipped < lt + 2) throw new Error(`unterminated markup at offset ${lt}`);
      at = skipped;
      continue;
    }
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error(`unterminated tag at offset ${lt}`);
    const body = xml.slice(lt + 1, gt);
    at = gt + 1;
    if (body.startsWith('/')) {
      const name = body.slice(1).trim();
      if (stack.length < 2 || top.name !== name) throw new Error(`unexpected </${name}> at offset ${lt}`);
      top.text = top.text.trim();
      stack.pop();
      continue;
    }
    const selfClosing = body.endsWith('/');
    const inner = selfClosing ? body.slice(0, -1) : body;
    const space = inner.search(/\s/);
    const name = space < 0 ? inner : inner.slice(0, space);
    const element: XmlElement = {
      name,
      attributes: attributesOf(space < 0 ? '' : inner.slice(space)),
      children: [],
      text: '',
    };
    top.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.name}> at the end of the document`);
  const root = stack[0]!.children[0];
  if (!root) throw new Error('no root element');
  return root;
}

/**
 * Every descendant of `element` (itself excluded) named `name`, in document order.
 * @example descendantsOf(xmlRootOf('<a><b/><c><b/></c></a>'), 'b').length // => 2
 */
export function descendantsOf(element: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const c of e.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(element);
  return out;
}

/** The first child of `element` named `name`, or undefined. */
export function childOf(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}
