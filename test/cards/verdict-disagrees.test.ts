/**
 * A caller-chosen verdict_code the numbers do not back says so on the card itself
 * (docs/cards.md#verdict-line): the PNG the operation returns is decoded and compared, pixel by
 * pixel, with renders of the same facts whose verdict detail is the disagreement line, nothing, or
 * the engine's own headline.
 */
import { describe, expect, it } from 'vitest';
import { renderCard } from '../../src/cards/card.js';
import { cardFactsOf, type CardFacts } from '../../src/cards/facts.js';
import { POSITION_GROUPS } from '../../src/model/schema.js';
import { CARD_TRIPLET } from '../../src/stats/metrics.js';
import { Engine } from '../../src/engine.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { decodePng, type DecodedPng } from './png.js';

const engine = Engine.open({ dataset: tinyDataset() });
const CALLER_CODES = ['fraud', 'merchant', 'cooked'] as const;

/** Rows where two decoded PNGs of the same size differ. */
function changedRows(a: DecodedPng, b: DecodedPng): number[] {
  const rows: number[] = [];
  const stride = a.width * 4;
  for (let y = 0; y < a.height; y++)
    for (let i = y * stride; i < (y + 1) * stride; i++)
      if (a.rgba[i] !== b.rgba[i]) {
        rows.push(y);
        break;
      }
  return rows;
}

const withDetail = (facts: CardFacts, detail: string | null): CardFacts => ({
  ...facts,
  verdict: { ...facts.verdict, detail },
});

describe('a caller verdict_code the engine disagrees with', () => {
  for (const playerId of [1, 2, 3]) {
    it(`player ${playerId}: the card prints that the numbers disagree`, async () => {
      const v = engine.verdict({ player_id: playerId });
      if (!v.ok) throw new Error(v.error.message);
      const engineCode = v.value.verdict_code;
      const caller = CALLER_CODES.find((c) => c !== engineCode)!;
      const r = await engine.card(
        { player_id: playerId, style: 'player_card', verdict_code: caller },
        { watermark: false },
      );
      if (!r.ok) throw new Error(r.error.message);
      const png = decodePng(r.value.png);

      // The same facts the operation built, with the engine's verdict line.
      const player = engine.playerById(playerId)!;
      const facts = cardFactsOf(engine, player, {
        stats: CARD_TRIPLET[POSITION_GROUPS[engine.derived.group[engine.latestRowOf(playerId)]]],
        verdict_code: caller,
        engine_verdict: {
          verdict_code: engineCode,
          headline: v.value.headline,
          confidence: v.value.confidence,
        },
        watermark: null,
      });
      expect(facts.verdict.detail).toMatch(/^The numbers (say otherwise: .+\.|do not back this frame: .+)$/);
      const render = async (f: CardFacts) => decodePng((await renderCard('player_card', f)).png);
      const said = await render(facts);
      // The operation's PNG is exactly these facts drawn, disagreement line included.
      expect(changedRows(png, said)).toEqual([]);
      const silent = await render(withDetail(facts, null));
      const echoed = await render(withDetail(facts, v.value.headline));
      const disagreement = changedRows(said, silent);
      expect(disagreement.length, 'the disagreement line is drawn').toBeGreaterThan(0);
      expect(changedRows(said, echoed).length, 'and it is not the engine headline').toBeGreaterThan(0);
    });
  }
});
