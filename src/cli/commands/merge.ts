import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { datasetFromDir } from '../../io/load.js';
import { mergeDatasets } from '../../merge/merge.js';
import { datasetToDir } from '../../io/save.js';
import { UsageError, defineCommand } from '../run.js';
import { assertReplaceable, rowCountsText, tableRowsOf } from '../shared.js';
import { jsonOut } from '../json-out.js';

/**
 * `halfspace merge <dataset-dir> <dataset-dir>… --out <dir>`: one dataset from several, from any
 * provider (docs/merging.md). Ids shared across providers are refused, naming them, unless
 * `--namespace` moves each provider's ids apart.
 */
export const mergeCommand = defineCommand({
  usage: 'merge <dataset-dir> <dataset-dir>… --out <dataset-dir> [--namespace] [--name NAME] [--json]',
  options: {
    out: { type: 'string' },
    namespace: { type: 'boolean', default: false },
    name: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  positionals: true,
  run({ values, positionals, io }) {
    if (positionals.length < 2) throw new UsageError(`give at least two dataset folders (got ${positionals.length})`);
    const out = values.out;
    if (!out) throw new UsageError('give --out <dataset-dir>');
    for (const dir of positionals) {
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a folder`);
      if (resolve(dir) === resolve(out)) throw new UsageError('--out must differ from every input');
    }
    assertReplaceable(out);
    const inputs = positionals.map((dir) => ({ label: dir, dataset: datasetFromDir(dir) }));
    const dataset = mergeDatasets(inputs, { namespace: values.namespace === true, name: values.name });
    datasetToDir(dataset, out);
    const tables = tableRowsOf(dataset);
    const sources = dataset.meta.sources ?? [];
    if (values.json)
      return void io.stdout(jsonOut({ out, tables, sources, attribution: dataset.meta.attribution ?? null }));
    const lines = sources.map(
      (s) =>
        `  ${s.name}: leagues ${s.league_ids.join(', ')}${s.id_offset ? ` (ids + ${s.id_offset.toLocaleString('en-US')})` : ''}`,
    );
    io.stdout(
      `wrote ${out}: ${sources.length} sources merged\n  ${rowCountsText(dataset)} rows\n${lines.join('\n')}\n` +
        (dataset.meta.attribution ? `  ${dataset.meta.attribution}\n` : ''),
    );
  },
});
