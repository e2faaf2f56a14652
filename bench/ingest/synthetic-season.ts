/**
 * A seeded synthetic season table for the scoring bench: 20 leagues × 20 clubs, one season, one
 * row per player with plausible per-90 rates (not calibrated; only its size and shape matter).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { COUNTING_COLUMNS, POSITION_CODES } from '../../src/model/schema.js';
import { METRIC_KEYS, METRICS } from '../../src/stats/metrics.js';
import { mulberry32 } from '../../src/event-models/xg-fit.js';

/** Seed of the bench table. */
export const SYNTHETIC_SEED = 20150822;

/** Writes the synthetic season table: 20 leagues × 20 teams, one season, one row per player. */
export function writeSyntheticSeasonCsv(path: string, rows: number): void {
  const rand = mulberry32(SYNTHETIC_SEED); // the same table on every run
  const header = [
    'player_id',
    'name',
    'position',
    'team',
    'league',
    'season',
    'appearances',
    'starts',
    'minutes',
    'birth_date',
    'market_value_eur',
    // The classic counts only: the event-value columns are optional in a season table (left out = null).
    ...COUNTING_COLUMNS.slice(0, COUNTING_COLUMNS.indexOf('punches') + 1),
  ];
  const chunks: string[] = [header.join(',')];
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const league = 1 + Math.floor(rand() * 20);
    const team = `Club ${league}-${1 + Math.floor(rand() * 20)}`;
    const position = POSITION_CODES[Math.floor(rand() * POSITION_CODES.length)];
    const minutes = Math.round(rand() * 3400);
    const apps = Math.max(minutes > 0 ? 1 : 0, Math.ceil(minutes / 85));
    const f = minutes / 90;
    const count = (rate: number) => Math.round(rand() * 2 * rate * f);
    const passes = count(40);
    const crosses = count(1.5);
    const totals = [
      count(0.3),
      count(0.2),
      count(2),
      count(0.8),
      count(0.3),
      count(1),
      passes,
      Math.round(passes * (0.6 + 0.3 * rand())),
      count(5),
      crosses,
      Math.round(crosses * rand() * 0.5),
      count(1),
      count(2),
      count(1),
      count(2),
      count(0.4),
      count(1.5),
      count(4),
      count(4),
      position === 'GK' ? count(3) : 0,
      count(1.3),
      0,
      position === 'GK' ? count(0.5) : 0,
    ];
    const year = 1990 + Math.floor(rand() * 17);
    const birth = `${year}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    lines.push(
      [
        i + 1,
        `Player ${i + 1}`,
        position,
        team,
        `League ${league}`,
        '2025/26',
        apps,
        Math.floor(apps * rand()),
        minutes,
        birth,
        Math.round(rand() * 80) * 1_000_000,
        ...totals,
      ].join(','),
    );
    if (lines.length === 50_000) {
      chunks.push(lines.join('\n'));
      lines.length = 0;
    }
  }
  if (lines.length) chunks.push(lines.join('\n'));
  writeFileSync(path, `${chunks.join('\n')}\n`);
}

/**
 * DuckDB's select expressions for the 21 per-90 values and 2 accuracy percentages of a season CSV,
 * the baselines' share of what `score` derives. A metric whose totals the CSV lacks (the event
 * values: xG, progression, …) is null on our side, so DuckDB gets a typed null column for it.
 */
export function per90SqlOf(csvPath: string): string[] {
  const header = new Set(readFileSync(csvPath, 'utf8').split('\n', 1)[0].split(','));
  return METRIC_KEYS.filter((k) => METRICS[k].kind !== 'rating').map((k) => {
    const d = METRICS[k];
    if (d.kind === 'per90' && header.has(d.total))
      return `CASE WHEN minutes >= 90 THEN ${d.total} * 90.0 / minutes END AS ${k}`;
    if (d.kind === 'pct' && header.has(d.attempted) && header.has(d.completed))
      return `CASE WHEN ${d.attempted} > 0 THEN 100.0 * ${d.completed} / ${d.attempted} END AS ${k}`;
    return `CAST(NULL AS DOUBLE) AS ${k}`;
  });
}
