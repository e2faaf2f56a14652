/**
 * The conformance suite every event provider's adapter runs (docs/providers.md#conformance), one
 * suite for many adapters as test/store/wallet.case.ts is for stores: goals per team equal the
 * recorded score, minutes follow lineups and substitutions and never exceed the team's, every
 * shot is on the pitch with a body part (or `other`, the explicit unknown), events run in time
 * order within each period, and passes start near where the previous pass of the team ended.
 */
import { describe, expect, it } from 'vitest';
import { rowsOf, type Dataset } from '../../src/model/schema.js';

/** Metres a completed pass's end may lie from the start of the team's next located event. */
export const PASS_CHAIN_TOLERANCE_M = 10;
/** Share of chained passes that must start within the tolerance (feeds log touches, not every dribble). */
export const PASS_CHAIN_MIN_SHARE = 0.75;

/** What one match of an adapter's output says beyond the dataset. */
export interface ConformanceMatch {
  fixtureId: number;
  /** Goals per team id from the events (own goals to the side that benefits). */
  eventGoals: ReadonlyMap<number, number>;
  /** True for a file that holds part of a match: the score check becomes "the report says so". */
  partial: boolean;
  /** The ingest report flags a score the events cannot reach (partial files only). */
  reportedScoreGap?: boolean;
  /** Nominal minutes the match lasted (90, or 120 with extra time). */
  matchMinutes: number;
  /** Events known to be out of time order in the provider's own file (each named where it is set); default 0. */
  knownOutOfOrder?: number;
  /** Period and clock seconds of every event, in the adapter's order. */
  clocks: readonly (readonly [number, number])[];
  /** Metres from each completed pass's end to the start of the team's next located event; absent when the feed has no pass ends. */
  passGapsM?: readonly number[];
}

/** One adapter's output for the suite. */
export interface ConformanceInput {
  dataset: Dataset;
  matches: readonly ConformanceMatch[];
}

function checkScores(input: ConformanceInput): void {
  const fixtures = rowsOf(input.dataset.tables.fixtures, 'fixtures');
  for (const m of input.matches) {
    const f = fixtures.find((x) => x.fixture_id === m.fixtureId)!;
    expect(f, `fixture ${m.fixtureId}`).toBeDefined();
    const events = [m.eventGoals.get(f.home_team_id) ?? 0, m.eventGoals.get(f.away_team_id) ?? 0];
    if (m.partial) {
      if (events[0] !== f.home_goals || events[1] !== f.away_goals) expect(m.reportedScoreGap).toBe(true);
    } else expect(events, `fixture ${m.fixtureId}`).toEqual([f.home_goals, f.away_goals]);
  }
}

function checkMinutes(input: ConformanceInput): void {
  const apps = rowsOf(input.dataset.tables.appearances!, 'appearances');
  for (const m of input.matches) {
    const mine = apps.filter((a) => a.fixture_id === m.fixtureId);
    expect(mine.filter((a) => a.started).length).toBeLessThanOrEqual(22);
    const byTeam = new Map<number, number>();
    for (const a of mine) {
      expect(a.minutes).toBeGreaterThanOrEqual(0);
      expect(a.minutes).toBeLessThanOrEqual(m.matchMinutes + 1e-9);
      byTeam.set(a.team_id, (byTeam.get(a.team_id) ?? 0) + a.minutes);
    }
    for (const total of byTeam.values()) expect(total).toBeLessThanOrEqual(11 * m.matchMinutes + 1e-6);
  }
}

function checkShots(input: ConformanceInput): void {
  const shots = rowsOf(input.dataset.tables.shots!, 'shots');
  expect(shots.length).toBeGreaterThan(0);
  for (const s of shots) {
    expect(s.x).toBeGreaterThanOrEqual(0);
    expect(s.x).toBeLessThanOrEqual(1);
    expect(s.y).toBeGreaterThanOrEqual(0);
    expect(s.y).toBeLessThanOrEqual(1);
    expect(['foot', 'head', 'other']).toContain(s.body_part);
  }
}

function checkTimeOrder(input: ConformanceInput): void {
  for (const m of input.matches) {
    const last = new Map<number, number>();
    let backwards = 0;
    for (const [period, clock] of m.clocks) {
      if (clock < (last.get(period) ?? -Infinity)) backwards += 1;
      else last.set(period, clock);
    }
    expect(backwards, `fixture ${m.fixtureId}: events earlier than the one before them`).toBe(m.knownOutOfOrder ?? 0);
  }
}

/**
 * One adapter's case, as test/providers/conformance.test.ts lists them: its name, the real data it
 * reads (the case is skipped, saying so, when that folder is absent) and how to build its input.
 */
export interface ConformanceCase {
  name: string;
  /** The folder or file of ../shared/real the case reads. */
  data: string;
  make: () => ConformanceInput;
}

/** Runs the suite on the adapter output `make` returns (built once, lazily). */
export function conformanceSuite(name: string, make: () => ConformanceInput, options: { skip?: boolean } = {}): void {
  let input: ConformanceInput | undefined;
  const get = () => (input ??= make());
  describe.skipIf(options.skip === true)(`${name} conformance`, () => {
    it('has goals per team from the events equal to the recorded score', () => checkScores(get()));
    it("gives minutes that follow lineups and substitutions, within the team's", () => checkMinutes(get()));
    it('puts every shot on the pitch with a body part or the explicit unknown', () => checkShots(get()));
    it('keeps events in time order within each period', () => checkTimeOrder(get()));
    it(`starts passes within ${PASS_CHAIN_TOLERANCE_M} m of where the team's previous pass ended`, () => {
      const gaps = get().matches.flatMap((m) => m.passGapsM ?? []);
      if (gaps.length === 0) return;
      const near = gaps.filter((g) => g <= PASS_CHAIN_TOLERANCE_M).length;
      expect(near / gaps.length).toBeGreaterThanOrEqual(PASS_CHAIN_MIN_SHARE);
    });
  });
}
