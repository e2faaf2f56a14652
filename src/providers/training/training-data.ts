/**
 * The real data the value models are fitted on (docs/methodology/values.md#training-data): every
 * shot and pass of the Wyscout open data (../shared/real/wyscout, one competition folder at a
 * time, files in name order), and the shots of the StatsBomb sample with StatsBomb's own xG for
 * the comparison. Deterministic: the same folders give the same lists in the same order.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ShotFeatures } from '../../event-models/shot.js';
import type { TrainingShot } from '../../event-models/xg-fit.js';
import type { XtMove, XtShot } from '../../event-models/xt-fit.js';
import { readCompetitions, readEvents, readMatches } from '../statsbomb/read.js';
import { statsBombShotFeaturesOf } from '../statsbomb/shot-features.js';
import { EVENT, TAG } from '../wyscout/mapping.js';
import { readMatchFile } from '../wyscout/read.js';
import { isWyscoutShot, wyscoutPitchPointOf, wyscoutShotFeaturesOf } from '../wyscout/shot-features.js';

/** The Wyscout competition folders, in the order they are read. */
const WYSCOUT_COMPETITIONS = ['england', 'france', 'germany', 'spain', 'world_cup'] as const;

/** What one competition contributed, with a fingerprint of its shot rows (sha256 of their JSON). */
export interface CompetitionSummary {
  competition: string;
  matches: number;
  shots: number;
  goals: number;
  penalties: number;
  passes: number;
  shots_sha256: string;
}

/** Shots and moves of the Wyscout open data. */
interface WyscoutTraining {
  shots: TrainingShot[];
  moves: XtMove[];
  xtShots: XtShot[];
  competitions: CompetitionSummary[];
  /** Where each competition's moves and xT shots sit in `moves` and `xtShots` (for per-competition xT grids). */
  xtRanges?: { competition: string; moves: [number, number]; xtShots: [number, number] }[];
}

const matchIdOf = (file: string): number => Number.parseInt(file, 10);

/**
 * Reads the shots and passes of one Wyscout competition folder (`events/<competition>/*.json.gz`);
 * `limit` keeps the first matches only (name order), for tests.
 */
export function wyscoutCompetitionOf(
  wyscoutDir: string,
  competition: string,
  limit = Number.POSITIVE_INFINITY,
): WyscoutTraining {
  const dir = join(wyscoutDir, 'events', competition);
  const files = readdirSync(dir)
    .filter((f) => /^\d+\.json(\.gz)?$/.test(f))
    .sort((a, b) => matchIdOf(a) - matchIdOf(b))
    .slice(0, limit);
  const out: WyscoutTraining = { shots: [], moves: [], xtShots: [], competitions: [] };
  let penalties = 0;
  for (const file of files) {
    const { events } = readMatchFile(join(dir, file), `events/${competition}/${file}`);
    const matchId = matchIdOf(file);
    events.forEach((e, i) => {
      if (isWyscoutShot(e) && e.matchPeriod !== 'P') {
        const features = wyscoutShotFeaturesOf(events, i);
        const goal = e.tags.includes(TAG.goal) ? 1 : 0;
        out.shots.push({ matchId, features, goal });
        if (features.situation === 'penalty') penalties++;
        else out.xtShots.push({ x: features.x, y: features.y, goal: goal === 1 });
      } else if (e.eventId === EVENT.pass && e.x !== null && e.y !== null && e.endX !== null && e.endY !== null) {
        const from = wyscoutPitchPointOf(e.x, e.y);
        const to = wyscoutPitchPointOf(e.endX, e.endY);
        out.moves.push({ x0: from.x, y0: from.y, x1: to.x, y1: to.y, success: e.tags.includes(TAG.accurate) });
      }
    });
  }
  out.competitions.push({
    competition,
    matches: files.length,
    shots: out.shots.length,
    goals: out.shots.reduce((n, s) => n + s.goal, 0),
    penalties,
    passes: out.moves.length,
    shots_sha256: fingerprintOf(out.shots),
  });
  return out;
}

/** sha256 of the shots' JSON (match, features, outcome): changes when feature extraction does. */
function fingerprintOf(shots: readonly TrainingShot[]): string {
  const hash = createHash('sha256');
  for (const s of shots) hash.update(`${JSON.stringify([s.matchId, s.features, s.goal])}\n`);
  return hash.digest('hex');
}

/** Every Wyscout competition folder present under `wyscoutDir`, read in {@link WYSCOUT_COMPETITIONS} order. */
export function wyscoutTrainingOf(wyscoutDir: string): WyscoutTraining {
  const all: WyscoutTraining = { shots: [], moves: [], xtShots: [], competitions: [], xtRanges: [] };
  for (const competition of WYSCOUT_COMPETITIONS) {
    if (!existsSync(join(wyscoutDir, 'events', competition))) continue;
    const part = wyscoutCompetitionOf(wyscoutDir, competition);
    all.xtRanges!.push({
      competition,
      moves: [all.moves.length, all.moves.length + part.moves.length],
      xtShots: [all.xtShots.length, all.xtShots.length + part.xtShots.length],
    });
    for (const s of part.shots) all.shots.push(s);
    for (const m of part.moves) all.moves.push(m);
    for (const s of part.xtShots) all.xtShots.push(s);
    all.competitions.push(...part.competitions);
  }
  return all;
}

/** A StatsBomb shot with StatsBomb's own xG. */
interface StatsBombShot {
  matchId: number;
  features: ShotFeatures;
  goal: 0 | 1;
  statsbombXg: number;
}

/** The shots of every match of every season listed in a StatsBomb open-data folder (penalty shoot-outs excluded). */
export function statsBombShotsOf(dir: string): StatsBombShot[] {
  const out: StatsBombShot[] = [];
  for (const c of readCompetitions(dir)) {
    const matches = readMatches(dir, c.competition_id, c.season_id).sort((a, b) => a.match_id - b.match_id);
    for (const m of matches) {
      const events = readEvents(dir, m.match_id);
      events.forEach((e, i) => {
        if (e.type.name !== 'Shot' || !e.shot || e.period > 4) return;
        const statsbombXg = e.shot.statsbomb_xg;
        if (statsbombXg === null || statsbombXg === undefined) return;
        const goal = e.shot.outcome.name === 'Goal' ? 1 : 0;
        out.push({ matchId: m.match_id, features: statsBombShotFeaturesOf(events, i), goal, statsbombXg });
      });
    }
  }
  return out;
}
