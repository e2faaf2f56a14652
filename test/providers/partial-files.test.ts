/*
 * Partial files are honest (docs/providers.md#partial-files): the Opta F24 and Sportec samples in
 * ../shared/real/providers hold only part of their match (67 and 28 events, their README says), so
 * their datasets carry no possession and no column a partial stream cannot support, the coverage
 * names each, and the report says so per period. A whole match beside a partial one of the same
 * feed keeps its own numbers. Skipped, saying why, when the samples are absent.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowsOf, type Dataset } from '../../src/model/schema.js';
import { PARTIAL_MATCH_UNSUPPORTED } from '../../src/providers/event-feed-dataset.js';
import { feedFilesOf } from '../../src/providers/feed-format.js';
import { datasetFromOptaMatches, optaMatchesFromFiles, type OptaMatchReport } from '../../src/providers/opta/index.js';
import { datasetFromSportecFiles } from '../../src/providers/sportec/index.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('providers');
const present = realDataPresent('partial-file tests', ...['opta', 'sportec', 'statsperform'].map((d) => join(REAL, d)));

const files = (...paths: string[]) => feedFilesOf(paths.map((p) => join(REAL, p))).files;

/** The dataset's possession columns and the unsupported counting columns are null everywhere, each with a coverage note. */
function expectNothingExtrapolated(dataset: Dataset): void {
  const fixtures = rowsOf(dataset.tables.fixtures, 'fixtures');
  expect(fixtures.every((f) => f.home_possession === null && f.away_possession === null)).toBe(true);
  const appearances = rowsOf(dataset.tables.appearances!, 'appearances');
  expect(appearances.length).toBeGreaterThan(0);
  expect(appearances.every((a) => a.team_possession === null)).toBe(true);
  const seasons = rowsOf(dataset.tables.player_seasons, 'player_seasons');
  for (const c of PARTIAL_MATCH_UNSUPPORTED) {
    expect(
      seasons.every((s) => s[c] === null),
      `${c} must be null`,
    ).toBe(true);
    // A column the feed never provides (Sportec's clearances_padj) keeps the feed's own note.
    expect(dataset.meta.coverage?.[`player_seasons.${c}`], c).toMatch(/partial|no clearance event/);
  }
  expect(dataset.meta.coverage?.['fixtures.home_possession']).toMatch(/null for a partial match/);
  expect(dataset.meta.coverage?.['appearances.team_possession']).toMatch(/null for a partial match/);
  // What the events do hold is still counted: minutes from the lineups, the shots present.
  expect(seasons.some((s) => s.minutes > 0)).toBe(true);
}

/** The report of a partial match: events per period, marked partial, the absent metrics named. */
function expectReportedPartial(r: OptaMatchReport, eventsPerPeriod: number[]): void {
  expect(r.whole).toBe(false);
  expect(r.periods.map((p) => p.events)).toEqual(eventsPerPeriod);
  expect(r.missing.join('; ')).toMatch(/not computed: possession/);
}

describe.skipIf(!present)('partial files', () => {
  it('Opta F24 (67 events): no possession, goals conceded, clean sheets or PAdj; the report counts each period', () => {
    const { matches } = optaMatchesFromFiles(files('opta/opta_f7.xml', 'opta/opta_f24.xml'));
    const { dataset, report } = datasetFromOptaMatches(matches);
    // The F24 sample's periods as the file holds them (README: 67 events in all).
    expectReportedPartial(report[0]!, [21, 24, 5, 5, 5]);
    expect(report[0]!.events).toBe(67);
    expectNothingExtrapolated(dataset);
  });

  it('Sportec (partial events): the same, and the report names the player whose substitution is absent', () => {
    const { dataset, report } = datasetFromSportecFiles(files('sportec'));
    expectReportedPartial(report[0]!, [23, 4]);
    expect(report[0]!.missing.join('; ')).toMatch(/without starting or coming on/);
    expectNothingExtrapolated(dataset);
  });

  it('a whole match keeps its possession and columns beside a partial one; the coverage says which count whole matches only', () => {
    const [whole] = optaMatchesFromFiles(
      files('statsperform/statsperform_event_ma3.json', 'statsperform/statsperform_event_ma1.json'),
    ).matches;
    // The same match cut after its first 200 events, as a second fixture: a partial file of the same feed.
    const cut = {
      ...whole!,
      fixtureId: whole!.fixtureId + 1,
      kickoff: whole!.kickoff + 1,
      events: whole!.events.slice(0, 200),
    };
    const alone = datasetFromOptaMatches([whole!]).dataset;
    const { dataset, report } = datasetFromOptaMatches([whole!, cut]);
    expect(report.map((r) => r.whole)).toEqual([true, false]);

    const fixtures = rowsOf(dataset.tables.fixtures, 'fixtures');
    const wholeRow = fixtures.find((f) => f.fixture_id === whole!.fixtureId)!;
    const cutRow = fixtures.find((f) => f.fixture_id === cut.fixtureId)!;
    expect(wholeRow.home_possession! + wholeRow.away_possession!).toBeCloseTo(100, 6);
    expect(cutRow.home_possession).toBeNull();
    expect(
      rowsOf(dataset.tables.appearances!, 'appearances')
        .filter((a) => a.fixture_id === cut.fixtureId)
        .every((a) => a.team_possession === null),
    ).toBe(true);

    // The columns a partial match cannot support sum the whole match alone: the cut one adds nothing.
    const byPlayer = (d: Dataset) =>
      new Map(rowsOf(d.tables.player_seasons, 'player_seasons').map((s) => [`${s.player_id}:${s.team_id}`, s]));
    const mixed = byPlayer(dataset);
    for (const [key, s] of byPlayer(alone))
      for (const c of PARTIAL_MATCH_UNSUPPORTED) expect(mixed.get(key)![c], `${key} ${c}`).toBe(s[c]);
    // Sandhausen conceded twice in the 2–1 (README): no player conceded more, whatever the cut match holds.
    expect(Math.max(...[...mixed.values()].map((s) => s.goals_conceded ?? 0))).toBe(2);
    expect(dataset.meta.coverage?.['player_seasons.clean_sheets']).toMatch(
      /counted from whole matches only: 1 partial match/,
    );
  });
});
