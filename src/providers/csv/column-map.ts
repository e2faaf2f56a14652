/**
 * Column maps for analysts' exports (docs/scoring.md#column-maps): a JSON object that says, for
 * each source column of an export, what it is in our season-table layout — a column renamed, a
 * per-90 or percentage value converted back to a season total, a provider metric, or ignored on
 * purpose — plus position rules. Pure: a validated map and a source header in, a plan out.
 */
import * as z from 'zod';
import { shownValueOf, DatasetError } from '../../model/dataset-error.js';
import { providerMetricKeyProblem } from '../../model/provider-metric-key.js';
import { COUNTING_COLUMNS, POSITION_CODES, type CountingColumn, type PositionCode } from '../../model/schema.js';
import { isPositionCode } from '../../model/positions.js';
import { SEASON_CSV_OPTIONAL, SEASON_CSV_REQUIRED } from '../../io/season-csv.js';

/** Our season-table columns a source column may be renamed to (docs/scoring.md#players-csv). */
const TARGETS = [...SEASON_CSV_REQUIRED, ...SEASON_CSV_OPTIONAL];
const Target = z.enum(TARGETS);
const Counting = z.enum(COUNTING_COLUMNS);

/** Where the attempts of a percentage column come from: one of our totals, or a source column. */
const Attempted = z.union([
  Counting,
  z.strictObject({ total: z.string().min(1) }),
  z.strictObject({ per90: z.string().min(1) }),
]);

/** A provider metric declared by a map: our column key and whether the source holds totals or per-90 values. */
const MetricRule = z.strictObject({
  /** snake_case column name in our tables, e.g. `xg`. */
  key: z.string().min(1),
  /** `total` (season total, default) or `per90` (converted to a total with the row's minutes). */
  as: z.enum(['total', 'per90']).default('total'),
  /** Display label; default the key. */
  label: z.string().min(1).optional(),
  /** True when less is better (percentile inverted); default false. */
  lower_is_better: z.boolean().default(false),
});

/**
 * A column map (docs/scoring.md#column-maps). Keys of `columns`, `per90`, `pct`, `metrics` and
 * `ignore` are source column names: the header text, or `Group/Name` under a two-row grouped
 * header, with `#2`, `#3` appended to the second and later copies of a repeated name.
 */
export const ColumnMap = z
  .strictObject({
    /** Name shown in summaries and errors; default the map file's name. */
    name: z.string().min(1).optional(),
    /** A preset this map adds to (`fbref`, `wyscout-search`); its rules apply unless this map overrides a key. */
    extends: z.string().min(1).optional(),
    /** Header rows: 1, 2 (a group row above the names) or `auto` (2 when the first field of the first record is empty); default 1. */
    header_rows: z.union([z.literal(1), z.literal(2), z.literal('auto')]).optional(),
    /** Skip data rows that repeat the header (some exports repeat it every few rows); each is counted in the summary. Default false. */
    skip_repeated_header: z.boolean().optional(),
    /** Thousands separator inside numbers (`"2,101"` minutes); default none. */
    thousands_separator: z.enum([',', '.', ' ', "'"]).optional(),
    /** Source column → our column (docs/scoring.md#players-csv). */
    columns: z.record(z.string(), Target).default({}),
    /** Source per-90 column → our counting total (total = per90 × minutes / 90, rounded to an integer). Used only when no column gives the total. */
    per90: z.record(z.string(), Counting).default({}),
    /** Source percentage column → `completed` total = pct × attempted / 100, rounded to an integer. Used only when no column gives the total. */
    pct: z.record(z.string(), z.strictObject({ completed: Counting, attempted: Attempted })).default({}),
    /** Source column → provider metric (docs/scoring.md#provider-metrics). */
    metrics: z.record(z.string(), MetricRule).default({}),
    /** Source columns left out on purpose. */
    ignore: z.array(z.string()).default([]),
    /** Source columns where the exporter writes 0 for "not known" (Wyscout's market value and height): a 0 there becomes an empty cell, counted in the summary. */
    zero_means_unknown: z.array(z.string()).default([]),
    /** Source columns whose values may start with a lowercase country code and a space (FBref's `Comp`: "eng Premier League"), cut off; default none. */
    strip_country_code: z.array(z.string()).default([]),
    /** Position string (one listed position, compared without case) → our detailed code; adds to the built-in table. */
    positions: z.record(z.string(), z.enum(POSITION_CODES)).default({}),
    /** Values for required columns the export does not have, e.g. `{ "season": "2024/25" }`. */
    values: z
      .strictObject({ league: z.string().min(1), season: z.string().min(1), team: z.string().min(1) })
      .partial()
      .default({}),
    /** Columns that identify one player-season row in every file, to join several tables of one export; default none (one file only). */
    join_on: z.array(z.string().min(1)).min(1).optional(),
  })
  .superRefine((map, ctx) => {
    const seen = new Map<string, string>();
    const claim = (key: string, section: string) => {
      const before = seen.get(key);
      if (before) ctx.addIssue({ code: 'custom', path: [section, key], message: `"${key}" is already in ${before}` });
      else seen.set(key, section);
    };
    for (const section of ['columns', 'per90', 'pct', 'metrics'] as const)
      for (const key of Object.keys(map[section])) claim(key, section);
    for (const key of map.ignore) claim(key, 'ignore');
    const keys = new Set<string>();
    for (const [source, rule] of Object.entries(map.metrics)) {
      const problem = providerMetricKeyProblem(rule.key);
      if (problem) ctx.addIssue({ code: 'custom', path: ['metrics', source, 'key'], message: problem });
      if (keys.has(rule.key))
        ctx.addIssue({
          code: 'custom',
          path: ['metrics', source, 'key'],
          message: `metric key "${rule.key}" is given twice`,
        });
      keys.add(rule.key);
    }
  });
export type ColumnMap = z.infer<typeof ColumnMap>;
/** A column map as written (defaults not yet applied). */
export type ColumnMapInput = z.input<typeof ColumnMap>;

/** `[word, code]` for each space-separated word. */
export const wordsOf = (code: PositionCode, words: string) =>
  words.split(/\s+/).map((word): [string, PositionCode] => [word, code]);

/**
 * Built-in position words, used by every map (docs/scoring.md#positions): group-level codes and
 * names in English, Spanish, Italian, German, French and Portuguese, each mapped to the detailed code
 * that stands for its group (only the group matters for cohorts and DNA). A map's `positions` add
 * to or override these. Keys are upper case; lookups upper-case the source text.
 */
export const POSITION_WORDS: Readonly<Record<string, PositionCode>> = Object.fromEntries([
  ...wordsOf('GK', 'GK G GOALKEEPER KEEPER PORTERO ARQUERO PORTIERE TORWART TORHÜTER GARDIEN GOLEIRO TW POR'),
  ...wordsOf(
    'CB',
    `DF D DEF DEFENDER DEFENCE DEFENSE DEFENSA DEFENSOR DIFENSORE VERTEIDIGER ABWEHR DÉFENSEUR DEFENSEUR
     ZAGUEIRO DIF ABW`,
  ),
  ...wordsOf(
    'CM',
    `MF M MID MIDFIELDER MIDFIELD CENTROCAMPISTA MEDIOCAMPISTA CENTROCAMPO MITTELFELD MITTELFELDSPIELER
     MILIEU MEIO MEIO-CAMPO CEN MED MIT`,
  ),
  ...wordsOf(
    'ST',
    'FW F FWD FORWARD ATTACKER STRIKER DELANTERO ATTACCANTE STÜRMER STURM ANGRIFF ATTAQUANT ATACANTE DEL ATT ST',
  ),
]);

/** Separators between the positions of a multi-position string (`DF,MF`, `CF, LWF`, `DF/MF`). */
const POSITION_SEPARATOR = /[,/;|]/;

/**
 * Our detailed code for a source position string: the first listed position decides (`DF,MF` →
 * CB, a defender), looked up without case in the map's `positions`, then the built-in words, then
 * our own codes. A string no rule maps is `{ ok: false }` with the token that failed.
 * @example positionCodeOf('DF,MF', {}) // => { ok: true, code: 'CB', token: 'DF' }
 */
export function positionCodeOf(
  raw: string,
  rules: Readonly<Record<string, PositionCode>>,
): { ok: true; code: PositionCode; token: string } | { ok: false; token: string } {
  const token = raw.split(POSITION_SEPARATOR)[0].trim();
  const upper = token.toUpperCase();
  for (const [k, v] of Object.entries(rules)) if (k.toUpperCase() === upper) return { ok: true, code: v, token };
  const word = POSITION_WORDS[upper];
  if (word) return { ok: true, code: word, token };
  if (isPositionCode(upper)) return { ok: true, code: upper, token };
  return { ok: false, token };
}

/** What one source column becomes. */
export type ColumnAction =
  | { kind: 'column'; target: string }
  | { kind: 'per90'; target: CountingColumn }
  | { kind: 'pct'; target: CountingColumn; attempted: z.infer<typeof Attempted> }
  | { kind: 'metric'; key: string; as: 'total' | 'per90'; label: string; lowerIsBetter: boolean }
  | { kind: 'ignore' }
  /** A per-90 or percentage column whose total another column already gives: reported, not used. */
  | { kind: 'unused'; target: string };

/** Where a plan is made, for the errors: the export file and the map's name. */
interface PlanSite {
  file: string;
  mapName: string;
}

/** The source columns a map renames, converts or declares as a metric. */
const ruledColumnsOf = (map: ColumnMap): string[] =>
  [map.columns, map.per90, map.pct, map.metrics].flatMap((rules) => Object.keys(rules));

/** The action for one source column, or a DatasetError when the map does not cover it. */
function actionOf(h: string, map: ColumnMap, site: PlanSite): ColumnAction {
  if (h in map.columns) return { kind: 'column', target: map.columns[h] };
  if (h in map.per90) return { kind: 'per90', target: map.per90[h] };
  if (h in map.pct) return { kind: 'pct', target: map.pct[h].completed, attempted: map.pct[h].attempted };
  if (h in map.metrics) {
    const m = map.metrics[h];
    return { kind: 'metric', key: m.key, as: m.as, label: m.label ?? m.key, lowerIsBetter: m.lower_is_better };
  }
  if (map.ignore.includes(h)) return { kind: 'ignore' };
  // A grouped name the map knows for this plain name means the export lost its group row.
  const grouped = ruledColumnsOf(map).find((k) => k.endsWith(`/${h}`));
  const hint =
    grouped && !h.includes('/') ? ` (the map knows "${grouped}": keep the export's group row above the names)` : '';
  throw new DatasetError(
    site.file,
    h,
    null,
    `unknown column ${shownValueOf(h)}: the column map ${site.mapName} neither maps, converts, declares as a metric nor ignores it (docs/scoring.md#column-maps)${hint}`,
  );
}

/** Records source column `h` as what gives `key` in `seen`; throws when another column gives it already. */
function claim(seen: Map<string, string>, key: string, what: string, h: string, site: PlanSite): void {
  const before = seen.get(key);
  if (before !== undefined)
    throw new DatasetError(
      site.file,
      h,
      null,
      `columns "${before}" and "${h}" both give ${what} (map ${site.mapName}); ignore one of them`,
    );
  seen.set(key, h);
}

/** Our column → the source column renamed to it; throws when two columns give the same column or metric. */
function directColumnsOf(
  plan: readonly ColumnAction[],
  header: readonly string[],
  site: PlanSite,
): Map<string, string> {
  const direct = new Map<string, string>();
  const metricKeys = new Map<string, string>();
  plan.forEach((a, j) => {
    if (a.kind === 'column') claim(direct, a.target, a.target, header[j], site);
    if (a.kind === 'metric') claim(metricKeys, a.key, `metric ${a.key}`, header[j], site);
  });
  return direct;
}

/**
 * Marks a per-90 or percentage column unused when a renamed column gives its total; returns our
 * column → the source column converted to it, and throws when two convert to the same total.
 */
function convertedColumnsOf(
  plan: ColumnAction[],
  header: readonly string[],
  direct: ReadonlyMap<string, string>,
  site: PlanSite,
): Map<string, string> {
  const derived = new Map<string, string>();
  plan.forEach((a, j) => {
    if (a.kind !== 'per90' && a.kind !== 'pct') return;
    if (direct.has(a.target)) plan[j] = { kind: 'unused', target: a.target };
    else claim(derived, a.target, a.target, header[j], site);
  });
  return derived;
}

/** Throws when a percentage column's attempts come from nothing this export gives. */
function checkAttempts(
  plan: readonly ColumnAction[],
  header: readonly string[],
  direct: ReadonlyMap<string, string>,
  site: PlanSite,
): void {
  plan.forEach((a, j) => {
    if (a.kind !== 'pct') return;
    if (typeof a.attempted === 'string') {
      // Attempts may come from a column or a per-90 conversion, not from another percentage.
      const fromPer90 = plan.some((b) => b.kind === 'per90' && b.target === a.attempted);
      if (!direct.has(a.attempted) && !fromPer90)
        throw new DatasetError(
          site.file,
          header[j],
          null,
          `percentage column "${header[j]}" needs ${a.attempted} (its attempts), which no column or per-90 column of this export gives (map ${site.mapName})`,
        );
    }
  });
  plan.forEach((a, j) => {
    if (a.kind !== 'pct' || typeof a.attempted === 'string') return;
    const source = 'total' in a.attempted ? a.attempted.total : a.attempted.per90;
    if (!header.includes(source))
      throw new DatasetError(
        site.file,
        header[j],
        null,
        `percentage column "${header[j]}" needs the column "${source}" (its attempts), which this export does not have (map ${site.mapName})`,
      );
  });
}

/**
 * The action for every source column of a header, or a {@link DatasetError} naming the export
 * file and the first column the map does not cover (never silently dropped), two columns that give
 * the same value, or a required column nothing gives.
 * @example planOf(['Player', 'Min'], map, 'export.csv', 'my-map.json')[1] // => { kind: 'column', target: 'minutes' }
 */
export function planOf(header: readonly string[], map: ColumnMap, file: string, mapName: string): ColumnAction[] {
  const site: PlanSite = { file, mapName };
  const plan = header.map((h) => actionOf(h, map, site));
  const direct = directColumnsOf(plan, header, site);
  const derived = convertedColumnsOf(plan, header, direct, site);
  checkAttempts(plan, header, direct, site);
  const perNinety = derived.size > 0 || plan.some((a) => a.kind === 'metric' && a.as === 'per90');
  if (perNinety && !direct.has('minutes'))
    throw new DatasetError(
      file,
      null,
      null,
      `per-90 columns need the minutes, which no column of this export gives (map ${mapName})`,
    );
  return plan;
}

/**
 * Merges a map onto the preset it extends: every rule of the map wins over the preset's rule for
 * the same source column; lists are concatenated. `preset` is already validated.
 */
export function mergeColumnMaps(preset: ColumnMap, map: ColumnMap): ColumnMap {
  const own = new Set([...ruledColumnsOf(map), ...map.ignore]);
  const keep = <T>(rec: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(rec).filter(([k]) => !own.has(k)));
  return {
    name: map.name ?? preset.name,
    header_rows: map.header_rows ?? preset.header_rows,
    skip_repeated_header: map.skip_repeated_header ?? preset.skip_repeated_header,
    thousands_separator: map.thousands_separator ?? preset.thousands_separator,
    columns: { ...keep(preset.columns), ...map.columns },
    per90: { ...keep(preset.per90), ...map.per90 },
    pct: { ...keep(preset.pct), ...map.pct },
    metrics: { ...keep(preset.metrics), ...map.metrics },
    ignore: [...preset.ignore.filter((k) => !own.has(k)), ...map.ignore],
    zero_means_unknown: [...new Set([...preset.zero_means_unknown, ...map.zero_means_unknown])],
    strip_country_code: [...new Set([...preset.strip_country_code, ...map.strip_country_code])],
    positions: { ...preset.positions, ...map.positions },
    values: { ...preset.values, ...map.values },
    join_on: map.join_on ?? preset.join_on,
  };
}
