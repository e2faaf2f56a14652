import type { AlternativesResponse } from '../../dna/alternatives.js';
import { defineCommand } from '../run.js';
import { DATASET, IDENTITY, identityOf, intFlag, printAnswer, withFlagNames } from '../shared.js';
import { alignedLines } from '../aligned-table.js';

/** The alternatives as an aligned table: rank, how found, similarity, blend, player, age, tier, club. */
function table(r: AlternativesResponse): string {
  const s = r.data.source;
  const head = [
    `${s.display_name} — ${s.position}, ${s.team ?? 'no club'}${s.age !== null ? `, age ${s.age}` : ''}${s.fee_tier ? `, fee tier ${s.fee_tier}` : ''} · style: ${s.style_tags.join(', ') || '—'}`,
    `Alternatives (${r.data.mode}${r.data.note ? `: ${r.data.note}` : ''}):`,
    '',
  ];
  const cols = ['#', 'found by', 'sim', 'blend', 'player', 'pos', 'age', 'tier', 'club (league)'];
  const rows = r.data.results.map((x, i) => [
    String(i + 1),
    x.recall_source.replace('_', ' '),
    x.similarity === null ? '–' : x.similarity.toFixed(2),
    x.blend === null ? '–' : x.blend.score.toFixed(2),
    x.player.display_name,
    x.player.position,
    x.player.age === null ? '–' : String(x.player.age),
    x.player.fee_tier ?? '–',
    `${x.player.team ?? '–'} (${x.player.league ?? '–'})`,
  ]);
  const body = alignedLines(cols, rows, 'No alternative found.');
  return `${[...head, ...body, '', r.summary].join('\n')}\n`;
}

/** `halfspace alternatives`: cheaper or younger players of a similar style (SPEC's alternatives, beta). */
export const alternativesCommand = defineCommand({
  usage: `alternatives ${IDENTITY.usage} [--min-minutes N] [--limit 1–50] ${DATASET.usage}`,
  options: {
    ...IDENTITY.options,
    limit: { type: 'string' },
    /** Fewest minutes behind a candidate's vector (default 900, docs/methodology/dna.md#small-samples); not the cohort's `--minutes-min`. */
    'min-minutes': { type: 'string' },
    ...DATASET.options,
  },
  run({ values, io }) {
    const limit = intFlag(values, 'limit');
    const minMinutes = intFlag(values, 'min-minutes');
    const bounds = {
      ...(limit !== undefined ? { limit } : {}),
      ...(minMinutes !== undefined ? { min_minutes: minMinutes } : {}),
    };
    printAnswer(
      values,
      io,
      (engine) => withFlagNames(engine.alternatives({ ...identityOf(values), ...bounds })),
      table,
    );
  },
});
