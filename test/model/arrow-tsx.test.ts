/**
 * The library imports apache-arrow as an ES module, as a user's script does, so under the tsx
 * loader too the user's `import 'apache-arrow'` is the library's own copy
 * (docs/design.md#arrow-loading): a script run by tsx writes the very files it writes under plain
 * node, and the tables it gets back are of its own apache-arrow.
 */
import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../helpers/built-cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'halfspace-tsx-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// Plain JavaScript, so plain node runs the very same text; tsx runs it as TypeScript (script.ts).
const SCRIPT = `import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Table, tableFromIPC } from 'apache-arrow';
import { datasetFromDir, datasetToDir, Engine, scoreTableOf, tableToFile, withProviderMetrics } from 'halfspace';

const [demo, out] = process.argv.slice(2);
const meta = JSON.parse(readFileSync(join(demo, 'dataset.json'), 'utf8'));
const tables = {};
for (const f of readdirSync(demo)) if (f.endsWith('.arrow')) tables[f.slice(0, -6)] = tableFromIPC(readFileSync(join(demo, f)));
const dataset = { meta, tables };
datasetToDir(dataset, join(out, 'dataset'));
await tableToFile(scoreTableOf(dataset), join(out, 'scores.parquet'), 'parquet');
const totals = Float64Array.from({ length: tables.player_seasons.numRows }, (_, i) => i % 7);
const withMetric = withProviderMetrics(dataset, [{ spec: { key: 'prog_carries', label: 'Progressive carries' }, totals }]);
await tableToFile(withMetric.tables.player_seasons, join(out, 'player_seasons.arrow'), 'arrow');
// Fixtures without their last two columns (possession): the engine adds them, all null, beside the user's table.
const fixtures = tables.fixtures.selectAt([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
const engine = Engine.open({ dataset: { meta, tables: { ...tables, fixtures } } });
const returned = datasetFromDir(join(out, 'dataset')).tables.leagues;
console.log(JSON.stringify({
  usersCopy: Object.getPrototypeOf(returned) === Table.prototype,
  fixtures: fixtures.numRows,
  dropped: fixtures.getChild('home_possession') === null,
  possessionNulls: engine.dataset.tables.fixtures.getChild('home_possession').nullCount,
  scouting: engine.scouting({ name: 'Bilal Trabelsi' }),
}));
`;

/** Every file under `dir`, by path relative to it, with its bytes. */
function filesOf(dir: string, at = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(join(dir, at), { withFileTypes: true })) {
    const path = join(at, e.name);
    if (e.isDirectory()) for (const [p, b] of filesOf(dir, path)) out.set(p, b);
    else out.set(path, readFileSync(join(dir, path)));
  }
  return out;
}

/** Runs `args` in the user's project; its JSON line and what it wrote to `out`. */
function run(command: string, args: string[], out: string) {
  const r = spawnSync(command, [...args, join(ROOT, 'data', 'demo'), out], {
    cwd: join(tmp, 'project'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr, command).toBe('');
  expect(r.status, command).toBe(0);
  return { result: JSON.parse(r.stdout), files: filesOf(out) };
}

beforeAll(() => {
  ensureBuilt();
  // A user's project: halfspace (this repository, built) and apache-arrow, installed side by side.
  const project = join(tmp, 'project');
  mkdirSync(join(project, 'node_modules'), { recursive: true });
  writeFileSync(join(project, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(ROOT, join(project, 'node_modules', 'halfspace'));
  symlinkSync(realpathSync(join(ROOT, 'node_modules', 'apache-arrow')), join(project, 'node_modules', 'apache-arrow'));
  writeFileSync(join(project, 'script.ts'), SCRIPT);
  writeFileSync(join(project, 'script.mjs'), SCRIPT);
});

describe('a script run by tsx, with its own apache-arrow, against the built package', () => {
  it('writes and answers exactly as the same script under plain node', () => {
    const tsx = run(join(ROOT, 'node_modules', '.bin', 'tsx'), ['script.ts'], join(tmp, 'tsx'));
    const node = run(process.execPath, ['script.mjs'], join(tmp, 'node'));
    // The point of the test: under tsx as under node, the user's apache-arrow is the library's.
    expect(tsx.result.usersCopy).toBe(true);
    expect(node.result.usersCopy).toBe(true);
    expect(tsx.result.scouting.ok).toBe(true);
    expect(tsx.result).toEqual(node.result);
    expect(tsx.result.fixtures).toBeGreaterThan(0);
    expect(tsx.result.dropped).toBe(true);
    expect(tsx.result.possessionNulls).toBe(tsx.result.fixtures);
    expect([...tsx.files.keys()].sort()).toEqual([...node.files.keys()].sort());
    expect(tsx.files.size).toBeGreaterThanOrEqual(10);
    for (const [path, bytes] of node.files) expect(tsx.files.get(path)?.equals(bytes), path).toBe(true);
  });
});
