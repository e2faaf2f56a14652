/**
 * The column maps `--map` accepts (docs/scoring.md#column-maps): a preset by name, or a JSON map
 * validated and merged onto the preset it `extends`.
 */
import { messageOf } from '../../errors.js';
import { DatasetError } from '../../model/dataset-error.js';
import { ColumnMap, mergeColumnMaps, type ColumnMapInput } from './column-map.js';
import { FBREF_MAP } from './presets/fbref.js';
import { WYSCOUT_SEARCH_MAP } from './presets/wyscout-search.js';

/** The presets `--map` accepts by name (docs/scoring.md#presets). */
export const COLUMN_MAP_PRESETS: Readonly<Record<string, ColumnMapInput>> = {
  fbref: FBREF_MAP,
  'wyscout-search': WYSCOUT_SEARCH_MAP,
};

/**
 * Resolves `--map`: a preset name or a JSON file's text, validated and merged onto the preset it
 * `extends`. Throws {@link DatasetError} naming the map file and the key of the first problem.
 * @example columnMapOf('fbref').name // => 'fbref'
 */
export function columnMapOf(nameOrFile: string, readText?: (path: string) => string): { map: ColumnMap; name: string } {
  const preset = COLUMN_MAP_PRESETS[nameOrFile];
  if (preset) return { map: ColumnMap.parse(preset), name: nameOrFile };
  if (!readText)
    throw new DatasetError(
      nameOrFile,
      null,
      null,
      `not a preset (presets: ${Object.keys(COLUMN_MAP_PRESETS).join(', ')})`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(readText(nameOrFile));
  } catch (e) {
    throw new DatasetError(
      nameOrFile,
      null,
      null,
      `not a column map: ${messageOf(e).split('\n')[0]} (give a JSON file or a preset: ${Object.keys(COLUMN_MAP_PRESETS).join(', ')})`,
    );
  }
  return { map: columnMapFromJson(raw, nameOrFile), name: nameOrFile };
}

/**
 * Validates a column map object (as parsed from JSON) and merges it onto its `extends` preset.
 * Throws {@link DatasetError} naming `file` and the dot path of the first bad key.
 * @example columnMapFromJson({ extends: 'fbref', values: { season: '2024/25' } }, 'm.json').values.season // => '2024/25'
 */
export function columnMapFromJson(raw: unknown, file: string): ColumnMap {
  const parsed = ColumnMap.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue.path.map(String).join('.');
    throw new DatasetError(file, null, null, `${key ? `key ${key}: ` : ''}${issue.message.split('\n')[0]}`);
  }
  const map = parsed.data;
  if (map.extends === undefined) return map;
  const base = COLUMN_MAP_PRESETS[map.extends];
  if (!base)
    throw new DatasetError(
      file,
      null,
      null,
      `key extends: "${map.extends}" is not a preset (presets: ${Object.keys(COLUMN_MAP_PRESETS).join(', ')})`,
    );
  const merged = mergeColumnMaps(ColumnMap.parse(base), map);
  const again = ColumnMap.safeParse(merged);
  if (!again.success) {
    const issue = again.error.issues[0];
    throw new DatasetError(
      file,
      null,
      null,
      `key ${issue.path.map(String).join('.')}: ${issue.message} (after merging onto ${map.extends})`,
    );
  }
  return again.data;
}
