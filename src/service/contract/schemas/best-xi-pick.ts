/** @module The response of POST /api/v1/best-xi/pick (docs/design.md#op-best-xi-pick). */
import * as z from 'zod';
import { BestXiPickSlot, FORMATIONS } from '../../../bestxi/pick.js';
import { Vibe } from '../../../bestxi/vibes.js';
import { BestXiLineupResponse } from '../../../bestxi/lineup.js';

/** Pick response (docs/design.md#op-best-xi-pick): the XI by slot and its lineup aggregates. */
export const BestXiPickResponse = z
  .object({
    formation: z.enum(FORMATIONS),
    vibe_meta: Vibe.describe('The vibe: filters, metric weights, bonuses and constraints'),
    xi: z.array(BestXiPickSlot.loose()).describe('The eleven by slot, goalkeeper first'),
    lineup: BestXiLineupResponse.describe('The lineup aggregates of the XI (the best-xi/lineup answer)'),
    unfilled: z.array(z.string()).describe('Slots no eligible candidate could fill, or empty'),
    meta: z.object({ candidates_considered: z.number().int(), coverage_note: z.string().nullable() }).loose(),
  })
  .loose();
export type BestXiPickResponse = z.infer<typeof BestXiPickResponse>;
