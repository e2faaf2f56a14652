import { ROLE_LABELS } from '../../stats/roles.js';
import { PER90_MINUTES_MIN } from '../../stats/per90.js';
import { defineCommand } from '../run.js';
import { DATASET, IDENTITY, identityOf, printAnswer } from '../shared.js';
import type { ScoutingResponse } from '../../reports/scouting.js';

const bar = (p: number | null) => (p === null ? ''.padEnd(20) : '█'.repeat(Math.round(p / 5)).padEnd(20, '·'));

function text(r: ScoutingResponse): string {
  const p = r.data.profile;
  const first = Object.values(r.data.percentiles)[0];
  const cohort = first?.cohort;
  // A metric without a value gets no row of dashes: the table lists what was measured, one line names the rest.
  const entries = Object.entries(r.data.percentiles);
  const shown = entries.filter(([, e]) => e.value !== null);
  const missing = entries.filter(([, e]) => e.value === null).map(([key]) => key);
  const whyMissing =
    (r.data.sample?.minutes ?? 0) < PER90_MINUTES_MIN
      ? `per-90 values need ${PER90_MINUTES_MIN} minutes`
      : 'the dataset does not measure them for him (event metrics need event data)';
  // The key column is as wide as the longest key, so event-value keys keep the columns aligned.
  const keyWidth = Math.max(22, ...shown.map(([k]) => k.length));
  // A mid-season move: the report is of the club he played for last (the first of that season's
  // rows, latest first); the other clubs of the season are named so his earlier minutes are not hidden.
  const seasonRows = cohort ? r.data.stats.filter((s) => s.season_id === cohort.season_id) : [];
  const lines = [
    `${p.display_name} — ${p.position_label} (${p.position}), ${p.team?.name ?? 'no club'}${p.age !== null ? `, age ${p.age}` : ''}${p.fee_tier ? `, fee tier ${p.fee_tier}` : ''}${p.contract_end_date ? `, contract until ${p.contract_end_date}` : ''}`,
    `Season ${r.data.season ?? '—'} · ${r.data.sample ? `${Math.round(r.data.sample.minutes)} minutes, ${r.data.sample.appearances} appearance${r.data.sample.appearances === 1 ? '' : 's'}${r.data.sample.level === 'low' ? ' (low sample: below the cohort threshold, no labels)' : ''}` : 'no minutes'}`,
    cohort
      ? `Cohort: ${cohort.role ? ROLE_LABELS[cohort.role] : `${cohort.position_group}s (role cohort too small)`} in ${cohort.league} ${cohort.season} with ≥ ${cohort.min_minutes} minutes (n = ${cohort.n})`
      : 'Cohort: none',
    ...(seasonRows.length > 1
      ? [
          `Shown at ${seasonRows[0].team?.name ?? 'his last club'}, the club he played for last this season; also ${seasonRows
            .slice(1)
            .map((s) => `${s.team?.name ?? 'another club'} (${Math.round(s.minutes)} minutes)`)
            .join(', ')}`,
        ]
      : []),
    `Style: ${r.data.dna.style_tags.join(', ') || '—'}`,
    '',
    ...shown.map(
      ([key, e]) =>
        `  ${key.padEnd(keyWidth)} ${String(e.value).padStart(7)}  ${bar(e.percentile)} ${e.percentile === null ? '' : String(e.percentile).padStart(3)}  ${e.label ?? ''}`,
    ),
    ...(missing.length > 0 ? ['', `No value for ${missing.join(', ')}: ${whyMissing}`] : []),
    '',
    r.data.highlight ? `Highlight: ${r.data.highlight.text}` : '',
    '',
    r.data.dna.narrative,
  ];
  if (r.meta.attribution) lines.push('', r.meta.attribution);
  return `${lines.join('\n')}\n`;
}

/** `halfspace scouting`: the docs/design.md#op-scouting scouting report of one player. */
export const scoutingCommand = defineCommand({
  usage: `scouting ${IDENTITY.usage} ${DATASET.usage}`,
  options: { ...IDENTITY.options, ...DATASET.options },
  run: ({ values, io }) => printAnswer(values, io, (engine) => engine.scouting(identityOf(values)), text),
});
