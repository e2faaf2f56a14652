/**
 * A small XML reader for the element-and-attribute documents of the XML event feeds (Opta F7 and
 * F24, Stats Perform MA1/MA3 XML, Sportec's match information and events, Metrica's EPTS
 * metadata): elements with attributes and text, comments, processing instructions and CDATA
 * skipped. It is not a general XML parser (no DTDs, no namespaces): the feeds use none of that,
 * and a document it cannot read raises an error naming the offset instead of a guess.
 */
import { messageOf } from '../errors.js';
import { DatasetError } from '../model/dataset-error.js';

/** One element: its name, attributes, child elements and text (entities decoded). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: readonly XmlElement[];
  text: string;
}

/** The children of every self-closing element: one frozen empty list, since a feed has many such elements. */
const NO_CHILDREN: readonly XmlElement[] = Object.freeze([]);

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

/** True for the XML white-space characters (space, tab, line feed, carriage return). */
const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;

/**
 * The attributes written in `xml` between `from` and `to` (the inside of a start tag after its
 * name). It scans the string once, by index, since a feed's events are mostly attributes. Throws
 * an Error naming the offset when a value is not quoted.
 */
function attributesOf(xml: string, from: number, to: number): Record<string, string> {
  const out: Record<string, string> = {};
  let at = from;
  while (at < to) {
    const eq = xml.indexOf('=', at);
    if (eq < 0 || eq >= to) break;
    let nameStart = at;
    while (nameStart < eq && isSpace(xml.charCodeAt(nameStart))) nameStart++;
    let nameEnd = eq;
    while (nameEnd > nameStart && isSpace(xml.charCodeAt(nameEnd - 1))) nameEnd--;
    const name = xml.slice(nameStart, nameEnd);
    let open = eq + 1;
    while (open < to && isSpace(xml.charCodeAt(open))) open++;
    const quote = xml[open];
    if (quote !== '"' && quote !== "'") throw new Error(`unquoted value of ${name} at offset ${eq}`);
    const close = xml.indexOf(quote, open + 1);
    if (close < 0 || close >= to) throw new Error(`unterminated value of ${name} at offset ${open}`);
    out[name] = decoded(xml.slice(open + 1, close));
    at = close + 1;
  }
  return out;
}

/** Where the markup after `<` at `at` ends, skipping comments, declarations and CDATA. */
function skipOf(xml: string, at: number): number | null {
  if (xml.charCodeAt(at + 1) !== 33 && xml.charCodeAt(at + 1) !== 63) return null;
  if (xml.startsWith('<!--', at)) return xml.indexOf('-->', at) + 3;
  if (xml.startsWith('<![CDATA[', at)) return xml.indexOf(']]>', at) + 3;
  if (xml.startsWith('<?', at)) return xml.indexOf('?>', at) + 2;
  return xml.indexOf('>', at) + 1;
}

/** True when `xml` holds only white space between `from` and `to`. */
function blankBetween(xml: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(xml.charCodeAt(i))) return false;
  return true;
}

/**
 * The root element of an XML document. Throws an Error naming the offset on unbalanced tags.
 * @example xmlRootOf('<a x="1"><b>t</b></a>').children[0].text // => 't'
 */
export function xmlRootOf(xml: string): XmlElement {
  // Elements still open, outermost first; each was made with a list of its own for its children.
  const stack: (XmlElement & { children: XmlElement[] })[] = [
    { name: '#document', attributes: {}, children: [], text: '' },
  ];
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    const top = stack[stack.length - 1]!;
    if (lt < 0) break;
    // An element's text is trimmed when it closes, so white space before any text adds nothing.
    if (lt > at && (top.text !== '' || !blankBetween(xml, at, lt))) top.text += decoded(xml.slice(at, lt));
    const skipped = skipOf(xml, lt);
    if (skipped !== null) {
      if (skipped < lt + 2) throw new Error(`unterminated markup at offset ${lt}`);
      at = skipped;
      continue;
    }
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error(`unterminated tag at offset ${lt}`);
    at = gt + 1;
    if (xml.charCodeAt(lt + 1) === 47) {
      // The end tag is compared in place: it names the open element, with at most white space around.
      let nameAt = lt + 2;
      while (nameAt < gt && isSpace(xml.charCodeAt(nameAt))) nameAt++;
      const closes =
        stack.length > 1 && xml.startsWith(top.name, nameAt) && blankBetween(xml, nameAt + top.name.length, gt);
      if (!closes) throw new Error(`unexpected </${xml.slice(lt + 2, gt).trim()}> at offset ${lt}`);
      top.text = top.text.trim();
      stack.pop();
      continue;
    }
    const selfClosing = xml.charCodeAt(gt - 1) === 47;
    const end = selfClosing ? gt - 1 : gt;
    let nameEnd = lt + 1;
    while (nameEnd < end && !isSpace(xml.charCodeAt(nameEnd))) nameEnd++;
    const name = xml.slice(lt + 1, nameEnd);
    const attributes = attributesOf(xml, nameEnd, end);
    if (selfClosing) top.children.push({ name, attributes, children: NO_CHILDREN, text: '' });
    else {
      const element: XmlElement & { children: XmlElement[] } = { name, attributes, children: [], text: '' };
      top.children.push(element);
      stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error(`unclosed <${stack[stack.length - 1]!.name}> at the end of the document`);
  const root = stack[0]!.children[0];
  if (!root) throw new Error('no root element');
  return root;
}

/** Appends the descendants of `element` named `name` to `out`, in document order. */
function collectDescendants(element: XmlElement, name: string, out: XmlElement[]): void {
  const children = element.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c.name === name) out.push(c);
    if (c.children.length > 0) collectDescendants(c, name, out);
  }
}

/**
 * Every descendant of `element` (itself excluded) named `name`, in document order.
 * @example descendantsOf(xmlRootOf('<a><b/><c><b/></c></a>'), 'b').length // => 2
 */
export function descendantsOf(element: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  collectDescendants(element, name, out);
  return out;
}

/**
 * The first descendant of `element` named `name` in document order, or undefined.
 * @example firstDescendantOf(xmlRootOf('<a><c><b x="1"/></c><b x="2"/></a>'), 'b')?.attributes.x // => '1'
 */
export function firstDescendantOf(element: XmlElement, name: string): XmlElement | undefined {
  const children = element.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i]!;
    if (c.name === name) return c;
    const inner = c.children.length > 0 ? firstDescendantOf(c, name) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** The first child of `element` named `name`, or undefined. */
export function childOf(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** The root of an XML file's text, or a DatasetError naming the file. */
export function xmlDocumentOf(text: string, file: string): XmlElement {
  try {
    return xmlRootOf(text);
  } catch (err) {
    throw new DatasetError(file, null, null, `not readable as XML: ${messageOf(err)}`);
  }
}
