import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { Engine } from '../../src/engine.js';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';
import { smallLeague } from '../helpers/small-league.js';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'halfspace-standings-cli-'));
  datasetToDir(smallLeague(), dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('halfspace standings (built binary)', () => {
  it('--json prints exactly the engine JSON', () => {
    const r = runBuiltSync([
      'standings',
      '--league',
      'erste liga',
      '--as-of',
      '2025-08-17',
      '--dataset',
      dir,
      '--json',
    ]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const engine = Engine.open({ dataset: dir }).standings({ league: 'erste liga', as_of: '2025-08-17' });
    expect(engine.ok).toBe(true);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(engine.ok && engine.value)));
  });

  it('prints an aligned table: position, club, P W D L GF GA GD Pts, form', () => {
    const r = runBuiltSync(['standings', '--league', '1', '--season', '2025/26', '--dataset', dir]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Erste Liga 2025/26, rounds 1–5 only, as of 2026-03-01 (6 of 10 fixtures counted)');
    const table = lines.slice(2, 7);
    expect(table[0]).toMatch(/^Pos {2}Club +P +W +D +L +GF +GA +GD +Pts {2}Form \(newest first\)$/);
    // The table after round 3 (test/helpers/small-league.ts), one row per club.
    expect(
      table.slice(1).map((l) =>
        l
          .trim()
          .split(/\s{2,}|\s(?=[\d+-])/)
          .filter(Boolean),
      ),
    ).toEqual([
      ['1', 'FC Nordhafen', '3', '2', '1', '0', '5', '3', '+2', '7', 'DWW'],
      ['2', 'Sporting Lindau', '3', '1', '1', '1', '6', '4', '+2', '4', 'DWL'],
      ['3', 'Alpenau SV', '3', '0', '2', '1', '3', '4', '-1', '2', 'DLD'],
      ['4', 'Nordhafen Rovers', '3', '0', '2', '1', '1', '4', '-3', '2', 'DLD'],
    ]);
    // Aligned: numbers are right-aligned under their headers and the form starts under "Form" in every row.
    const [header, ...body] = table;
    const endOf = (label: string) => header.indexOf(` ${label} `) + label.length + 1;
    for (const line of body) {
      expect(line.slice(header.indexOf('Form'))).toMatch(/^[WDL]{3}$/);
      expect(line.slice(endOf('GD') - 4, endOf('GD')).trim()).toMatch(/^[+-]\d$/);
      expect(line.slice(endOf('P') - 3, endOf('P'))).toBe('  3');
    }
  });

  it('bad input: exit code 2 and exactly one line on stderr', () => {
    const cases: [string[], RegExp][] = [
      [['standings', '--league', 'Nowhere Premier Division'], /^halfspace standings: league_not_found: /],
      [
        ['standings', '--league', 'erste liga', '--season', '1999/00'],
        /^halfspace standings: season_not_found: .*did you mean: 2025\/26/,
      ],
      [
        ['standings', '--league', 'erste liga', '--as-of', '2025-02-30'],
        /^halfspace standings: invalid_request: as_of: /,
      ],
      [['standings', '--league', 'pokal'], /^halfspace standings: invalid_request: league: Pokal is a cup/],
      [
        ['standings'],
        /^halfspace standings: invalid_request: league: the dataset holds 2 competitions \(Erste Liga, [^)]+\); name one/,
      ],
      [['standings', '--league', '99'], /^halfspace standings: league_not_found: no league with league_id 99/],
    ];
    for (const [argv, pattern] of cases) {
      const r = runBuiltSync([...argv, '--dataset', dir]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n').filter(Boolean), argv.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(pattern);
    }
  });
});
