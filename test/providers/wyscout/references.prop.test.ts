/*
 * Any season in the public format gets in (docs/methodology/wyscout.md#anomalies): a reference to
 * a player, team or match that the files do not resolve — 0, null, a word, an unknown id in a
 * lineup, on a bench, in a substitution, on an event, as a teamsData team or key, or a played
 * match without its events file — becomes an anomaly naming the match, and the ingest completes
 * with every match kept and the rest of the mutated match used. Seeded property over copies of
 * the hand-made Testland matches always, and of two real Premier League 2017/18 matches (with
 * players.json and teams.json) when ../shared/real/wyscout is present (skipped, saying so, when
 * it is not).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/model/schema.js';
import { wyscoutIngest } from '../../../src/providers/wyscout/dataset.js';
import { writeHandmadeWyscout } from './handmade.js';
import { absentNote, realPath } from '../../helpers/real-data.js';

const REAL = realPath('wyscout');
const REAL_MATCHES = join(REAL, 'matches', 'matches_England.json');
const realPresent = existsSync(REAL_MATCHES);
if (!realPresent)
  console.log(
    `Wyscout reference tests on real matches skipped (hand-made matches still run): ${absentNote(REAL_MATCHES)}`,
  );

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
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-refs-'));
  writeHandmadeWyscout(join(tmp, 'synthetic'));
  sources.push({ label: 'synthetic', competition: 'Testland', folder: 'testland', ids: [5001, 5002] });
  if (realPresent) {
    // Two real matches (a temp copy, deleted after the tests): the first and the 200th of the season.
    const dir = join(tmp, 'real');
    mkdirSync(join(dir, 'matches'), { recursive: true });
    mkdirSync(join(dir, 'events', 'england'), { recursive: true });
    const all: Json[] = JSON.parse(readFileSync(join(REAL, 'matches', 'matches_England.json'), 'utf8'));
    const picked = [all[0], all[199]];
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
/** One side of the match (by `n`), with at least one substitution (one is added when it has none). */
function sideWithSub(m: Json, n: number): { team: Json; sub: Json } {
  const team = Object.values<Json>(m.teamsData)[n % 2];
  const f = team.formation;
  if (!Array.isArray(f.substitutions) || f.substitutions.length === 0) {
    const lineup: Json[] = f.lineup;
    f.substitutions = [{ playerIn: lineup[0].playerId, playerOut: lineup[lineup.length - 1].playerId, minute: 60 }];
  }
  return { team, sub: f.substitutions[n % f.substitutions.length] };
}

/** A value a reference field is set to: no id (0, null, a word) or an id no file knows. */
type Ref = { kind: 'zero' } | { kind: 'null' } | { kind: 'word' } | { kind: 'unknown'; id: number };
const refArb: fc.Arbitrary<Ref> = fc.oneof(
  fc.constant<Ref>({ kind: 'zero' }),
  fc.constant<Ref>({ kind: 'null' }),
  fc.constant<Ref>({ kind: 'word' }),
  // Far above every wyId of players.json and teams.json (the largest is 568,583), or negative.
  fc
    .oneof(fc.integer({ min: 900_000_000, max: 2 ** 31 - 1 }), fc.integer({ min: -(2 ** 31), max: -1 }))
    .map((id): Ref => ({ kind: 'unknown', id })),
);
const refValueOf = (r: Ref): unknown =>
  r.kind === 'zero' ? 0 : r.kind === 'null' ? null : r.kind === 'word' ? 'unknown' : r.id;
/** A player reference's anomaly: no id for 0, null and a word; the unknown id otherwise. */
const playerRefReason = (r: Ref, noId: RegExp): RegExp =>
  r.kind === 'unknown' ? new RegExp(`player ${r.id} in no roster nor players\\.json`) : noId;

/** A mutation of one reference field of match `id`, and the anomaly it must leave (null: none may be asked of it). */
interface Mutation {
  name: string;
  apply: (dir: string, s: Source, id: number, r: Ref, n: number) => void;
  reason: (r: Ref) => RegExp;
  /** False when the mutation leaves the match no events (the match is kept as a fixture only). */
  keepsEvents?: false;
}
const MUTATIONS: Mutation[] = [
  {
    name: 'a lineup entry',
    apply: (dir, s, id, r, n) =>
      editMatch(dir, s, id, (m) => {
        const lineup: Json[] = Object.values<Json>(m.teamsData)[n % 2].formation.lineup;
        lineup[n % lineup.length].playerId = refValueOf(r);
      }),
    reason: (r) => playerRefReason(r, /team \d+: 1 lineup entry names no player id \(left out\)/),
  },
  {
    name: 'a bench entry',
    apply: (dir, s, id, r, n) =>
      editMatch(dir, s, id, (m) => {
        const f = Object.values<Json>(m.teamsData)[n % 2].formation;
        f.bench = [...(f.bench ?? []), { playerId: refValueOf(r) }];
      }),
    reason: (r) => playerRefReason(r, /team \d+: 1 bench entry names no player id \(left out\)/),
  },
  {
    name: "a substitution's incoming player",
    apply: (dir, s, id, r, n) =>
      editMatch(dir, s, id, (m) => {
        sideWithSub(m, n).sub.playerIn = refValueOf(r);
      }),
    reason: (r) =>
      new RegExp(
        `substitution at minute \\d+ brings on ${r.kind === 'unknown' ? `unknown player ${r.id}` : 'no player id'}: player \\d+ goes off, nobody comes on`,
      ),
  },
  {
    name: "a substitution's outgoing player",
    apply: (dir, s, id, r, n) =>
      editMatch(dir, s, id, (m) => {
        sideWithSub(m, n).sub.playerOut = refValueOf(r);
      }),
    reason: (r) =>
      new RegExp(
        `substitution at minute \\d+ takes off ${r.kind === 'unknown' ? `unknown player ${r.id}` : 'no player id'}: not applied`,
      ),
  },
  {
    name: "an event's player",
    apply: (dir, s, id, r, n) =>
      editEvents(dir, s, id, (f) => {
        // 0 on an event is an event without a player, not a reference: an unknown id stands for it.
        f.events[n % f.events.length].playerId = r.kind === 'zero' ? 999_999_999 : refValueOf(r);
      }),
    reason: (r) =>
      r.kind === 'unknown' || r.kind === 'zero'
        ? new RegExp(`player ${r.kind === 'zero' ? 999_999_999 : r.id} in no roster nor players\\.json`)
        : /1 unreadable events dropped \(first: row \d+, column events\.playerId/,
  },
  {
    name: "an event's team",
    apply: (dir, s, id, r, n) =>
      editEvents(dir, s, id, (f) => {
        f.events[n % f.events.length].teamId = refValueOf(r);
      }),
    reason: (r) =>
      r.kind === 'zero' || r.kind === 'unknown'
        ? new RegExp(`1 events of team ${r.kind === 'zero' ? 0 : r.id}, neither side of the match, dropped`)
        : /1 unreadable events dropped \(first: row \d+, column events\.teamId/,
  },
  {
    name: 'a teamsData team id',
    apply: (dir, s, id, r, n) =>
      editMatch(dir, s, id, (m) => {
        // A word is not an id at all (the match list's schema refuses it): 0 stands for it here.
        Object.values<Json>(m.teamsData)[n % 2].teamId = r.kind === 'word' ? 0 : refValueOf(r);
      }),
    reason: (r) =>
      new RegExp(`team ${r.kind === 'unknown' ? r.id : 0} is in neither teams\\.json nor the match file's teams`),
  },
  {
    name: 'a teamsData key',
    apply: (dir, s, id, r, n) =>
      editMatch(dir, s, id, (m) => {
        const key = Object.keys(m.teamsData)[n % 2];
        const team = m.teamsData[key];
        delete m.teamsData[key];
        m.teamsData[String(refValueOf(r))] = team;
      }),
    reason: (r) => new RegExp(`teamsData key "${String(refValueOf(r))}" holds team \\d+: the team id is used`),
  },
  {
    name: 'the events file of a played match',
    apply: (dir, s, id) => rmSync(eventsPath(dir, s, id)),
    reason: () => /no events file \(\d+\.json\.gz or \d+\.json in events\/\w+\): the fixture is kept, without events/,
    keepsEvents: false,
  },
];

/** Applies mutation `k` to match `pick` of source `which`, ingests, and checks the report and the dataset. */
function checkMutation(which: number, k: number, pick: number, r: Ref, n: number): void {
  const s = sources[which];
  const m = MUTATIONS[k];
  const id = s.ids[pick % s.ids.length];
  const dir = copyOf(s);
  try {
    m.apply(dir, s, id, r, n);
    const { dataset, report } = wyscoutIngest(dir, { competition: s.competition });
    const what = `${s.label}, ${m.name} = ${JSON.stringify(refValueOf(r))}`;
    expect(dataset.tables.fixtures.numRows, what).toBe(s.ids.length);
    expect(report.matches, what).toBe(s.ids.length - (m.keepsEvents === false ? 1 : 0));
    const mine = report.anomalies.filter((a) => a.startsWith(`match ${id}: `));
    expect(
      mine.some((a) => m.reason(r).test(a)),
      `${what}: ${mine.join(' | ')}`,
    ).toBe(true);
    expect(dataset.meta.coverage!['ingest.anomalies']).toContain(`match ${id}: `);
    // The rest of the match is used: its players still have appearances in it.
    const played = rowsOf(dataset.tables.appearances!, 'appearances').filter((a) => a.fixture_id === id);
    if (m.keepsEvents !== false) expect(played.length, what).toBeGreaterThanOrEqual(11);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a reference the files do not resolve is an anomaly, never a stop', () => {
  it('every mutated reference leaves every match in and is reported with its match id (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: sources.length - 1 }),
        fc.integer({ min: 0, max: MUTATIONS.length - 1 }),
        fc.nat(),
        refArb,
        fc.nat(),
        (which, k, pick, r, n) => checkMutation(which, k, pick, r, n),
      ),
      { numRuns: realPresent ? 40 : 20, seed: 34 },
    );
  });

  it('every mutation and every kind of value runs on every source at least once', () => {
    const refs: Ref[] = [{ kind: 'zero' }, { kind: 'null' }, { kind: 'word' }, { kind: 'unknown', id: 987_654_321 }];
    for (const [which] of sources.entries())
      for (const k of MUTATIONS.keys()) for (const r of refs) checkMutation(which, k, 0, r, 3);
  });

  it('a substitution bringing on no known player still takes its player off', () => {
    for (const s of sources) {
      const id = s.ids[0];
      /** The minutes of the substitution's outgoing player after `edit` of it (his side, `sub` of it). */
      const minutesAfter = (edit: (team: Json, sub: Json) => void): { off: number; minutes: number | undefined } => {
        const dir = copyOf(s);
        let off = 0;
        editMatch(dir, s, id, (m) => {
          const { team, sub } = sideWithSub(m, 0);
          sub.minute = 30;
          off = sub.playerOut;
          edit(team, sub);
        });
        const { dataset } = wyscoutIngest(dir, { competition: s.competition });
        rmSync(dir, { recursive: true, force: true });
        const line = rowsOf(dataset.tables.appearances!, 'appearances').find(
          (a) => a.fixture_id === id && a.player_id === off,
        );
        return { off, minutes: line?.minutes };
      };
      const nobodyOn = minutesAfter((_, sub) => {
        sub.playerIn = 0;
      });
      const notSubbed = minutesAfter((team, sub) => {
        team.formation.substitutions = team.formation.substitutions.filter((x: Json) => x !== sub);
      });
      expect(nobodyOn.off, s.label).toBe(notSubbed.off);
      // Off at the 30th minute or his last event after it, where the match without it keeps him on.
      expect(nobodyOn.minutes, s.label).toBeGreaterThanOrEqual(30);
      expect(nobodyOn.minutes!, s.label).toBeLessThan(notSubbed.minutes!);
    }
  });

  it('still stops when no played match has its events file: the folder is not where the events are', () => {
    for (const s of sources) {
      const dir = copyOf(s);
      for (const id of s.ids) rmSync(eventsPath(dir, s, id));
      expect(() => wyscoutIngest(dir, { competition: s.competition })).toThrow(
        /missing: no events file for any of the 2 played matches \(looked in events\/\w+\)/,
      );
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
