/**
 * With `--json`, the BUILT binary reports an error as one JSON object on one stderr line (code,
 * message, param and the failure's own members), with the same exit codes as the text form
 * (docs/guide.md#command-line). Without `--json` the line stays human text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';

beforeAll(() => ensureBuilt());

/** Runs the binary and returns the exit code and the parsed stderr object (which must be one line). */
async function jsonError(...argv: string[]): Promise<{ code: number | null; error: Record<string, unknown> }> {
  const r = await runBuilt(argv);
  expect(r.stdout).toBe('');
  expect(hasStack(r.stderr)).toBe(false);
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(lines).toHaveLength(1);
  return { code: r.code, error: JSON.parse(lines[0] ?? '') };
}

describe('halfspace … --json errors', () => {
  it('carries the engine failure: code, param and suggestions of an unknown player', async () => {
    const { code, error } = await jsonError('scouting', '--name', 'Nobody Known', '--json');
    expect(code).toBe(2);
    expect(error).toMatchObject({ code: 'player_not_found', param: 'name', message: 'no player named "Nobody Known"' });
    expect(Array.isArray(error.suggestions)).toBe(true);
  });

  it('lists the candidates of an ambiguous name', async () => {
    const { code, error } = await jsonError('verdict', '--name', 'Santos', '--json');
    expect(code).toBe(2);
    expect(error.code).toBe('ambiguous_player');
    const candidates = error.candidates as { player_id: number; name: string }[];
    expect(candidates.length).toBeGreaterThan(1);
    // Each candidate carries the name responses show (known_as, else the full name).
    expect(candidates.every((c) => Number.isInteger(c.player_id) && c.name.length > 0)).toBe(true);
    expect(new Set(candidates.map((c) => c.player_id)).size).toBe(candidates.length);
  });

  it('names the flag of a command-line mistake', async () => {
    expect(await jsonError('scouting', '--bogus', '--json')).toMatchObject({
      code: 2,
      error: { code: 'invalid_request', param: 'bogus' },
    });
    expect(
      await jsonError('card', '--name', 'Igor Teixeira', '--out', '/nonexistent-dir/x.png', '--json'),
    ).toMatchObject({
      code: 2,
      error: { code: 'invalid_request', param: 'out' },
    });
  });

  it('says invalid_dataset for a folder that is not a dataset', async () => {
    const { code, error } = await jsonError('scouting', '--name', 'x', '--dataset', '/nonexistent-dir', '--json');
    expect(code).toBe(2);
    expect(error.code).toBe('invalid_dataset');
    expect(String(error.message)).toContain('/nonexistent-dir');
  });

  it('keeps the one readable line without --json', async () => {
    const r = await runBuilt(['scouting', '--name', 'Nobody Known']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^halfspace scouting: player_not_found: no player named "Nobody Known"/);
    expect(() => JSON.parse(r.stderr)).toThrow();
  });
});
