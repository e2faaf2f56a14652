import { ordinal } from '../../stats/percentiles.js';
import { defineCommand } from '../run.js';
import type { VerdictResponse } from '../../verdict/verdict.js';
import { DATASET, IDENTITY, identityOf, printAnswer } from '../shared.js';

/** `halfspace verdict`: the data-backed verdict of docs/design.md#op-verdict with its receipts. */
export const verdictCommand = defineCommand({
  usage: `verdict ${IDENTITY.usage} ${DATASET.usage}`,
  options: { ...IDENTITY.options, ...DATASET.options },
  run: ({ values, io }) => printAnswer(values, io, (engine) => engine.verdict(identityOf(values, 'player_name')), text),
});

/** The verdict with its receipts as text. */
function text(r: VerdictResponse): string {
  const lines = [
    `${r.verdict_code.toUpperCase()} (confidence ${r.confidence.toFixed(2)}) — ${r.headline}`,
    `${r.player.name}, ${r.player.position}${r.player.team ? `, ${r.player.team}` : ''}${r.fee_tier ? `, fee tier ${r.fee_tier}` : ''}; season ${r.season ?? '—'}`,
    ...r.evidence.map(
      (e) =>
        `  ${e.label.padEnd(18)} ${String(e.value ?? '–').padStart(6)}  ${ordinal(e.percentile).padStart(4)} pct  (${e.cohort})`,
    ),
    // A team outcome is shown apart from his receipts and says whose it is.
    ...r.team_on_pitch.map(
      (e) => `  ${e.label}: ${e.value ?? '–'}, ${ordinal(e.percentile)} pct (not his own evidence)`,
    ),
    ...(r.contrast
      ? [`  DNA anchor: ${r.contrast.name} (fee tier ${r.contrast.fee_tier}), ${r.contrast.match}% match`]
      : []),
    '',
    r.narrative,
  ];
  return `${lines.join('\n')}\n`;
}
