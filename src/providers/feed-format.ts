/**
 * Which provider's feed a file or folder holds, from its name and first bytes
 * (docs/providers.md#detection): what `halfspace ingest DIR_OR_FILES` reads when no `--format` is given.
 */
import { closeSync, existsSync, openSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every event feed `halfspace ingest` names; the Opta family is read today, the others are detected and refused. */
export const FEED_FORMATS = [
  'statsperform',
  'opta',
  'sportec',
  'metrica',
  'datafactory',
  'statsbomb',
  'wyscout',
] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** What a file is: its feed and, within the Opta family, which document. */
export type FeedFile =
  | { format: 'statsperform'; kind: 'ma1' | 'ma3'; path: string }
  | { format: 'opta'; kind: 'f7' | 'f24'; path: string }
  | { format: Exclude<FeedFormat, 'statsperform' | 'opta'>; kind: 'other'; path: string };

const HEAD_BYTES = 4096;

/** The first bytes of a file as text. */
function headOf(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const n = readSync(fd, buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The root element name of an XML head, past the declaration and comments. */
function xmlRootNameOf(head: string): string | null {
  const m = /<([A-Za-z][\w:.-]*)/.exec(head.replace(/<\?[\s\S]*?\?>/g, '').replace(/<!--[\s\S]*?-->/g, ''));
  return m ? m[1]! : null;
}

/**
 * The feed of one file, or null when it is none halfspace knows. Throws the file system's error
 * when the file cannot be read.
 * @example feedFileOf('statsperform_event_ma3.json') // => { format: 'statsperform', kind: 'ma3', path: … }
 */
export function feedFileOf(path: string): FeedFile | null {
  const head = headOf(path);
  const text = head.trimStart();
  if (text.startsWith('<')) {
    const root = xmlRootNameOf(text);
    if (root === 'matchEvents') return { format: 'statsperform', kind: 'ma3', path };
    if (root === 'match' && head.includes('<matchInfo')) return { format: 'statsperform', kind: 'ma1', path };
    if (root === 'Games') return { format: 'opta', kind: 'f24', path };
    if (root === 'SoccerFeed') return { format: 'opta', kind: 'f7', path };
    if (root === 'PutDataRequest') return { format: 'sportec', kind: 'other', path };
    if (root === 'main' || head.includes('<Metadata')) return { format: 'metrica', kind: 'other', path };
    return null;
  }
  if (text.startsWith('{') || text.startsWith('[')) {
    if (head.includes('"matchInfo"'))
      return { format: 'statsperform', kind: /"event"\s*:\s*\[/.test(head) ? 'ma3' : 'ma1', path };
    if (head.includes('"homeTeamName"') || head.includes('"incidences"'))
      return { format: 'datafactory', kind: 'other', path };
    if (head.includes('"subtypes"')) return { format: 'metrica', kind: 'other', path };
    if (head.includes('"possession_team"') || head.includes('"competition_id"'))
      return { format: 'statsbomb', kind: 'other', path };
    if (head.includes('"subEventName"') || head.includes('"wyId"')) return { format: 'wyscout', kind: 'other', path };
    return null;
  }
  if (/^Team,Type,Subtype,Period/.test(text)) return { format: 'metrica', kind: 'other', path };
  return null;
}

/**
 * The feed files of a folder (its files and its sub-folders', as Metrica's sample keeps a folder
 * per game) or of the files given. A StatsBomb
 * open-data folder (competitions.json) or a Wyscout folder (events/ and matches/) is reported as
 * one file of its format, since those are read as folders.
 */
export function feedFilesOf(paths: readonly string[]): { files: FeedFile[]; unknown: string[] } {
  const files: FeedFile[] = [];
  const unknown: string[] = [];
  for (const path of paths) {
    if (!statSync(path).isDirectory()) {
      const f = feedFileOf(path);
      if (f) files.push(f);
      else unknown.push(path);
      continue;
    }
    if (existsSync(join(path, 'competitions.json')) || existsSync(join(path, 'data', 'competitions.json'))) {
      files.push({ format: 'statsbomb', kind: 'other', path });
      continue;
    }
    if (existsSync(join(path, 'events')) && existsSync(join(path, 'matches'))) {
      files.push({ format: 'wyscout', kind: 'other', path });
      continue;
    }
    const inner = feedFilesOf(
      readdirSync(path)
        .sort()
        .map((n) => join(path, n)),
    );
    files.push(...inner.files);
    unknown.push(...inner.unknown);
  }
  return { files, unknown };
}
