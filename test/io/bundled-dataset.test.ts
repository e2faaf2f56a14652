import { mkdtempSync, copyFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Table, tableToIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { bundledDatasetFromDir, datasetFromDir } from '../../src/io/load.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { TABLE_NAMES } from '../../src/model/schema.js';

const ipcOf = (table: Table): Buffer => Buffer.from(tableToIPC(table));

const scratch = mkdtempSync(join(tmpdir(), 'hs-bundled-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('bundledDatasetFromDir (the demo, decoded table by table on first read)', () => {
  it('holds the same tables, byte for byte, as the validated eager read', () => {
    const eager = datasetFromDir(demoDatasetDir());
    const lazy = bundledDatasetFromDir(demoDatasetDir());
    expect(lazy.meta).toEqual(eager.meta);
    expect(Object.keys(lazy.tables).sort()).toEqual(Object.keys(eager.tables).sort());
    for (const name of TABLE_NAMES) {
      const a = eager.tables[name];
      const b = lazy.tables[name];
      expect(b === undefined, name).toBe(a === undefined);
      if (!a || !b) continue;
      expect(ipcOf(b).equals(ipcOf(a)), name).toBe(true);
    }
  });

  it('decodes a table only when it is read: a missing file surfaces on first access, not at open', () => {
    for (const f of readdirSync(demoDatasetDir())) {
      if (f !== 'fixtures.arrow') copyFileSync(join(demoDatasetDir(), f), join(scratch, f));
    }
    const lazy = bundledDatasetFromDir(scratch);
    expect(lazy.tables.players.numRows).toBeGreaterThan(0);
    expect(lazy.tables.appearances?.numRows).toBeGreaterThan(0);
    expect(() => lazy.tables.fixtures).toThrow(/required table "fixtures" is missing/);
    // The eager reader refuses the same folder at once.
    expect(() => datasetFromDir(scratch)).toThrow(/required table "fixtures" is missing/);
  });

  it('reads each table once and keeps it', () => {
    const lazy = bundledDatasetFromDir(demoDatasetDir());
    expect(lazy.tables.teams).toBe(lazy.tables.teams);
  });
});
