/*
 * Verdict evidence on the five competitions of the public Wyscout dataset (Premier League, La Liga,
 * Bundesliga and Ligue 1 2017/18, World Cup 2018; ../shared/real/wyscout, HALFSPACE_REAL_DIR
 * overrides the location; skipped, saying why, when absent), ingested once into one dataset:
 * - team outcomes (goals conceded, clean sheets) are never an outfield player's evidence;
 * - cooked compares with earlier seasons only: every season here is 2017/18 or the World Cup that
 *   followed it, so no player has an earlier season of the same kind (Paul Baysse's Bordeaux half
 *   is the same season as his Málaga half; Harry Kane's World Cup came after his club season);
 * - nobody is elite on fewer than ELITE_MINUTES_MIN minutes.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { wyscoutIngestMany } from '../../src/providers/wyscout/competitions.js';
import { ROLES } from '../../src/stats/roles.js';
import { isTeamOutcome, TEAM_OUTCOME_NOTE } from '../../src/stats/team-outcomes.js';
import { SAVE_SHARE_RECEIPT } from '../../src/verdict/keeper-receipts.js';
import { ELITE_MINUTES_MIN } from '../../src/verdict/rules.js';
import type { VerdictResponse } from '../../src/verdict/verdict.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('verdict evidence real-data tests', join(REAL, 'matches', 'matches_World_Cup.json'));

/** Regulars: a third of a season and more, as bench:judgment counts them. */
const REGULAR_MINUTES = 1350;
const LEAGUES = ['Premier League', 'La Liga', 'Bundesliga', 'Ligue 1'];

describe.skipIf(!present)('verdict evidence on five real competitions', () => {
  let engine: Engine;
  /** Every player's verdict with his main row. */
  const verdicts: { v: VerdictResponse; row: number }[] = [];
  beforeAll(async () => {
    const { dataset } = await wyscoutIngestMany(REAL, { competitions: 'all' });
    engine = Engine.open({ dataset });
    const d = engine.derived;
    const seen = new Set<number>();
    for (let i = 0; i < d.n; i++) {
      if (seen.has(d.player_id[i])) continue;
      seen.add(d.player_id[i]);
      const r = engine.verdict({ player_id: d.player_id[i] });
      if (!r.ok) throw new Error(r.error.message);
      verdicts.push({ v: r.value, row: engine.latestRowOf(d.player_id[i]) });
    }
  }, 300_000);

  const leagueOf = (row: number) => engine.leagueById(engine.derived.league_id[row])?.name ?? '';

  it('no outfield regular of the four leagues cites goals conceded or clean sheets as his own', () => {
    const d = engine.derived;
    const regulars = new Map<string, number>(LEAGUES.map((l) => [l, 0]));
    const citing: string[] = [];
    for (const { v, row } of verdicts) {
      if (d.minutes[row] < REGULAR_MINUTES || ROLES[d.role[row]] === 'goalkeeper') continue;
      const league = leagueOf(row);
      if (!regulars.has(league)) continue;
      regulars.set(league, regulars.get(league)! + 1);
      if (v.evidence.some((e) => isTeamOutcome(e.metric)) || /conceded|clean sheet/i.test(v.headline))
        citing.push(`${v.player.name}: ${v.headline}`);
      // Shown apart and labelled as the team's.
      for (const e of v.team_on_pitch) expect(e.label).toContain(`(${TEAM_OUTCOME_NOTE})`);
    }
    // Each league has its ~200–250 outfield regulars (else this checks nothing).
    for (const [league, n] of regulars) expect(n, league).toBeGreaterThan(150);
    expect(citing).toEqual([]);
  });

  it("no outfield regular's scouting highlight is a team outcome", () => {
    const d = engine.derived;
    const shown: string[] = [];
    for (const { v, row } of verdicts) {
      if (d.minutes[row] < REGULAR_MINUTES || ROLES[d.role[row]] === 'goalkeeper') continue;
      const s = engine.scouting({ player_id: v.player.player_id });
      if (!s.ok) throw new Error(s.error.message);
      const metric = s.value.data.highlight?.metric;
      if (metric && isTeamOutcome(metric)) shown.push(`${v.player.name}: ${s.value.data.highlight?.text}`);
    }
    expect(shown).toEqual([]);
  });

  it('goalkeepers keep goals conceded and clean sheets as their evidence', () => {
    const d = engine.derived;
    const keepers = verdicts.filter(
      ({ row }) => d.minutes[row] >= REGULAR_MINUTES && ROLES[d.role[row]] === 'goalkeeper',
    );
    expect(keepers.length).toBeGreaterThan(50);
    expect(keepers.some(({ v }) => v.evidence.some((e) => isTeamOutcome(e.metric)))).toBe(true);
    for (const { v } of keepers) expect(v.team_on_pitch).toEqual([]);
  });

  it("a keeper's own save share comes before his team's outcomes; the PFA keeper, De Gea, leads with it", () => {
    const d = engine.derived;
    const keepers = verdicts.filter(
      ({ v, row }) => d.minutes[row] >= REGULAR_MINUTES && ROLES[d.role[row]] === 'goalkeeper' && v.evidence.length > 0,
    );
    const misplaced: string[] = [];
    let shown = 0;
    for (const { v } of keepers) {
      const at = v.evidence.findIndex((e) => e.metric === SAVE_SHARE_RECEIPT);
      if (at < 0) continue;
      shown++;
      const worstFirst = ['below_par', 'fraud', 'cooked'].includes(v.verdict_code);
      const teamBefore = v.evidence.slice(0, at).some((e) => isTeamOutcome(e.metric));
      // In a verdict of strengths a team outcome never comes before his own save share.
      if (!worstFirst && teamBefore) misplaced.push(v.headline);
      // A keeper's specialty (shot-stopper) is led by his save share, never his defence's record.
      if (['specialist', 'merchant'].includes(v.verdict_code) && at !== 0) misplaced.push(v.headline);
    }
    expect(shown).toBeGreaterThan(keepers.length / 2);
    expect(misplaced).toEqual([]);
    // PFA Team of the Year 2017/18 keeper (bench/judgment/published-teams.ts cites the source).
    const deGea = verdicts.find(({ v }) => v.player.name === 'David de Gea');
    expect(deGea?.v.evidence[0]?.metric).toBe(SAVE_SHARE_RECEIPT);
    expect(deGea?.v.headline).toMatch(/^David de Gea is elite among goalkeepers: save share/);
  });

  it('cooked never compares with a row of the same season or a later tournament', () => {
    const compared = verdicts.filter(
      ({ v }) => v.rule.previous_season !== null || v.rule.previous_output_score !== null,
    );
    expect(compared.map(({ v }) => `${v.player.name} vs ${v.rule.previous_season?.season}`)).toEqual([]);
    expect(verdicts.filter(({ v }) => v.verdict_code === 'cooked')).toEqual([]);
    // The two cases a fan found: a January transfer and a World Cup played after the club season.
    const byName = (name: string) => verdicts.find(({ v }) => v.player.name === name)?.v;
    const baysse = byName('Paul Baysse');
    const kane = byName('Harry Kane');
    expect(engine.rowsOfPlayer(baysse!.player.player_id).length).toBe(2);
    expect(engine.rowsOfPlayer(kane!.player.player_id).length).toBe(2);
    expect(baysse!.rule.unchecked).toContain('cooked: no earlier season to compare with');
    expect(kane!.rule.previous_output_score).toBeNull();
  });

  it(`nobody is elite on fewer than ${ELITE_MINUTES_MIN} minutes, and a small sample speaks quietly`, () => {
    const d = engine.derived;
    const short = verdicts.filter(({ v, row }) => v.verdict_code !== 'fallback' && d.minutes[row] < ELITE_MINUTES_MIN);
    // Hundreds of players have a verdict on 450–999 minutes, none of them elite.
    expect(short.length).toBeGreaterThan(100);
    expect(short.filter(({ v }) => v.verdict_code === 'elite').map(({ v }) => v.player.name)).toEqual([]);
    // Some of them have elite numbers: the verdict says the minutes are what holds them back.
    const withheld = short.filter(({ v }) => v.rule.sample.elite_withheld);
    expect(withheld.length).toBeGreaterThan(0);
    for (const { v } of withheld) {
      expect(v.narrative).toContain('under the 1,000 an elite verdict needs');
      expect(v.headline).toContain('too few to call');
    }
    // Confidence never exceeds the share of a full sample (1,800 minutes).
    for (const { v, row } of short) expect(v.confidence).toBeLessThanOrEqual(d.minutes[row] / 1800 + 0.005);
  });
});
