/**
 * `npm run model:xg [-- --real DIR --check]`: refits the xG model and the xT grid from the real
 * open data (default ../shared/real beside the repository) and writes `src/event-models/xg-model.json`,
 * `src/event-models/xt-grid.json` and the training report `docs/methodology/xg-training.md`. With
 * `--check` it writes nothing and exits 1 when a refit differs from the shipped files by a byte.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageRoot } from '../../io/paths.js';
import { fitModels } from './fit-models.js';
import { trainingReportOf } from './report.js';

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const root = packageRoot();
const real = resolve(argValue('--real') ?? join(root, '..', 'shared', 'real'));
if (!existsSync(join(real, 'wyscout', 'events'))) {
  process.stderr.write(`model:xg: no Wyscout events under ${real} (pass --real DIR)\n`);
  process.exit(2);
}
const check = process.argv.includes('--check');
const out = fitModels(real, (line) => process.stdout.write(`${line}\n`));
const files: [string, string][] = [
  [join(root, 'src', 'event-models', 'xg-model.json'), out.xgModelJson],
  [join(root, 'src', 'event-models', 'xt-grid.json'), out.xtGridJson],
  [join(root, 'docs', 'methodology', 'xg-training.md'), trainingReportOf(out.reportInput)],
];
let differs = 0;
for (const [path, text] of files) {
  const same = existsSync(path) && readFileSync(path, 'utf8') === text;
  if (check) {
    process.stdout.write(`${same ? 'same' : 'DIFFERS'}: ${path}\n`);
    if (!same) differs++;
  } else if (!same) writeFileSync(path, text);
}
process.stdout.write(
  `fit time: xG ${out.xgFitMs.toFixed(0)} ms (final fit on ${out.shots} shots), xT ${out.xtFitMs.toFixed(0)} ms; read ${out.readMs.toFixed(0)} ms\n`,
);
if (differs) process.exit(1);
