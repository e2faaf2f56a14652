/**
 * The built binary's `halfspace scouting` table lists measured metrics only: a metric without a
 * value (an event metric on the demo's season tables) gets no row of dashes; one line names the
 * metrics left out and why.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';

beforeAll(() => ensureBuilt());

describe('halfspace scouting on the demo', () => {
  it('prints no row of dashes, and names the metrics without a value', async () => {
    const engine = Engine.open({ dataset: 'demo' });
    // A demo defender: defenders carry the event metrics (PAdj, progressive passes) the demo does not have.
    const r = engine.scouting({ name: 'Danny Lumb' });
    if (!r.ok) throw new Error(r.error.message);
    const missing = Object.entries(r.value.data.percentiles)
      .filter(([, e]) => e.value === null)
      .map(([k]) => k);
    expect(missing.length).toBeGreaterThan(0);
    const out = await runBuilt(['scouting', '--name', 'Danny Lumb']);
    expect([out.code, out.stderr]).toEqual([0, '']);
    const rows = out.stdout.split('\n').filter((l) => /^ {2}[a-z0-9_]+ /.test(l));
    expect(rows.length).toBe(Object.keys(r.value.data.percentiles).length - missing.length);
    for (const row of rows) expect(row).not.toMatch(/\s–\s*$|\s–\s{2}/);
    expect(out.stdout).toContain(`No value for ${missing.join(', ')}:`);
  });
});
