/**
 * The tier each Wyscout competition is stored with (docs/methodology/wyscout.md#league-tiers): the
 * big-five top divisions are tier 1; the World Cup and the European Championship are international
 * competitions (kind `international`), stored as tier 1 because they are the top level of national-team
 * football. `ingest wyscout --league-tier NAME=N` overrides the table.
 */
import { PUBLIC_COMPETITIONS } from './mapping.js';

/** Tier by Wyscout `competitionId`: a data table, one line per public-dataset competition. */
export const LEAGUE_TIERS: Readonly<Record<number, { tier: number; why: string }>> = {
  364: { tier: 1, why: 'Premier League: top division of England (big five)' },
  795: { tier: 1, why: 'La Liga: top division of Spain (big five)' },
  524: { tier: 1, why: 'Serie A: top division of Italy (big five)' },
  426: { tier: 1, why: 'Bundesliga: top division of Germany (big five)' },
  412: { tier: 1, why: 'Ligue 1: top division of France (big five)' },
  28: { tier: 1, why: 'FIFA World Cup: international competition, the top level of national-team football' },
  102: { tier: 1, why: 'UEFA European Championship: international competition of national teams' },
};

/** Tier of a competition not in {@link LEAGUE_TIERS}: an unknown league is not ranked below the ones we know. */
const UNKNOWN_COMPETITION_TIER = 1;

/**
 * The stored tier of Wyscout competition `competitionId`.
 * @example leagueTierOf(364) // => 1
 */
export function leagueTierOf(competitionId: number): number {
  return LEAGUE_TIERS[competitionId]?.tier ?? UNKNOWN_COMPETITION_TIER;
}

/**
 * Parses `--league-tier` (`England=1,World_Cup=2`; a competition's file name, public name or id) into
 * tiers by competition id. Returns an error message for a malformed or unknown entry.
 * @example leagueTierOverridesOf('England=2') // => { ok: true, tiers: Map { 364 => 2 } }
 */
export function leagueTierOverridesOf(
  text: string,
): { ok: true; tiers: Map<number, number> } | { ok: false; message: string } {
  const tiers = new Map<number, number>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(.+?)\s*=\s*(\d+)$/.exec(part);
    if (!m || Number(m[2]) < 1)
      return {
        ok: false,
        message: `--league-tier wants NAME=TIER pairs with TIER ≥ 1 (e.g. England=1), got "${part}"`,
      };
    const name = m[1].toLowerCase();
    const known = PUBLIC_COMPETITIONS.find(
      (c) => c.file.toLowerCase() === name || c.name.toLowerCase() === name || String(c.id) === name,
    );
    const id = known?.id ?? (/^\d+$/.test(name) ? Number(name) : null);
    if (id === null)
      return {
        ok: false,
        message: `--league-tier: unknown competition "${m[1]}" (${PUBLIC_COMPETITIONS.map((c) => c.file).join(', ')} or an id)`,
      };
    tiers.set(id, Number(m[2]));
  }
  return { ok: true, tiers };
}
