import { FORMATIONS } from '../../bestxi/pick.js';
import { FEE_TIERS } from '../../stats/fee-tier.js';
import { UsageError, defineCommand } from '../run.js';
import { isOneOf } from '../../validation.js';
import type { BestXiLineupResponse } from '../../bestxi/lineup.js';
import type { BestXiPickResponse } from '../../bestxi/pick.js';
import type { BestXiPoolResponse } from '../../bestxi/pool.js';
import { DATASET, intFlag, printAnswer } from '../shared.js';

const idsOf = (raw: unknown, flag: string): number[] => {
  const ids = String(raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (ids.length === 0 || ids.some((n) => !Number.isInteger(n)))
    throw new UsageError(`--${flag} takes comma-separated player ids, e.g. --${flag} 12,40,77`);
  return ids;
};

/** `halfspace bestxi pool`: candidates for a vibe (docs/design.md#op-best-xi-pool). */
export const bestXiPoolCommand = defineCommand({
  usage: `bestxi pool [--vibe balanced] [--accepts ST,CF] [--limit 30] [--wc2026-only] [--min-fee-tier T3] [--max-league-tier 1] [--ids 1,2] [--player-id N] ${DATASET.usage}`,
  options: {
    ...DATASET.options,
    vibe: { type: 'string', default: 'balanced' },
    accepts: { type: 'string' },
    limit: { type: 'string' },
    'wc2026-only': { type: 'boolean', default: false },
    'min-fee-tier': { type: 'string' },
    'max-league-tier': { type: 'string' },
    ids: { type: 'string' },
    'player-id': { type: 'string' },
  },
  run({ values, io }) {
    const minTier = values['min-fee-tier'];
    if (minTier !== undefined && !isOneOf(FEE_TIERS, minTier))
      throw new UsageError(`--min-fee-tier must be one of ${FEE_TIERS.join(', ')}`);
    const request = {
      vibe_id: values.vibe,
      ...(values.accepts ? { accepts: values.accepts.split(',').map((s) => s.trim().toUpperCase()) } : {}),
      ...(values.limit !== undefined ? { limit: intFlag(values, 'limit') } : {}),
      ...(values['wc2026-only'] ? { wc2026_only: true } : {}),
      ...(minTier ? { min_fee_tier: minTier } : {}),
      ...(values['max-league-tier'] !== undefined ? { max_league_tier: intFlag(values, 'max-league-tier') } : {}),
      ...(values.ids ? { mode: 'byIds', player_ids: idsOf(values.ids, 'ids') } : {}),
      ...(values['player-id'] !== undefined ? { mode: 'full', player_id: intFlag(values, 'player-id') } : {}),
    };
    // cast: the engine parses the request with its zod schema, so a bad flag gets the API's own message.
    printAnswer(values, io, (engine) => engine.bestXiPool(request as never), poolText);
  },
});

/** The pool as a table: score, position, player, club, age, fee tier, top metric. */
function poolText(r: BestXiPoolResponse): string {
  const lines = [
    `${r.vibe_meta.name} — ${r.vibe_meta.description}`,
    `${r.players.length} of ${r.meta.candidates_considered} candidates (form: ${r.meta.form})`,
    '',
    '   score  pos  player                      club                      age  tier  top metric',
    ...r.players.map(
      (p) =>
        `  ${String(p.vibe_score ?? '–').padStart(6)}  ${p.position.padEnd(3)}  ${p.name.slice(0, 26).padEnd(26)}  ${(p.team?.name ?? '').slice(0, 24).padEnd(24)}  ${String(p.age ?? '–').padStart(3)}  ${(p.fee_tier ?? '–').padEnd(4)}  ${p.top_metrics[0] ? `${p.top_metrics[0].metric} ${p.top_metrics[0].percentile}` : ''}  #${p.player_id}`,
    ),
    ...(r.meta.coverage_note ? ['', `Note: ${r.meta.coverage_note}`] : []),
    '',
    POOL_SCORE_NOTE,
  ];
  return `${lines.join('\n')}\n`;
}

/** How a pool score is made, and why it differs from a pick score (docs/methodology/bestxi.md#season-score). */
const POOL_SCORE_NOTE =
  "Score: 0.6 × season score (the rating on 0–100, blended one third to two thirds with the vibe's metrics) + 0.4 × recent form, plus the vibe's bonus. `bestxi pick` leaves recent form out (it judges the season) and takes off a slot's cost, so its scores differ.";

/** How a pick score is made, and why it differs from a pool score. */
const PICK_SCORE_NOTE =
  "Score: season score (the rating on 0–100, blended one third to two thirds with the vibe's metrics) plus the vibe's bonus, minus the slot's cost for his position; in a balanced XI a third of a holding midfielder's score is his ball-winning and passing, of a striker's his goals and npxG (the slot's job). `bestxi pool` also weighs recent form (0.4), so its scores differ.";

/** `halfspace bestxi lineup`: aggregates of a lineup (docs/design.md#op-best-xi-lineup). */
export const bestXiLineupCommand = defineCommand({
  usage: `bestxi lineup --ids 1,2,3 [--vibe ID] ${DATASET.usage}`,
  options: { ...DATASET.options, ids: { type: 'string' }, vibe: { type: 'string' } },
  run({ values, io }) {
    const request = { player_ids: idsOf(values.ids, 'ids'), ...(values.vibe ? { vibe_id: values.vibe } : {}) };
    printAnswer(values, io, (engine) => engine.bestXiLineup(request), lineupText);
  },
});

/** A lineup's aggregates as text. */
function lineupText(r: BestXiLineupResponse): string {
  const s = r.secondary;
  const lines = [
    `Lineup fee tier ${r.primary.lineup_fee_tier ?? '—'} · avg rating ${r.primary.avg_rating ?? '—'} · G+A per 90 ${r.primary.ga_per90} · defensive actions per 90 ${r.primary.def_per90}`,
    `Shape: ${s.shape.goalkeeper} GK, ${s.shape.defender} DF, ${s.shape.midfielder} MF, ${s.shape.attacker} FW${s.goalkeepers_ok ? '' : ' (needs exactly one goalkeeper)'} · avg age ${s.avg_age ?? '—'} · ${Math.round(s.total_minutes)} minutes`,
    `Leagues: ${s.leagues.map((l) => `${l.name} ×${l.players}`).join(', ') || '—'}`,
    `Nationalities: ${s.nationalities.map((n) => `${n.nationality} ×${n.players}`).join(', ') || '—'}`,
    ...(s.vibe_fit !== null ? [`Vibe fit: ${s.vibe_fit}`] : []),
    `Coverage: ${r.data_coverage.players_with_stats}/${r.data_coverage.requested} with stats (${r.data_coverage.level})`,
  ];
  return `${lines.join('\n')}\n`;
}

/** `halfspace bestxi pick`: the best XI of a vibe in a formation (docs/methodology/bestxi.md#picking-an-xi). */
export const bestXiPickCommand = defineCommand({
  usage: `bestxi pick --vibe ID --formation ${FORMATIONS.join('|')} [--league NAME|ID] [--dataset DIR] [--json]`,
  options: {
    ...DATASET.options,
    vibe: { type: 'string', default: 'balanced' },
    formation: { type: 'string' },
    league: { type: 'string' },
  },
  run({ values, io }) {
    const formation = String(values.formation ?? '4-3-3');
    if (!isOneOf(FORMATIONS, formation)) throw new UsageError(`--formation must be one of ${FORMATIONS.join(', ')}`);
    const league = values.league === undefined ? {} : { league: String(values.league) };
    printAnswer(values, io, (engine) => engine.bestXiPick({ vibe_id: values.vibe, formation, ...league }), pickText);
  },
});

/** The XI slot by slot, with its aggregates. */
function pickText(r: BestXiPickResponse): string {
  const lines = [
    `${r.vibe_meta.name} XI, ${r.formation} — ${r.vibe_meta.description}`,
    '',
    ...r.xi.map(
      (s) =>
        `  ${s.slot.padEnd(4)} ${s.position.padEnd(3)}  ${s.display_name.slice(0, 26).padEnd(26)}  ${(s.team ?? '').slice(0, 24).padEnd(24)}  ${String(s.score).padStart(5)}  #${s.player_id}`,
    ),
    ...(r.unfilled.length > 0 ? ['', `Unfilled: ${r.unfilled.join(', ')}`] : []),
    '',
    `Avg rating ${r.lineup.primary.avg_rating ?? '—'} · G+A per 90 ${r.lineup.primary.ga_per90} · defensive actions per 90 ${r.lineup.primary.def_per90}`,
    ...(r.meta.coverage_note ? ['', `Note: ${r.meta.coverage_note}`] : []),
    '',
    PICK_SCORE_NOTE,
  ];
  return `${lines.join('\n')}\n`;
}
