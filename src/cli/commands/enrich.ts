import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { enrichPlayers, enrichTeams, TEAM_TARGETS, VALUE_TARGETS, type EnrichReport } from '../../identity/enrich.js';
import { enrichRecordsOf, mapOf } from '../../io/enrich-file.js';
import { datasetFromDir } from '../../io/load.js';
import { datasetToDir } from '../../io/save.js';
import type { Dataset } from '../../model/schema.js';
import { UsageError, defineCommand } from '../run.js';
import { assertReplaceable } from '../shared.js';
import { jsonOut } from '../json-out.js';

/** One report as text lines. */
function reportLines(what: string, file: string, r: EnrichReport): string[] {
  return [
    `  ${what} from ${file}: ${r.records} records, ${r.matched} matched, ${r.ambiguous} ambiguous, ${r.unmatched} unmatched`,
    ...r.problems.slice(0, 10).map((p) => `    line ${p.line}: ${p.kind}, ${p.reason}`),
    ...(r.problems.length > 10 ? [`    … ${r.ambiguous + r.unmatched - 10} more (--json lists up to 50 of each)`] : []),
  ];
}

/**
 * `halfspace enrich <dataset-dir> --values FILE [--map …] [--teams FILE] --out <dir>`: joins a
 * user's market values (and height, foot) onto the players, and colours and short names onto the
 * teams (docs/enrich.md). Never guesses: ambiguous and unmatched records are counted and listed.
 */
export const enrichCommand = defineCommand({
  usage:
    'enrich <dataset-dir> (--values FILE.csv|.parquet [--map target=Column,…|FILE.json] | --teams FILE.csv|.parquet [--teams-map …]) --out <dataset-dir> [--json]',
  options: {
    values: { type: 'string' },
    map: { type: 'string' },
    teams: { type: 'string' },
    'teams-map': { type: 'string' },
    out: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  positionals: true,
  run({ values, positionals, io }) {
    if (positionals.length !== 1) throw new UsageError(`give exactly one dataset folder (got ${positionals.length})`);
    const from = positionals[0];
    const out = values.out;
    if (!out) throw new UsageError('give --out <dataset-dir>');
    if (!existsSync(from) || !statSync(from).isDirectory()) throw new UsageError(`${from} is not a folder`);
    if (resolve(from) === resolve(out)) throw new UsageError('--out must differ from the dataset folder');
    const valuesFile = values.values;
    const teamsFile = values.teams;
    if (!valuesFile && !teamsFile) throw new UsageError('give --values FILE and/or --teams FILE');
    if (values.map !== undefined && !valuesFile) throw new UsageError('--map goes with --values');
    if (values['teams-map'] !== undefined && !teamsFile) throw new UsageError('--teams-map goes with --teams');
    assertReplaceable(out);
    let dataset: Dataset = datasetFromDir(from);
    const reports: { values?: EnrichReport; teams?: EnrichReport } = {};
    if (valuesFile) {
      const map = values.map === undefined ? {} : mapOf(values.map, VALUE_TARGETS);
      const records = enrichRecordsOf(
        valuesFile,
        VALUE_TARGETS,
        map,
        [['player_id'], ['name', 'birth_date']],
        ['market_value_eur', 'height_cm', 'preferred_foot', 'contract_end_date'],
      );
      ({ dataset, report: reports.values } = enrichPlayers(dataset, records, valuesFile));
    }
    if (teamsFile) {
      const map = values['teams-map'] === undefined ? {} : mapOf(values['teams-map'], TEAM_TARGETS);
      const records = enrichRecordsOf(
        teamsFile,
        TEAM_TARGETS,
        map,
        [['team_id'], ['name']],
        ['short_name', 'primary_color', 'secondary_color'],
      );
      ({ dataset, report: reports.teams } = enrichTeams(dataset, records, teamsFile));
    }
    datasetToDir(dataset, out);
    if (values.json) return void io.stdout(jsonOut({ out, ...reports }));
    io.stdout(
      `${[
        `wrote ${out}`,
        ...(reports.values ? reportLines('players', valuesFile!, reports.values) : []),
        ...(reports.teams ? reportLines('teams', teamsFile!, reports.teams) : []),
      ].join('\n')}\n`,
    );
  },
});
