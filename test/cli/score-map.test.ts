/**
 * `halfspace score … --map` on analysts' exports, run as a user runs it: the BUILT binary on
 * sample files written here in the exact header layouts of FBref and Wyscout exports.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CLEAR_ROLE } from '../../src/dna/clear-role.js';
import { ROLE_RULES } from '../../src/dna/tag-rules.js';
import { roleOfPosition } from '../../src/stats/roles.js';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';
import {
  fbrefDefense,
  fbrefGca,
  fbrefPassing,
  fbrefShooting,
  fbrefStandard,
  wyscoutSearch,
} from '../providers/csv/export-samples.js';

let tmp: string;
const at = (name: string) => join(tmp, name);
const rowsOf = (file: string) =>
  tableFromIPC(readFileSync(file))
    .toArray()
    .map((r) => r.toJSON() as Record<string, unknown>);
const byName = (rows: Record<string, unknown>[], name: string) => rows.find((r) => r.name === name)!;

beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-score-map-'));
  writeFileSync(at('standard.csv'), fbrefStandard());
  writeFileSync(at('shooting.csv'), fbrefShooting());
  writeFileSync(at('passing.csv'), fbrefPassing());
  writeFileSync(at('defense.csv'), fbrefDefense());
  writeFileSync(at('gca.csv'), fbrefGca());
  writeFileSync(at('wyscout.csv'), wyscoutSearch());
}, 180_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('score --map fbref', () => {
  it('scores the standard table with its xG column flowing to per 90 and cohort percentiles', () => {
    const r = runBuiltSync([
      'score',
      at('standard.csv'),
      '--map',
      'fbref',
      '--out',
      at('std.arrow'),
      '--as-of',
      '2025-06-01',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.rows).toBe(4);
    expect(summary.map).toMatchObject({
      map: 'fbref',
      rows: 4,
      repeated_headers_skipped: 1,
      // No league or season column: the season in progress on --as-of, a league that says it was not named.
      defaults: { league: 'Unnamed league', season: '2024/25' },
      positions: { FW: 'ST', 'FW,MF': 'ST', 'DF,MF': 'CB', GK: 'GK' },
      unused_columns: ['Per 90 Minutes/Gls', 'Per 90 Minutes/Ast'],
      rounded: {},
    });
    // xG, npxG, xAG and progression map onto our own columns (docs/methodology/event-values.md#csv-presets).
    expect(summary.map.provider_metrics).toEqual(['progressive_passes_received']);
    const rows = rowsOf(at('std.arrow'));
    // Ana: "1,800" minutes (thousands separator), xG 9.0 → 9.0 × 90 / 1800 = 0.45 per 90. Carl: 18.0 × 90 / 2700 = 0.6.
    // Attackers' cohort {Ana 0.45, Carl 0.6} (FW,MF: the first listed decides): Ana 100 × (0 + ½) / 2 = 25, Carl 100 × (1 + ½) / 2 = 75.
    expect(byName(rows, 'Ana Alves')).toMatchObject({
      minutes: 1800,
      goals: 10,
      assists: 3,
      xg: 9,
      xg_per90: 0.45,
      xg_per90_percentile: 25,
      position: 'ST',
      position_group: 'attacker',
      appearances: 20,
      starts: 18,
    });
    expect(byName(rows, 'Carl Cruz')).toMatchObject({
      position_group: 'attacker',
      xg_per90: 0.6,
      xg_per90_percentile: 75,
    });
    // Bo (DF,MF) is a defender alone in his cohort: 100 × ½ / 1 = 50.
    expect(byName(rows, 'Bo Berg')).toMatchObject({
      position: 'CB',
      position_group: 'defender',
      xg: 0.9,
      xg_per90: 0.09,
      xg_per90_percentile: 50,
    });
    expect(byName(rows, 'Dan Dorf')).toMatchObject({ position_group: 'goalkeeper', minutes: 3060, xg: 0, xg_per90: 0 });
  });

  it('joins the standard, shooting, passing and defensive tables of one export on Player + Squad + Born', () => {
    const files = ['standard.csv', 'shooting.csv', 'passing.csv', 'defense.csv', 'gca.csv'].map(at);
    const r = runBuiltSync([
      'score',
      ...files,
      '--map',
      'fbref',
      '--out',
      at('all.csv'),
      '--as-of',
      '2025-06-01',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary.map.files).toEqual(files);
    expect(summary.map.provider_metrics).toContain('xa_pass');
    expect(summary.map.unused_columns).toEqual(
      expect.arrayContaining(['Standard/SoT%', 'Standard/Sh/90', 'Total/Cmp%']),
    );
    const [head, ...lines] = readFileSync(at('all.csv'), 'utf8').trim().split('\n');
    const cols = head.split(',');
    const ana = lines.map((l) => l.split(',')).find((f) => f[cols.indexOf('name')] === 'Ana Alves')!;
    const cell = (c: string) => ana[cols.indexOf(c)];
    // Shooting: 40 shots, 20 on target; passing: 400 of 500, 40 long, 30 key passes, xA 2.8; defense: 10 tackles, Blocks/Sh 1, Int 3, Clr 2.
    expect({
      shots: cell('shots'),
      sot: cell('shots_on_target'),
      passes: cell('passes'),
      done: cell('passes_completed'),
      long: cell('long_balls'),
      kp: cell('key_passes'),
      tkl: cell('tackles'),
      blk: cell('shots_blocked'),
      int: cell('interceptions'),
      clr: cell('clearances'),
    }).toEqual({
      shots: '40',
      sot: '20',
      passes: '500',
      done: '400',
      long: '40',
      kp: '30',
      tkl: '10',
      blk: '1',
      int: '3',
      clr: '2',
    });
    // 40 × 90 / 1800 = 2 shots per 90; 400 / 500 = 80 % pass accuracy; xa is FBref's xAG 2.5 × 90 / 1800 = 0.125,
    // its pass-based xA 2.8 the provider metric xa_pass (0.14).
    expect(Number(cell('shots_per90'))).toBe(2);
    expect(Number(cell('pass_accuracy_pct'))).toBe(80);
    expect(Number(cell('xa_per90'))).toBeCloseTo(0.125, 12);
    expect(Number(cell('xa_pass_per90'))).toBeCloseTo(0.14, 12);
    expect(Number(cell('xg_per90'))).toBe(0.45);
    // Goal and shot creation: SCA 60 → sca, 60 × 90 / 1800 = 3 per 90 (FBref's own SCA90 cell is unused beside the total).
    expect(cell('sca')).toBe('60');
    expect(Number(cell('sca_per90'))).toBe(3);
  });

  it('refuses a position no rule maps with one line naming file, column, row, line and value', () => {
    writeFileSync(at('bad-pos.csv'), fbrefStandard({ ana: { pos: 'Libero' } }));
    const r = runBuiltSync(['score', at('bad-pos.csv'), '--map', 'fbref', '--out', at('bad.csv')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      `halfspace score: ${at('bad-pos.csv')}, column Pos, row 0: line 3: no position rule maps "Libero" (its first position "Libero" is not in the map's positions, the built-in words or our codes; docs/scoring.md#positions)`,
    ]);
  });

  it('refuses a later table row that matches no row of the first table', () => {
    writeFileSync(
      at('shooting-extra.csv'),
      `${fbrefShooting()}5,Eve Ek,se SWE,MF,Porto B,20-001,2005,1.0,0,1,0,0.0,1.00,0.00,0.00,,20.0,0,0,0,0.1,0.1,0.10,-0.1,-0.1,Matches\n`,
    );
    const r = runBuiltSync([
      'score',
      at('standard.csv'),
      at('shooting-extra.csv'),
      '--map',
      'fbref',
      '--out',
      at('bad.csv'),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^halfspace score: .*shooting-extra\.csv, row 4: line 7: no row of .*standard\.csv has Player \+ Squad \+ Born \["Eve Ek","Porto B","2005"\]\n$/,
    );
  });
});

/** The standard table as a Big-5 page writes it: a `Comp` column after `Squad`, with country codes. */
const big5Standard = () =>
  fbrefStandard()
    .replace(/^,/, ',,')
    .replaceAll('Squad,Age', 'Squad,Comp,Age')
    .replaceAll(',Porto B,', ',Porto B,pt Primeira Liga,')
    .replaceAll(',Lima FC,', ',Lima FC,pe Liga 1,');

/** A striker without goals or assists: with no aerial data, the old fallback made him a "Target Man". */
const FINN =
  '5,Finn Frost,no NOR,FW,Lima FC,25-001,2000,25,20,"2,000",22.2,0,0,0,0,0,0,1,0,1.0,1.0,0.5,1.5,5,5,20,0.00,0.00,0.00,0.00,0.00,0.05,0.02,0.07,0.05,0.07,Matches\n';
/** A player with 45 minutes: no per-90 value, so no rating for that reason. */
const GUS =
  '6,Gus Gray,is ISL,FW,Lima FC,19-001,2006,1,0,45,0.5,0,0,0,0,0,0,0,0,0.0,0.0,0.0,0.0,0,0,0,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,Matches\n';

describe('score --map fbref: labels, missing ratings and tags say what the export holds (#25 item 18)', () => {
  it('takes the league from a Big-5 Comp column without its country code, and never a file name', () => {
    writeFileSync(at('big5.csv'), big5Standard());
    const r = runBuiltSync([
      'score',
      at('big5.csv'),
      '--map',
      'fbref',
      '--out',
      at('big5.arrow'),
      '--as-of',
      '2018-05-20',
    ]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const rows = rowsOf(at('big5.arrow'));
    expect(rows.map((x) => [x.name, x.league, x.season])).toEqual([
      ['Ana Alves', 'Primeira Liga', '2017/18'],
      ['Carl Cruz', 'Liga 1', '2017/18'],
      ['Bo Berg', 'Primeira Liga', '2017/18'],
      ['Dan Dorf', 'Liga 1', '2017/18'],
    ]);
    expect(r.stdout).toContain('Comp: the country code before the name was cut in 4 rows');
    expect(r.stdout).toContain('every row gets season "2017/18" (the season in progress on the as-of date');
    expect(r.stdout).not.toContain('no league column');
    const json = runBuiltSync([
      'score',
      at('big5.csv'),
      '--map',
      'fbref',
      '--out',
      at('big5.csv.arrow'),
      '--as-of',
      '2018-05-20',
      '--json',
    ]);
    expect(JSON.parse(json.stdout).map).toMatchObject({
      defaults: { season: '2017/18' },
      prefixes_stripped: { Comp: 4 },
    });
    expect(JSON.parse(json.stdout).map.defaults).not.toHaveProperty('league');
  });

  it('says why each missing rating is missing: minutes, or stats the role needs that the export lacks', () => {
    writeFileSync(at('gaps.csv'), `${fbrefStandard()}${GUS}`);
    const text = runBuiltSync([
      'score',
      at('gaps.csv'),
      '--map',
      'fbref',
      '--out',
      at('gaps.arrow'),
      '--as-of',
      '2025-06-01',
    ]);
    expect(text.code).toBe(0);
    // Dan (3,060 min, keeper) has minutes, but the standard table has no saves or goals conceded;
    // Gus played 45 minutes. Bo (900 min, centre-back) is rated: ratings v2 weighs progressive
    // passes for centre-backs, and the standard table has them (PrgP).
    expect(text.stdout).toContain(
      "2 none (1 under 90 minutes, 1 without any stat his role's rating weighs in the data)",
    );
    const json = runBuiltSync([
      'score',
      at('gaps.csv'),
      '--map',
      'fbref',
      '--out',
      at('gaps2.arrow'),
      '--as-of',
      '2025-06-01',
      '--json',
    ]);
    expect(JSON.parse(json.stdout).rating_source).toMatchObject({
      none: 2,
      none_because: { under_90_minutes: 1, no_cohort: 0, no_rated_stats: 1 },
    });
    const rows = rowsOf(at('gaps.arrow'));
    expect(rows.filter((x) => x.rating === null).map((x) => x.name)).toEqual(['Dan Dorf', 'Gus Gray']);
  });

  it('gives no role whose inputs the export lacks', () => {
    writeFileSync(at('finn.csv'), `${fbrefStandard()}${FINN}`);
    const conditionsOf = (position: string, tag: string) =>
      ROLE_RULES[roleOfPosition(position)].find((r) => r.tag === tag)?.conditions;
    const has = (row: Record<string, unknown>, key: string | undefined) =>
      key !== undefined && row[key] !== null && row[key] !== undefined;
    for (const [name, files] of [
      ['standard only', [at('finn.csv')]],
      ['all four tables', [at('finn.csv'), at('shooting.csv'), at('passing.csv'), at('defense.csv')]],
    ] as const) {
      const out = at(`tags-${name.replace(/ /g, '-')}.arrow`);
      const r = runBuiltSync(['score', ...files, '--map', 'fbref', '--out', out, '--as-of', '2025-06-01']);
      // The later tables have no row for Finn: their columns stay empty for him.
      expect([name, r.code]).toEqual([name, 0]);
      const rows = rowsOf(out).filter((x) => typeof x.style_role === 'string');
      expect(rows.length, name).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        const role = String(row.style_role);
        // No aerial duels in any FBref table the preset reads: never a Target Man.
        expect([name, row.name, role]).not.toEqual([name, row.name, 'Target Man']);
        if (role === NO_CLEAR_ROLE) continue;
        // A role given has every one of its inputs (or the classic metric standing in for it).
        const conditions = conditionsOf(String(row.position), role);
        expect(conditions, `${name}: ${row.name} ${role}`).toBeDefined();
        const missing = conditions!.filter((c) => !has(row, c.metric) && !has(row, c.standIn)).map((c) => c.metric);
        expect([name, row.name, role, missing]).toEqual([name, row.name, role, []]);
      }
    }
  });
});

describe('score --map input bytes', () => {
  it('refuses an export that is not UTF-8 instead of reading U+FFFD, and reads one with a BOM', () => {
    // "Tomás" in Windows-1252: 0xE1 alone is not UTF-8.
    const latin = Buffer.from(
      wyscoutSearch().replace(/[\u0080-\uffff]/g, (c) => (c === 'á' ? '\u0001' : c)),
      'utf8',
    );
    for (let i = 0; i < latin.length; i++) if (latin[i] === 1) latin[i] = 0xe1;
    writeFileSync(at('latin1.csv'), latin);
    const r = runBuiltSync(['score', at('latin1.csv'), '--map', 'wyscout-search', '--out', at('bad.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^halfspace score: ${at('latin1.csv').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: line 2: byte offset \\d+ \\(0xE1\\) is not valid UTF-8; if the file is in another encoding, give --encoding latin1, windows-1252 or utf-16le\n$`,
      ),
    );
    expect(existsSync(at('bad.csv'))).toBe(false);
    // The same bytes read as Windows-1252 give Tomás back.
    const decoded = runBuiltSync([
      'score',
      at('latin1.csv'),
      '--map',
      'wyscout-search',
      '--encoding',
      'windows-1252',
      '--out',
      at('latin1.arrow'),
      '--as-of',
      '2025-06-01',
      '--json',
    ]);
    expect(decoded.code, decoded.stderr).toBe(0);
    expect(JSON.parse(decoded.stdout).map_inputs).toEqual([
      { file: at('latin1.csv'), encoding: 'windows-1252', bom: false, delimiter: ',', delimiter_source: 'detected' },
    ]);
    expect(byName(rowsOf(at('latin1.arrow')), 'Tomás Rivera').xg).toBe(8.5);
    writeFileSync(at('bom.csv'), `\ufeff${wyscoutSearch()}`);
    const ok = runBuiltSync([
      'score',
      at('bom.csv'),
      '--map',
      'wyscout-search',
      '--out',
      at('bom.arrow'),
      '--as-of',
      '2025-06-01',
    ]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(byName(rowsOf(at('bom.arrow')), 'Tomás Rivera').xg).toBe(8.5);
  });
});

describe('score --map wyscout-search', () => {
  it('converts per-90 and percentage columns back to totals, reports the rounding and ranks xG', () => {
    const r = runBuiltSync([
      'score',
      at('wyscout.csv'),
      '--map',
      'wyscout-search',
      '--out',
      at('wy.arrow'),
      '--as-of',
      '2025-06-01',
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.stdout);
    // Hand-worked in export-samples.ts: 406.5 → 407 (0.5), 22.2 → 22 (0.2), 6.6 → 7 (0.4); every other conversion is whole.
    expect(summary.map.rounded).toEqual({
      passes_completed: { rows: 1, max_difference: 0.5 },
      crosses: { rows: 1, max_difference: 0.2 },
      crosses_completed: { rows: 1, max_difference: 0.4 },
    });
    expect(summary.map.positions).toEqual({ 'CF, LWF': 'CF', GK: 'GK', 'RCB, CB': 'CB', LAMF: 'LW' });
    const rows = rowsOf(at('wy.arrow'));
    expect(byName(rows, 'Tomás Rivera')).toMatchObject({
      team: 'Deportivo Norte',
      position_group: 'attacker',
      minutes: 1800,
      goals: 10,
      shots: 50,
      shots_on_target: 21,
      passes: 500,
      passes_completed: 407,
      crosses: 22,
      crosses_completed: 7,
      dribbles: 30,
      aerials_won: 10,
      duels_won: 90,
      interceptions: 10,
      shots_blocked: 2,
      long_balls: 30,
      key_passes: 16,
      xg: 8.5,
      xg_per90: 0.425,
      fee_tier: 'T2',
    });
    // Attackers {Tomás 0.425, Paul 2.0 × 90 / 900 = 0.2}: Tomás 75, Paul 25. Progressive passes 3.5 per 90 → 70 in total → 3.5 per 90 again.
    expect(byName(rows, 'Tomás Rivera').xg_per90_percentile).toBe(75);
    expect(byName(rows, 'Paul Dorn')).toMatchObject({
      position: 'LW',
      xg_per90: 0.2,
      xg_per90_percentile: 25,
      dribbles: 20,
      shots_on_target: 7,
    });
    // Completed progressive passes (our definition): 3.5 attempted per 90 × 1,800 / 90 = 70, 80 % of them → 56, 2.8 per 90.
    expect(byName(rows, 'Tomás Rivera').progressive_passes).toBeCloseTo(56, 9);
    expect(byName(rows, 'Tomás Rivera').progressive_passes_per90).toBeCloseTo(2.8, 9);
    // Goalkeeper: 75 % of 120 shots against = 90 saves; goals prevented may be negative.
    expect(byName(rows, 'Iker Soto')).toMatchObject({
      saves: 90,
      goals_conceded: 30,
      clean_sheets: 10,
      prevented_goals: -2.5,
    });
  });
});

describe('score --map with a map file', () => {
  it('validates the map and prints one line naming the map file and the key (exit 2)', () => {
    writeFileSync(at('bad-map.json'), JSON.stringify({ extends: 'fbref', per90: { 'Per 90 Minutes/Gls': 'goal' } }));
    const r = runBuiltSync(['score', at('standard.csv'), '--map', at('bad-map.json'), '--out', at('bad.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^halfspace score: ${at('bad-map.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: key per90\\.Per 90 Minutes/Gls: `,
      ),
    );
  });

  it('extends a preset with the season and league the export lacks', () => {
    writeFileSync(
      at('pl.json'),
      JSON.stringify({ extends: 'fbref', values: { league: 'Premier League', season: '2024/25' } }),
    );
    const r = runBuiltSync(['score', at('standard.csv'), '--map', at('pl.json'), '--out', at('pl.arrow'), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map.defaults).toEqual({});
    expect(byName(rowsOf(at('pl.arrow')), 'Ana Alves')).toMatchObject({ league: 'Premier League', season: '2024/25' });
  });

  it('still refuses an unknown column of a plain season CSV without --map', () => {
    const r = runBuiltSync(['score', at('standard.csv'), '--out', at('bad.csv')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown column/);
  });
});
