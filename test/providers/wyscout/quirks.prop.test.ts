/*
 * One odd match never stops a season (docs/methodology/wyscout.md#anomalies). Property tests mutate
 * copies of matches in a temp folder — the hand-made Testland matches always, and three real
 * Premier League 2017/18 matches when ../shared/real/wyscout is present (skipped, saying so, when
 * it is not) — and check that the ingest completes with every match in and the anomaly reported
 * with its match id; only a file that cannot be read at all stops it, naming the file.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wyscoutIngest } from '../../../src/providers/wyscout/dataset.js';
import { writeHandmadeWyscout } from './handmade.js';
import { absentNote, realPath } from '../../helpers/real-data.js';

const REAL = realPath('wyscout');
const REAL_MATCHES = join(REAL, 'matches', 'matches_England.json');
const realPresent = existsSync(REAL_MATCHES);
if (!realPresent)
  console.log(`Wyscout quirk tests on real matches skipped (synthetic matches still run): ${absentNote(REAL_MATCHES)}`);

/** A Wyscout folder in the public layout: competition name, events sub-folder, match ids. */
interface Source {
  label: string;
  competition: string;
  folder: string;
  ids: number[];
}

type Json = Record<string, any>;
let tmp: string;
const sources: Source[] = [];
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-quirks-'));
  writeHandmadeWyscout(join(tmp, 'synthetic'));
  sources.push({ label: 'synthetic', competition: 'Testland', folder: 'testland', ids: [5001, 5002] });
  if (realPresent) {
    // Three real matches (a temp copy, deleted after the tests): the first, the 100th and the last.
    const dir = join(tmp, 'real');
    mkdirSync(join(dir, 'matches'), { recursive: true });
    mkdirSync(join(dir, 'events', 'england'), { recursive: true });
    const all: Json[] = JSON.parse(readFileSync(join(REAL, 'matches', 'matches_England.json'), 'utf8'));
    const picked = [all[0], all[99], all[all.length - 1]];
    writeFileSync(join(dir, 'matches', 'matches_England.json'), JSON.stringify(picked));
    for (const m of picked)
      cpSync(join(REAL, 'events', 'england', `${m.wyId}.json.gz`), join(dir, 'events', 'england', `${m.wyId}.json.gz`));
    cpSync(join(REAL, 'players.json'), join(dir, 'players.json'));
    cpSync(join(REAL, 'teams.json'), join(dir, 'teams.json'));
    sources.push({ label: 'real', competition: 'England', folder: 'england', ids: picked.map((m) => m.wyId) });
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
/** A fresh copy of a source folder to mutate. */
function copyOf(source: Source): string {
  const dir = join(tmp, `copy-${copies++}`);
  cpSync(join(tmp, source.label), dir, { recursive: true });
  return dir;
}
const eventsPath = (dir: string, s: Source, id: number): string => {
  const gz = join(dir, 'events', s.folder, `${id}.json.gz`);
  return existsSync(gz) ? gz : join(dir, 'events', s.folder, `${id}.json`);
};
function editEvents(dir: string, s: Source, id: number, edit: (file: Json) => void): void {
  const path = eventsPath(dir, s, id);
  const raw = readFileSync(path);
  const file = JSON.parse((path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8'));
  edit(file);
  const text = JSON.stringify(file);
  writeFileSync(path, path.endsWith('.gz') ? gzipSync(text) : text);
}
function editMatch(dir: string, s: Source, id: number, edit: (match: Json) => void): void {
  const path = join(dir, 'matches', `matches_${s.competition}.json`);
  const list: Json[] = JSON.parse(readFileSync(path, 'utf8'));
  edit(list.find((m) => m.wyId === id)!);
  writeFileSync(path, JSON.stringify(list));
}

/** Each mutation, and the anomaly it must leave in the report. */
const MUTATIONS: { name: string; apply: (dir: string, s: Source, id: number, n: number) => void; reason: RegExp }[] = [
  {
    name: 'drop the lineups',
    apply: (dir, s, id) =>
      editMatch(dir, s, id, (m) => {
        for (const t of Object.values<Json>(m.teamsData)) t.formation.lineup = [];
      }),
    reason: /has no lineup/,
  },
  {
    name: 'zero the player ids',
    apply: (dir, s, id) =>
      editEvents(dir, s, id, (f) => {
        for (const e of f.events) e.playerId = 0;
      }),
    reason: /events name no player/,
  },
  {
    name: 'cut the events short',
    apply: (dir, s, id, n) =>
      editEvents(dir, s, id, (f) => {
        f.events = f.events.slice(0, Math.max(1, Math.floor((f.events.length * (n % 40)) / 100)));
      }),
    reason: /cut short/,
  },
  {
    name: 'corrupt one event',
    apply: (dir, s, id, n) =>
      editEvents(dir, s, id, (f) => {
        f.events[n % f.events.length].eventSec = 'soon';
      }),
    reason: /1 unreadable events dropped \(first: row \d+, column events\.eventSec/,
  },
  {
    name: 'an event of a third team',
    apply: (dir, s, id, n) =>
      editEvents(dir, s, id, (f) => {
        f.events[n % f.events.length].teamId = 424242;
      }),
    reason: /events of team 424242, neither side of the match, dropped/,
  },
  {
    name: 'an unknown player in a substitution and in the events',
    apply: (dir, s, id, n) => {
      editMatch(dir, s, id, (m) => {
        const t = Object.values<Json>(m.teamsData)[0];
        const off = t.formation.lineup[n % t.formation.lineup.length].playerId;
        t.formation.substitutions = [{ playerIn: 77777777, playerOut: off, minute: 60 }];
      });
      editEvents(dir, s, id, (f) => {
        f.events[f.events.length - 1].playerId = 77777777;
      });
    },
    reason: /player 77777777 in no roster nor players\.json/,
  },
];

describe('an odd match never stops a season', () => {
  it('every mutation of one match leaves every match in and reports the anomaly with its match id (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: sources.length - 1 }),
        fc.integer({ min: 0, max: MUTATIONS.length - 1 }),
        fc.nat(),
        fc.nat(),
        (which, mutation, pick, n) => {
          const s = sources[which];
          const id = s.ids[pick % s.ids.length];
          const dir = copyOf(s);
          MUTATIONS[mutation].apply(dir, s, id, n);
          const { dataset, report } = wyscoutIngest(dir, { competition: s.competition });
          expect(report.matches, MUTATIONS[mutation].name).toBe(s.ids.length);
          expect(dataset.tables.fixtures.numRows).toBe(s.ids.length);
          const mine = report.anomalies.filter((a) => a.startsWith(`match ${id}: `));
          expect(
            mine.some((a) => MUTATIONS[mutation].reason.test(a)),
            `${MUTATIONS[mutation].name}: ${mine.join(' | ')}`,
          ).toBe(true);
          expect(dataset.meta.coverage!['ingest.anomalies']).toContain(`match ${id}: `);
          rmSync(dir, { recursive: true, force: true });
        },
      ),
      { numRuns: realPresent ? 24 : 12, seed: 22 },
    );
  });

  it('every mutation runs on every source at least once', () => {
    for (const s of sources)
      for (const m of MUTATIONS) {
        const dir = copyOf(s);
        m.apply(dir, s, s.ids[0], 7);
        const { report } = wyscoutIngest(dir, { competition: s.competition });
        expect(report.matches, `${s.label}: ${m.name}`).toBe(s.ids.length);
        expect(
          report.anomalies.some((a) => a.startsWith(`match ${s.ids[0]}: `) && m.reason.test(a)),
          `${s.label}: ${m.name}`,
        ).toBe(true);
        rmSync(dir, { recursive: true, force: true });
      }
  });

  it('stops on a file that cannot be read at all, naming it', () => {
    for (const s of sources) {
      const dir = copyOf(s);
      const path = eventsPath(dir, s, s.ids[1]);
      writeFileSync(path, Buffer.from(path.endsWith('.gz') ? [0x1f, 0x8b, 1, 2, 3] : [0x7b, 0x22]));
      const name = path.slice(dir.length + 1);
      expect(() => wyscoutIngest(dir, { competition: s.competition })).toThrow(
        new RegExp(`^${name.replace(/\./g, '\\.')}: not (a readable gzip file|valid JSON)`),
      );
    }
  });
});
