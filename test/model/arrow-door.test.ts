/**
 * No module of src imports a run-time value from apache-arrow but src/model/arrow/arrow.ts (and
 * the CLI's stand-in for it): a static value import would load the package's ~260-module ESM
 * build at `import 'halfspace'` again (docs/design.md#arrow-loading).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const DOORS = new Set(['model/arrow/arrow.ts', 'model/arrow/arrow-inlined.ts']);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The import statements of `text` that take values (not `import type`) from apache-arrow. */
function arrowValueImports(text: string): string[] {
  const statements = text.match(/^import\s[^;]*?from\s+'apache-arrow[^']*';/gms) ?? [];
  return statements.filter((s) => {
    if (/^import\s+type\s/.test(s)) return false;
    const names = /\{([^}]*)\}/s.exec(s);
    return !names || names[1].split(',').some((n) => n.trim() !== '' && !n.trim().startsWith('type '));
  });
}

describe('the apache-arrow door', () => {
  it('sees value imports and lets type imports pass (self-check)', () => {
    expect(arrowValueImports("import { Table } from 'apache-arrow';")).toHaveLength(1);
    expect(arrowValueImports("import * as A from 'apache-arrow';")).toHaveLength(1);
    expect(arrowValueImports("import {\n  type Table,\n  tableFromIPC,\n} from 'apache-arrow';")).toHaveLength(1);
    expect(arrowValueImports("import type { Table } from 'apache-arrow';")).toHaveLength(0);
    expect(arrowValueImports("import { type Table, type Vector } from 'apache-arrow';")).toHaveLength(0);
  });

  it('no module of src but the door imports a value from apache-arrow', () => {
    const offenders = tsFiles(SRC)
      .filter((f) => !DOORS.has(relative(SRC, f).split('\\').join('/')))
      .flatMap((f) => arrowValueImports(readFileSync(f, 'utf8')).map((s) => `${relative(SRC, f)}: ${s}`));
    expect(offenders).toEqual([]);
  });
});
