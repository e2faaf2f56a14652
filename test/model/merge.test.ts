/*
 * mergeDatasets (docs/merging.md) on hand-built datasets: provenance in meta.sources, attribution
 * lines combined, id collisions across providers refused with the ids named or namespaced, one
 * provider's shared entities merged (a player's club row kept over his tournament row), and a
 * season given twice with different numbers refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/model/dataset-error.js';
import { mergeDatasets, NAMESPACE_STRIDE } from '../../src/merge/merge.js';
import { providerMetricsOf, withProviderMetrics } from '../../src/model/provider-metrics.js';
import { rowsOf, tableFromRows, type Dataset, type RowOf } from '../../src/model/schema.js';
import { emptyTotals } from '../../src/providers/counting-totals.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const withMeta = (ds: Dataset, attribution: string, name: string): Dataset => ({
  ...ds,
  meta: { ...ds.meta, name, attribution, synthetic: false },
});

/** A one-match tournament of the same provider as `club`: national team 90, player 1 and 3 playing. */
function tournament(attribution: string): Dataset {
  const ps = (player_id: number): Partial<RowOf<'player_seasons'>> => ({
    player_id,
    season_id: 300,
    team_id: 90,
    league_id: 28,
    appearances: 1,
    starts: 1,
    minutes: 90,
    rating: null,
    ...emptyTotals(),
  });
  const club = tinyDataset();
  const players = rowsOf(club.tables.players, 'players')
    .filter((p) => p.player_id === 1 || p.player_id === 3)
    .map((p) => ({ ...p, team_id: 90, market_value_eur: null, height_cm: p.player_id === 3 ? 190 : p.height_cm }));
  return {
    meta: { name: 'cup', as_of: '2026-07-20', source: 'cup feed', synthetic: false, attribution },
    tables: {
      leagues: tableFromRows('leagues', [
        { league_id: 28, name: 'World Cup', country: null, tier: 1, kind: 'international' },
      ]),
      seasons: tableFromRows('seasons', [
        { season_id: 300, league_id: 28, name: '2026', start_date: '2026-06-11', end_date: '2026-07-19' },
      ]),
      teams: tableFromRows('teams', [{ team_id: 90, name: 'Germany', league_id: 28 }]),
      players: tableFromRows('players', players),
      player_seasons: tableFromRows('player_seasons', [ps(1), ps(3)]),
      fixtures: tableFromRows('fixtures', []),
    },
  };
}

describe('mergeDatasets', () => {
  it('refuses ids shared across providers, naming them, and namespaces them under the flag', () => {
    const a = withMeta(tinyDataset(), 'Data: A', 'a');
    const b = withMeta(tinyDataset(), 'Data: B', 'b');
    const inputs = [
      { label: 'a-dir', dataset: a },
      { label: 'b-dir', dataset: b },
    ];
    expect(() => mergeDatasets(inputs)).toThrow(DatasetError);
    expect(() => mergeDatasets(inputs)).toThrow(/players ids 1, 2, 3, 4, 5, 6, 7 \(a-dir \/ b-dir\).*--namespace/);
    expect(() => mergeDatasets(inputs)).toThrow(/leagues ids 1 .*teams ids 10, 11/);

    const merged = mergeDatasets(inputs, { namespace: true });
    expect(merged.tables.players.numRows).toBe(14);
    expect(merged.tables.player_seasons.numRows).toBe(2 * a.tables.player_seasons.numRows);
    const ids = rowsOf(merged.tables.players, 'players').map((p) => p.player_id);
    expect(ids).toContain(1);
    expect(ids).toContain(NAMESPACE_STRIDE + 1);
    // Every foreign key moved with its ids: player NAMESPACE_STRIDE + 1 plays for team NAMESPACE_STRIDE + 10.
    const moved = rowsOf(merged.tables.players, 'players').find((p) => p.player_id === NAMESPACE_STRIDE + 1)!;
    expect(moved.team_id).toBe(NAMESPACE_STRIDE + 10);
    expect(merged.meta.attribution).toBe('Data: A; Data: B');
    expect(merged.meta.sources!.map((s) => [s.name, s.id_offset, s.league_ids])).toEqual([
      ['a', 0, [1]],
      ['b', NAMESPACE_STRIDE, [NAMESPACE_STRIDE + 1]],
    ]);
  });

  it('keeps one player per id within a provider: his club row, filled from his tournament row', () => {
    const club = withMeta(tinyDataset(), 'Data: P', 'club');
    const merged = mergeDatasets([
      { label: 'club', dataset: club },
      { label: 'cup', dataset: tournament('Data: P') },
    ]);
    const players = rowsOf(merged.tables.players, 'players');
    expect(players).toHaveLength(7);
    const p1 = players.find((p) => p.player_id === 1)!;
    expect(p1.team_id).toBe(10);
    expect(p1.market_value_eur).toBe(45_000_000);
    // Player 3's height is only in the tournament dataset: filled from it.
    expect(players.find((p) => p.player_id === 3)!.height_cm).toBe(190);
    const seasonsOf1 = rowsOf(merged.tables.player_seasons, 'player_seasons').filter((r) => r.player_id === 1);
    expect(seasonsOf1.map((r) => r.league_id).sort()).toEqual([1, 28]);
    expect(merged.meta.as_of).toBe('2026-07-20');
    expect(merged.meta.attribution).toBe('Data: P');
    expect(merged.meta.sources!.map((s) => s.league_ids)).toEqual([[1], [28]]);
  });

  it('refuses one season given twice with different numbers, and keeps an identical one once', () => {
    const a = tinyDataset();
    const b = tinyDataset({ 1: { goals: 10 } });
    expect(() =>
      mergeDatasets([
        { label: 'a', dataset: a },
        { label: 'b', dataset: b },
      ]),
    ).toThrow(/player_id \+ season_id \+ team_id 1:100:10 is in a and b with different values/);
    const twice = mergeDatasets([
      { label: 'a', dataset: a },
      { label: 'a again', dataset: tinyDataset() },
    ]);
    for (const name of ['players', 'player_seasons', 'fixtures', 'teams'] as const)
      expect(rowsOf(twice.tables[name]), name).toEqual(rowsOf(a.tables[name]));
  });

  it('never loses or invents a row: namespaced merges of any inputs have the sum of their rows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), (n) => {
        const inputs = Array.from({ length: n }, (_, i) => ({
          label: `d${i}`,
          dataset: withMeta(tinyDataset(), `Data: ${i}`, `d${i}`),
        }));
        const merged = mergeDatasets(inputs, { namespace: true });
        for (const name of ['players', 'player_seasons', 'fixtures', 'teams', 'leagues', 'seasons'] as const)
          expect(merged.tables[name].numRows).toBe(n * inputs[0].dataset.tables[name].numRows);
        expect(new Set(merged.meta.sources!.map((s) => s.id_offset)).size).toBe(n);
      }),
      { numRuns: 6 },
    );
  });

  it('keeps every shot and every provider metric; a row without a metric has none (null, never 0)', () => {
    const shot = (player_id: number, minute: number) => ({
      fixture_id: 1000,
      player_id,
      team_id: 10,
      minute,
      x: 0.9,
      y: 0.5,
      body_part: 'foot',
      situation: 'open_play',
      xg: 0.3,
      xg_source: 'model',
      outcome: 'goal',
    });
    const base = withMeta(tinyDataset(), 'Data: P', 'club');
    const club = withProviderMetrics(
      { ...base, tables: { ...base.tables, shots: tableFromRows('shots', [shot(1, 12), shot(1, 80)]) } },
      [{ spec: { key: 'gca', label: 'GCA' }, totals: Float64Array.from({ length: 7 }, (_, i) => i + 0.5) }],
    );
    const cup = withProviderMetrics(tournament('Data: P'), [
      { spec: { key: 'gca', label: 'Goal-creating actions' }, totals: Float64Array.of(4, 6) },
      { spec: { key: 'touches_box', label: 'Touches in box' }, totals: Float64Array.of(9, Number.NaN) },
    ]);
    const merged = mergeDatasets([
      { label: 'club', dataset: club },
      { label: 'cup', dataset: cup },
    ]);
    expect(rowsOf(merged.tables.shots!, 'shots').map((r) => r.minute)).toEqual([12, 80]);
    // One key is one meaning: the first input's label is kept.
    expect(providerMetricsOf(merged)).toEqual([
      { key: 'gca', label: 'GCA' },
      { key: 'touches_box', label: 'Touches in box' },
    ]);
    const rows = rowsOf(merged.tables.player_seasons) as Record<string, unknown>[];
    const cupRow = (id: number) => rows.find((r) => r.player_id === id && r.season_id === 300)!;
    expect(cupRow(1).gca).toBe(4);
    expect(cupRow(1).touches_box).toBe(9);
    expect(cupRow(3).touches_box).toBeNull();
    const clubRows = rows.filter((r) => r.season_id === 100);
    expect(clubRows.map((r) => r.gca).sort()).toEqual([0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5]);
    expect(clubRows.every((r) => r.touches_box === null)).toBe(true);
  });

  it('refuses fewer than two inputs', () => {
    expect(() => mergeDatasets([{ label: 'a', dataset: tinyDataset() }])).toThrow(/at least two/);
  });
});
