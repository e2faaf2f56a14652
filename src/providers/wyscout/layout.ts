/**
 * Where the matches of one competition are in a Wyscout folder: the public dataset's layout
 * (`matches/matches_<Competition>.json` + `events/<competition>/<wyId>.json[.gz]`, registries
 * `players.json` / `teams.json` optional beside them); per-match files saved beside their
 * `matches_<Competition>.json` (no registries); or a folder of v2 API per-match files that each
 * embed their `match`, `teams` and `players`.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatasetError } from '../../model/dataset-error.js';
import { PUBLIC_COMPETITIONS } from './mapping.js';
import { readMatchList, type WyscoutMatch } from './read.js';

/** A per-match file to read: its path and the name used in errors (relative to the folder). */
export interface MatchFileRef {
  path: string;
  file: string;
}

/** The public dataset's layout: the competition's match list and where each match's events are. */
export interface RegistryLayout {
  kind: 'registry';
  /** File name stem of the match list (`England`). */
  competitionFile: string;
  matches: WyscoutMatch[];
  /** The events file of match `wyId` (`<wyId>.json.gz` or `<wyId>.json`), null when there is none. */
  eventsFileOf: (wyId: number) => MatchFileRef | null;
  /** The folder the events files are looked for in, relative to the dataset folder (`.` for itself). */
  eventsDir: string;
}

/** A folder of per-match files, each embedding its match; filtered by competition while reading. */
export interface MatchFolderLayout {
  kind: 'folder';
  competitionId: number;
  files: MatchFileRef[];
}

export type WyscoutLayout = RegistryLayout | MatchFolderLayout;

const isMatchFile = (name: string): boolean => /\.json(\.gz)?$/i.test(name);
const isMatchList = (name: string): boolean => /^matches_.+\.json$/i.test(name);

/** The competition id a `--competition` value names in a per-match folder: a number or a public-dataset name. */
function competitionIdOf(competition: string | number): number {
  if (typeof competition === 'number') return competition;
  if (/^\d+$/.test(competition.trim())) return Number(competition.trim());
  const known = PUBLIC_COMPETITIONS.find((c) => c.file.toLowerCase() === competition.trim().toLowerCase());
  if (!known) {
    throw new DatasetError(
      '(per-match files)',
      'competitionId',
      null,
      `"${competition}" is not a competition id nor a public-dataset name (${PUBLIC_COMPETITIONS.map((c) => c.file).join(', ')}); give the competitionId`,
    );
  }
  return known.id;
}

/**
 * The layout of `dir` for `competition` (the match file's name, e.g. `England` / `World_Cup`, or a
 * `competitionId`). Throws {@link DatasetError} when no match list or per-match file fits.
 * @example layoutOf('shared/real/wyscout', 'England').kind // => 'registry'
 */
export function layoutOf(dir: string, competition: string | number): WyscoutLayout {
  const matchesDir = join(dir, 'matches');
  if (existsSync(matchesDir) && statSync(matchesDir).isDirectory())
    return registryLayoutOf(dir, 'matches', competition);
  const names = readdirSync(dir);
  // Per-match files saved beside the competition's match list (`matches_<Competition>.json`).
  if (names.some(isMatchList)) return registryLayoutOf(dir, '.', competition);
  const files = names
    .filter(isMatchFile)
    .filter((n) => !['players.json', 'teams.json', 'competitions.json'].includes(n.toLowerCase()))
    .sort()
    .map((name) => ({ path: join(dir, name), file: name }));
  if (files.length === 0)
    throw new DatasetError(
      'matches/',
      null,
      null,
      `${dir} holds neither a matches/ folder nor per-match .json/.json.gz files`,
    );
  return { kind: 'folder', competitionId: competitionIdOf(competition), files };
}

/** The registry layout with its match lists in `listsDir` (relative to `dir`: `matches` or `.`). */
function registryLayoutOf(dir: string, listsDir: string, competition: string | number): RegistryLayout {
  const matchesDir = join(dir, listsDir);
  const listFile = (name: string): string => (listsDir === '.' ? name : `${listsDir}/${name}`);
  const lists = readdirSync(matchesDir).filter(isMatchList).sort();
  const stemOf = (name: string): string => name.replace(/^matches_/i, '').replace(/\.json$/i, '');
  const wanted = String(competition).trim();
  let chosen: { stem: string; matches: WyscoutMatch[] } | null = null;
  if (/^\d+$/.test(wanted)) {
    const id = Number(wanted);
    for (const name of lists) {
      const matches = readMatchList(join(matchesDir, name), listFile(name));
      if (matches.some((m) => m.competitionId === id)) {
        chosen = { stem: stemOf(name), matches: matches.filter((m) => m.competitionId === id) };
        break;
      }
    }
    if (!chosen)
      throw new DatasetError(
        listFile(''),
        'competitionId',
        null,
        `no match list holds competitionId ${id} (files: ${lists.join(', ') || 'none'})`,
      );
  } else {
    const name = lists.find((n) => stemOf(n).toLowerCase() === wanted.toLowerCase());
    if (!name)
      throw new DatasetError(
        listFile(`matches_${wanted}.json`),
        null,
        null,
        `missing (files: ${lists.join(', ') || 'none'})`,
      );
    chosen = { stem: stemOf(name), matches: readMatchList(join(matchesDir, name), listFile(name)) };
  }
  const stem = chosen.stem;
  const candidates = [...[stem.toLowerCase(), stem].map((d) => join('events', d)), 'events'];
  const eventsDir = candidates.find((d) => existsSync(join(dir, d)) && statSync(join(dir, d)).isDirectory()) ?? '.';
  // Found once per match: the jobs and the fold both ask (a file-system look-up each).
  const found = new Map<number, MatchFileRef | null>();
  const eventsFileOf = (wyId: number): MatchFileRef | null => {
    const known = found.get(wyId);
    if (known !== undefined) return known;
    const ref =
      [`${wyId}.json.gz`, `${wyId}.json`]
        .map((name) => ({ path: join(dir, eventsDir, name), file: join(eventsDir, name) }))
        .find((r) => existsSync(r.path)) ?? null;
    found.set(wyId, ref);
    return ref;
  };
  return { kind: 'registry', competitionFile: stem, matches: chosen.matches, eventsFileOf, eventsDir };
}
