import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeViaTemp } from '../../../src/io/temp-file.js';

const dirs: string[] = [];
const dir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'hs-temp-file-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('providers/csv/temp-file: no partial file', () => {
  it('a synchronous write lands whole, with no temp file left', () => {
    const d = dir();
    writeViaTemp(join(d, 'a.csv'), (fd) => void writeSync(fd, 'x\n'));
    expect(readFileSync(join(d, 'a.csv'), 'utf8')).toBe('x\n');
    expect(readdirSync(d)).toEqual(['a.csv']);
  });

  it('a write that throws leaves the old file untouched and no temp file', () => {
    const d = dir();
    writeFileSync(join(d, 'a.csv'), 'old\n');
    expect(() =>
      writeViaTemp(join(d, 'a.csv'), (fd) => {
        writeSync(fd, 'half');
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(readFileSync(join(d, 'a.csv'), 'utf8')).toBe('old\n');
    expect(readdirSync(d)).toEqual(['a.csv']);
  });

  it('an asynchronous write is awaited; a rejected one leaves nothing behind', async () => {
    const d = dir();
    await writeViaTemp(join(d, 'b.parquet'), async (fd) => {
      await Promise.resolve();
      writeSync(fd, 'PAR1');
    });
    expect(readFileSync(join(d, 'b.parquet'), 'utf8')).toBe('PAR1');
    await expect(
      writeViaTemp(join(d, 'c.parquet'), async (fd) => {
        writeSync(fd, 'half');
        throw new Error('bad batch');
      }),
    ).rejects.toThrow('bad batch');
    expect(existsSync(join(d, 'c.parquet'))).toBe(false);
    expect(readdirSync(d)).toEqual(['b.parquet']);
  });
});
