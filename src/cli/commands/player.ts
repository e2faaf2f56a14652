import { defineCommand } from '../run.js';
import { DATASET, IDENTITY, identityOf, printAnswer } from '../shared.js';
import type { PlayerResponse } from '../../reports/player.js';

function text(r: PlayerResponse): string {
  const p = r.data.profile;
  const lines = [
    r.summary,
    '',
    `  ${p.display_name} (#${p.player_id}) — ${p.position} · ${p.position_label}${p.age !== null ? ` · age ${p.age}` : ''}${p.nationality ? ` · ${p.nationality}` : ''}`,
    `  ${p.team?.name ?? 'no club'}${p.league ? ` · ${p.league.name} (tier ${p.league.tier})` : ''}${p.fee_tier ? ` · fee tier ${p.fee_tier}` : ''}`,
    `  style: ${r.data.dna.style_tags.join(', ') || '—'}`,
    '',
    '  season    club                      apps  mins   G   A  rating',
    ...r.data.recent_stats.map(
      (s) =>
        `  ${s.season.padEnd(9)} ${(s.team?.name ?? '').slice(0, 25).padEnd(25)} ${String(s.appearances).padStart(4)} ${String(Math.round(s.minutes)).padStart(5)} ${String(s.totals.goals ?? '–').padStart(3)} ${String(s.totals.assists ?? '–').padStart(3)}  ${s.rating?.toFixed(2) ?? '–'}${s.rating_source === 'model' && s.rating !== null ? ' (model)' : ''}`,
    ),
  ];
  if (r.data.narrative) lines.push('', `  ${r.data.narrative}`);
  if (r.data.compare) {
    const [a, b] = r.data.compare.players;
    lines.push('', `  compare: ${a.name} vs ${b.name}`);
    for (const m of r.data.compare.metrics) {
      const mark = m.leader === 'a' ? '◀' : m.leader === 'b' ? '▶' : m.leader === 'tie' ? '=' : ' ';
      lines.push(
        `  ${m.label.padEnd(18)} ${String(m.a.value ?? '–').padStart(7)} ${mark} ${String(m.b.value ?? '–').padEnd(7)}`,
      );
    }
  }
  if (r.meta.attribution) lines.push('', `  ${r.meta.attribution}`);
  return `${lines.join('\n')}\n`;
}

/** `halfspace player`: the docs/design.md#op-player profile of one player. */
export const playerCommand = defineCommand({
  usage: `player ${IDENTITY.usage} [--name2 NAME] [--narrative] ${DATASET.usage}`,
  options: {
    ...IDENTITY.options,
    ...DATASET.options,
    name2: { type: 'string' },
    narrative: { type: 'boolean', default: false },
  },
  run({ values, io }) {
    const request = { ...identityOf(values), ...(values.name2 !== undefined ? { name2: values.name2 } : {}) };
    printAnswer(values, io, (engine) => engine.player(request, { narrative: values.narrative }), text);
  },
});
