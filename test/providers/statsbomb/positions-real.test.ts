/*
 * Positions from the team's shape (docs/methodology/positions.md#measured), checked against an
 * independent truth: StatsBomb's lineups name each starter's position, and its events have
 * locations. The shape method is run on StatsBomb's event locations alone (the mean location of
 * each starter's on-ball and defensive events while the starting shape holds, i.e. before his
 * team's first substitution or tactical shift) and its positions are compared with the lineup's,
 * starter by starter, over the 60 matches of ../shared/real/statsbomb. Skipped when absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { teamShapeOf } from '../../../src/providers/team-shape.js';
import { positionCodeOfStatsBomb } from '../../../src/providers/statsbomb/mapping.js';
import { positionCodeOf } from '../../../src/providers/wyscout/mapping.js';
import { positionGroupOf, type PositionCode } from '../../../src/model/positions.js';
import { roleOfPosition } from '../../../src/stats/roles.js';
import { realDataPresent, realPath } from '../../helpers/real-data.js';

const REAL = realPath('statsbomb', 'premier-league-2015-16');
const present = realDataPresent('StatsBomb position tests', join(REAL, 'events'));

/** The event kinds whose location says where a player plays (on-ball and defensive actions). */
const LOCATING = new Set([
  'Pass',
  'Carry',
  'Shot',
  'Dribble',
  'Duel',
  'Ball Recovery',
  'Interception',
  'Clearance',
  'Block',
  'Foul Committed',
  'Foul Won',
  'Miscontrol',
  'Dispossessed',
  'Dribbled Past',
]);
const MIN_EVENTS = 10;

interface RawEvent {
  type: { name: string };
  team: { id: number };
  player?: { id: number };
  location?: [number, number];
  tactics?: { lineup: { player: { id: number }; position: { name: string } }[] };
}
interface Starter {
  truth: PositionCode;
  x: number;
  y: number;
  n: number;
}

/** Each team-match's outfield starters with their lineup position and mean location (0–100, attacking frame). */
function starters(): Map<number, Starter>[] {
  const teams: Map<number, Starter>[] = [];
  for (const file of readdirSync(join(REAL, 'events'))) {
    const events = JSON.parse(readFileSync(join(REAL, 'events', file), 'utf8')) as RawEvent[];
    const byTeam = new Map<number, { open: boolean; players: Map<number, Starter> }>();
    for (const e of events) {
      if (e.type.name !== 'Starting XI' || !e.tactics) continue;
      const players = new Map<number, Starter>();
      for (const slot of e.tactics.lineup) {
        const truth = positionCodeOfStatsBomb(slot.position.name)!;
        if (truth !== 'GK') players.set(slot.player.id, { truth, x: 0, y: 0, n: 0 });
      }
      byTeam.set(e.team.id, { open: true, players });
    }
    for (const e of events) {
      const team = byTeam.get(e.team.id);
      if (!team) continue;
      if (e.type.name === 'Substitution' || e.type.name === 'Tactical Shift') team.open = false;
      if (!team.open || !LOCATING.has(e.type.name) || !e.location || !e.player) continue;
      const p = team.players.get(e.player.id);
      if (!p) continue;
      p.x += (e.location[0] / 120) * 100;
      p.y += (e.location[1] / 80) * 100;
      p.n++;
    }
    for (const { players } of byTeam.values()) {
      for (const p of players.values()) if (p.n > 0) Object.assign(p, { x: p.x / p.n, y: p.y / p.n });
      teams.push(new Map([...players].filter(([, p]) => p.n >= MIN_EVENTS)));
    }
  }
  return teams;
}

describe.skipIf(!present)(
  "positions from the team's shape against StatsBomb's lineups (PL 2015/16, 60 matches)",
  () => {
    it('agrees with the lineup on the role of nearly nine starters in ten, and keeps central midfielders central', () => {
      let total = 0;
      let sameCode = 0;
      let sameRole = 0;
      let central = 0;
      let centralKept = 0;
      let centralKeptByLocation = 0;
      for (const team of starters()) {
        const shape = teamShapeOf([...team].map(([player_id, p]) => ({ player_id, x: p.x, y: p.y })));
        if (!shape) continue;
        for (const [id, p] of team) {
          const got = shape.positions.get(id)!;
          total++;
          if (got === p.truth) sameCode++;
          if (roleOfPosition(got) === roleOfPosition(p.truth)) sameRole++;
          if (p.truth !== 'DM' && p.truth !== 'CM') continue;
          central++;
          if (got === 'DM' || got === 'CM') centralKept++;
          // The location rule alone, even told the lineup's group (which Wyscout's role only approximates).
          const byLocation = positionCodeOf('MD', p.x, p.y);
          if (positionGroupOf(p.truth) === 'midfielder' && (byLocation === 'DM' || byLocation === 'CM'))
            centralKeptByLocation++;
        }
      }
      console.log(
        `StatsBomb lineups vs team shape: ${total} starters, same code ${((100 * sameCode) / total).toFixed(1)} %, same role ${((100 * sameRole) / total).toFixed(1)} %; central midfielders kept central ${((100 * centralKept) / central).toFixed(1)} % (location rule: ${((100 * centralKeptByLocation) / central).toFixed(1)} %)`,
      );
      expect(total).toBeGreaterThan(1000);
      expect(sameRole / total).toBeGreaterThan(0.85);
      expect(centralKept / central).toBeGreaterThan(0.9);
      expect(centralKept).toBeGreaterThan(centralKeptByLocation);
    });
  },
);
