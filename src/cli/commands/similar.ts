import { defineCommand } from '../run.js';
import { DATASET, IDENTITY, identityOf, intFlag, printAnswer, withFlagNames } from '../shared.js';
import type { DnaSearchResponse } from '../../dna/search-request.js';
import { alignedLines } from '../aligned-table.js';

/** An agreeing metric as the table reads it: both players high on it, or both low (their z-scores share a sign). */
const agreementText = (m: DnaSearchResponse['data']['results'][number]['agreeing_metrics'][number]): string =>
  `${m.label.toLowerCase()} (both ${(m.source_z ?? 0) >= 0 ? 'high' : 'low'})`;

function table(r: DnaSearchResponse): string {
  const s = r.data.source;
  const f = r.data.filters;
  const applied = [
    `group ${f.position_group}`,
    f.max_fee_tier && `fee tier ≤ ${f.max_fee_tier}`,
    f.max_age !== null && `age ≤ ${f.max_age}`,
    f.league_tier_max !== null && `league tier ≤ ${f.league_tier_max}`,
    f.min_minutes > 0 && `≥ ${f.min_minutes} minutes`,
  ]
    .filter(Boolean)
    .join(', ');
  const head = [
    `${s.display_name} — ${s.position}, ${s.team ?? 'no club'}${s.age !== null ? `, age ${s.age}` : ''}${s.fee_tier ? `, fee tier ${s.fee_tier}` : ''} · style: ${s.style_tags.join(', ') || '—'}`,
    `DNA matches (${applied}; season ${s.season ?? '—'}):`,
    '',
  ];
  const cols = ['#', 'sim', 'match', 'band', 'player', 'pos', 'age', 'tier', 'club (league)', 'agrees on'];
  const rows = r.data.results.map((x, i) => [
    String(i + 1),
    x.similarity.toFixed(2),
    String(x.match),
    x.band,
    x.player.display_name,
    x.player.position,
    x.player.age === null ? '–' : String(x.player.age),
    x.player.fee_tier ?? '–',
    `${x.player.team ?? '–'} (${x.player.league ?? '–'}${x.player.league_tier !== null ? `, tier ${x.player.league_tier}` : ''})`,
    x.agreeing_metrics.map(agreementText).join(', ') || '–',
  ]);
  const body = alignedLines(cols, rows, 'No player passes the filters.');
  return `${[...head, ...body, '', r.summary].join('\n')}\n`;
}

/** `halfspace similar`: DNA similarity search (docs/design.md#op-dna-search). */
export const similarCommand = defineCommand({
  usage: `similar ${IDENTITY.usage} [--max-fee-tier T1–T5] [--max-age N] [--league-tier-max N] [--position-group GROUP] [--min-minutes N] [--limit 1–50] ${DATASET.usage}`,
  options: {
    ...IDENTITY.options,
    'max-fee-tier': { type: 'string' },
    'max-age': { type: 'string' },
    'league-tier-max': { type: 'string' },
    'position-group': { type: 'string' },
    /** Fewest minutes behind a candidate's vector (default 900, docs/methodology/dna.md#small-samples); not the cohort's `--minutes-min`. */
    'min-minutes': { type: 'string' },
    limit: { type: 'string' },
    ...DATASET.options,
  },
  run({ values, io }) {
    const filters: Record<string, string | number> = {};
    if (values['max-fee-tier'] !== undefined) filters.max_fee_tier = String(values['max-fee-tier']).toUpperCase();
    const maxAge = intFlag(values, 'max-age');
    if (maxAge !== undefined) filters.max_age = maxAge;
    const tierMax = intFlag(values, 'league-tier-max');
    if (tierMax !== undefined) filters.league_tier_max = tierMax;
    if (values['position-group'] !== undefined) filters.position_group = String(values['position-group']).toLowerCase();
    const minMinutes = intFlag(values, 'min-minutes');
    if (minMinutes !== undefined) filters.min_minutes = minMinutes;
    const limit = intFlag(values, 'limit');
    const request = { ...identityOf(values), filters, ...(limit !== undefined ? { limit } : {}) };
    printAnswer(values, io, (engine) => withFlagNames(engine.dnaSearch(request)), table);
  },
});
