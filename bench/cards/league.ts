/**
 * The radar on a real league: the radar and the player_card of every regular of the Premier League
 * 2017/18 (outfield players and goalkeepers, Wyscout public data in ../shared/real/wyscout;
 * HALFSPACE_REAL_DIR overrides the location), each measured in CPU time. The player_card's time over
 * the same players is the budget the radar must keep (docs/cards.md#radar). Returns null, saying why,
 * when the data is absent.
 */
import { join } from 'node:path';
import type { z } from 'zod';
import { layoutOf } from '../../src/cards/card.js';
import type { CardFacts } from '../../src/cards/facts.js';
import type { LayoutNode } from '../../src/cards/layout-tree.js';
import { CardRequest, type CardStyle } from '../../src/cards/request.js';
import { Engine } from '../../src/engine.js';
import { rowsOf } from '../../src/model/schema.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { realDataPresent, realPath } from '../../test/helpers/real-data.js';

type Measure = (tree: LayoutNode, width: number, height: number) => Promise<{ svgCpuMs: number; pngCpuMs: number }>;

const SIZE = { width: 1080, height: 1350 };

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const round = (x: number) => Math.round(x * 10) / 10;

/** The facts a card of this request is drawn from, captured at the render step. */
async function factsOf(engine: Engine, request: z.input<typeof CardRequest>): Promise<CardFacts> {
  let facts: CardFacts | null = null;
  const r = await engine.card(CardRequest.parse(request), {
    render: async (task) => {
      facts = task.facts;
      return { png: new Uint8Array(), width: 0, height: 0, svg_ms: 0, png_ms: 0 };
    },
  });
  if (!r.ok) throw new Error(`${request.player_id}: ${r.error.message}`);
  return facts!;
}

export async function leagueRadar(measure: Measure) {
  const real = realPath('wyscout');
  if (!realDataPresent('league radar', join(real, 'matches', 'matches_England.json'))) return null;
  const { dataset } = wyscoutIngest(real, { competition: 'England' });
  const engine = Engine.open({ dataset });
  const regulars = rowsOf(dataset.tables.players, 'players').filter((p) => {
    const s = engine.scouting({ player_id: p.player_id });
    return s.ok && s.value.data.sample?.level === 'ok';
  });
  const cpu: Record<'radar' | 'player_card', number[]> = { radar: [], player_card: [] };
  let keepers = 0;
  for (const p of regulars) {
    if (p.position === 'GK') keepers++;
    for (const style of ['player_card', 'radar'] as const satisfies readonly CardStyle[]) {
      const tree = layoutOf(style, await factsOf(engine, { player_id: p.player_id, style }));
      const r = await measure(tree, SIZE.width, SIZE.height);
      cpu[style].push(r.svgCpuMs + r.pngCpuMs);
    }
  }
  const budget = quantile(cpu.player_card, 0.95);
  const stats = (xs: number[]) => ({
    median_ms: round(quantile(xs, 0.5)),
    p95_ms: round(quantile(xs, 0.95)),
    max_ms: round(Math.max(...xs)),
  });
  return {
    league: 'Premier League 2017/18 (Wyscout public data)',
    players: regulars.length,
    goalkeepers: keepers,
    radar_cpu: stats(cpu.radar),
    player_card_cpu: stats(cpu.player_card),
    median_ratio: Math.round((quantile(cpu.radar, 0.5) / quantile(cpu.player_card, 0.5)) * 100) / 100,
    p95_ratio: Math.round((quantile(cpu.radar, 0.95) / budget) * 100) / 100,
    radars_over_player_card_p95: cpu.radar.filter((ms) => ms > budget).length,
    player_cards_over_player_card_p95: cpu.player_card.filter((ms) => ms > budget).length,
  };
}
