/**
 * @module The shot_map layout (1080 × 1350): season header, half a pitch with the season's shots
 * as circles sized by xG (goals filled and drawn on top), the totals (shots, goals, xG, xG per
 * shot), the footer with the attribution and the watermark (docs/cards.md#shot_map). A goalkeeper's
 * map shows the shots he faced, toward his goal, with the goals he conceded filled.
 */
import type { CardFacts } from '../facts.js';
import type { CardShot, ShotsKind } from '../shots.js';
import { div, type LayoutNode } from '../layout-tree.js';
import { INK, RADIUS, cardFrameOf, figureTileOf, formatInt, paletteOf } from './shared.js';

/** The half pitch drawn: 68 m wide, 52.5 m deep, at this many pixels per metre. */
const PX_PER_M = 13.5;
const PITCH_W = Math.round(68 * PX_PER_M);
const PITCH_H = Math.round(52.5 * PX_PER_M);
/** Circle diameter for xG 0 and the extra diameter at xG 1 (grows with √xG, so area follows xG). */
const DOT_MIN = 14;
const DOT_SPAN = 62;
const GOAL_FILL = '#22c55e';
const LINE = 'rgba(245,247,251,0.55)';

const px = (m: number) => Math.round(m * PX_PER_M);

/** A pitch marking: a rectangle outline `w` × `d` metres, centred across, `top` metres from the goal line. */
function box(w: number, d: number, top = 0): LayoutNode {
  return div({
    position: 'absolute',
    left: Math.round(PITCH_W / 2 - px(w / 2)),
    top: px(top),
    width: px(w),
    height: px(d),
    border: `3px solid ${LINE}`,
  });
}

function dot(s: CardShot): LayoutNode {
  const size = Math.round(DOT_MIN + DOT_SPAN * Math.sqrt(Math.max(0, Math.min(1, s.xg))));
  const depth = Math.min(52.5, Math.max(0, (1 - s.x) * 105));
  const across = (s.y - 0.5) * 68;
  return div({
    position: 'absolute',
    left: Math.round(PITCH_W / 2 + across * PX_PER_M - size / 2),
    top: Math.round(depth * PX_PER_M - size / 2),
    width: size,
    height: size,
    borderRadius: size / 2,
    backgroundColor: s.goal ? GOAL_FILL : 'rgba(148,163,184,0.35)',
    border: s.goal ? '3px solid #f5f7fb' : '2px solid rgba(245,247,251,0.8)',
  });
}

/** The half pitch with its markings and the shots (misses first, goals on top). */
function pitchOf(shots: readonly CardShot[] | null, kind: ShotsKind): LayoutNode {
  const ordered = shots ? [...shots.filter((s) => !s.goal), ...shots.filter((s) => s.goal)] : [];
  return div(
    {
      position: 'relative',
      width: PITCH_W,
      height: PITCH_H,
      backgroundColor: '#123524',
      border: `3px solid ${LINE}`,
      overflow: 'hidden',
      alignItems: 'center',
      justifyContent: 'center',
    },
    box(40.32, 16.5),
    box(18.32, 5.5),
    div({
      position: 'absolute',
      left: Math.round(PITCH_W / 2 - 5),
      top: px(11) - 5,
      width: 10,
      height: 10,
      borderRadius: 5,
      backgroundColor: LINE,
    }),
    div({
      position: 'absolute',
      left: Math.round(PITCH_W / 2 - px(9.15)),
      top: PITCH_H - px(9.15),
      width: px(18.3),
      height: px(18.3),
      borderRadius: px(9.15),
      border: `3px solid ${LINE}`,
    }),
    div({
      position: 'absolute',
      left: Math.round(PITCH_W / 2 - px(3.66)),
      top: 0,
      width: px(7.32),
      height: 8,
      backgroundColor: INK.text,
    }),
    ...ordered.map(dot),
    shots === null && div({ fontSize: 30, fontWeight: 700, color: INK.muted }, 'No shot data in this dataset'),
    shots !== null &&
      shots.length === 0 &&
      div({ fontSize: 30, fontWeight: 700, color: INK.muted }, kind === 'faced' ? 'No shots faced' : 'No shots'),
  );
}

const totalTile = (label: string, value: string, accent: string): LayoutNode =>
  figureTileOf(label, value, accent, { valueSize: 44, radius: RADIUS });

/** The season's shot totals: from the shots themselves, so the map and the numbers always agree. */
export function shotTotalsOf(shots: readonly CardShot[]): { shots: number; goals: number; xg: number } {
  return { shots: shots.length, goals: shots.filter((s) => s.goal).length, xg: shots.reduce((a, s) => a + s.xg, 0) };
}

/**
 * The shot_map layout tree for one player's facts (`facts.shots` null: the pitch says the dataset
 * has no shot data and the totals are dashes).
 * @example shotMapLayout(facts).props.style?.height // => 1350
 */
export function shotMapLayout(facts: CardFacts): LayoutNode {
  const pal = paletteOf(facts);
  const p = facts.player;
  const t = facts.shots ? shotTotalsOf(facts.shots) : null;
  const seasonLine = facts.season ? `${facts.season.league_name} · ${facts.season.season_name}` : 'Season shot map';
  const faced = facts.shots_kind === 'faced';
  return cardFrameOf(facts, 'shot_map', {}, [
    div(
      { flexDirection: 'column', backgroundColor: pal.primary, color: pal.onPrimary, padding: '36px 56px 26px' },
      div(
        { fontSize: 22, fontWeight: 700, letterSpacing: 3, textTransform: 'uppercase', opacity: 0.9 },
        `${faced ? 'Shots faced' : 'Shot map'} · ${seasonLine}`,
      ),
      div(
        { fontSize: 60, fontWeight: 900, letterSpacing: -1.5, marginTop: 10, wordBreak: 'break-word', maxWidth: 968 },
        p.display_name,
      ),
      div(
        { fontSize: 24, fontWeight: 500, marginTop: 6, opacity: 0.9 },
        [facts.club?.name ?? 'Free agent', p.position].join(' · '),
      ),
    ),
    div({ height: 10, backgroundColor: pal.secondary }),
    div({ justifyContent: 'center', marginTop: 26 }, pitchOf(facts.shots, facts.shots_kind)),
    div(
      { padding: '22px 44px 0 56px' },
      totalTile(faced ? 'Shots faced' : 'Shots', t ? formatInt(t.shots) : '–', pal.primary),
      totalTile(faced ? 'Conceded' : 'Goals', t ? formatInt(t.goals) : '–', GOAL_FILL),
      totalTile(faced ? 'xG faced' : 'xG', t ? t.xg.toFixed(1) : '–', pal.primary),
      totalTile('xG / shot', t && t.shots > 0 ? (t.xg / t.shots).toFixed(2) : '–', pal.primary),
    ),
  ]);
}
