/**
 * Where tests and benches find the real open data that is not in the repository (StatsBomb,
 * Wyscout, openfootball and the provider samples): `HALFSPACE_REAL_DIR` when set, else
 * `../shared/real` beside the repository root. A test whose data is absent skips and says why
 * ({@link realDataPresent}); nothing here reads the network.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './built-cli.js';

/**
 * The real data's root folder, absolute: `HALFSPACE_REAL_DIR` (resolved from the working
 * directory) when it is set and not empty, else `../shared/real` beside the repository root.
 * The folder may not exist.
 *
 * @example REAL_DIR // => '/work/shared/real' (run with HALFSPACE_REAL_DIR=/work/shared/real)
 */
export const REAL_DIR: string = process.env.HALFSPACE_REAL_DIR
  ? resolve(process.env.HALFSPACE_REAL_DIR)
  : resolve(ROOT, '..', 'shared', 'real');

/**
 * A path under the real data's root ({@link REAL_DIR}), absolute; it may not exist.
 *
 * @example realPath('wyscout', 'matches') // => '/work/shared/real/wyscout/matches'
 */
export function realPath(...segments: string[]): string {
  return join(REAL_DIR, ...segments);
}

/**
 * Why something that needs `path` is skipped: the path, and where the real data is looked for.
 *
 * @example absentNote('/work/shared/real/wyscout')
 * // => '/work/shared/real/wyscout is absent (real data is read from HALFSPACE_REAL_DIR when set, else ../shared/real beside the repository)'
 */
export function absentNote(path: string): string {
  return `${path} is absent (real data is read from HALFSPACE_REAL_DIR when set, else ../shared/real beside the repository)`;
}

/**
 * Whether every path exists. When one does not, logs `<what> skipped: <that path> is absent (…)`,
 * so a skipped test says what it skips and why; call it once at the top of a test file and pass
 * the result to `describe.skipIf(!present)`.
 *
 * @example realDataPresent('Wyscout real-data tests', realPath('wyscout', 'matches', 'matches_England.json'))
 * // => false, logging 'Wyscout real-data tests skipped: …/matches_England.json is absent (…)', when the data is not there
 */
export function realDataPresent(what: string, ...paths: string[]): boolean {
  const missing = paths.find((path) => !existsSync(path));
  if (missing !== undefined) console.log(`${what} skipped: ${absentNote(missing)}`);
  return missing === undefined;
}
