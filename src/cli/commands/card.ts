import { readFileSync, writeFileSync } from 'node:fs';
import { writeViaTemp } from '../../io/temp-file.js';
import { CardRequest } from '../../cards/request.js';
import { CARD_VERDICT_CODES } from '../../cards/verdict-line.js';
import { parseWith } from '../../validation.js';
import { messageOf } from '../../errors.js';
import { defineCommand, UsageError } from '../run.js';
import { assertFileTarget, DATASET, IDENTITY, identityOf, openEngine, valueOrExit } from '../shared.js';
import { jsonOut } from '../json-out.js';

/** `halfspace card`: renders one card PNG (docs/cards.md). */
export const cardCommand = defineCommand({
  usage: `card ${IDENTITY.usage} --out FILE.png [--style player_card] [--name2 NAME | --closest] [--stats a,b] [--hero KEY] [--caption TEXT] [--verdict-code ${CARD_VERDICT_CODES.join('|')}] [--photo FILE] [--event-type T] [--base-url URL] [--no-watermark] ${DATASET.usage}`,
  options: {
    ...IDENTITY.options,
    ...DATASET.options,
    style: { type: 'string', default: 'player_card' },
    name2: { type: 'string' },
    closest: { type: 'boolean' },
    out: { type: 'string' },
    stats: { type: 'string' },
    hero: { type: 'string' },
    caption: { type: 'string' },
    'verdict-code': { type: 'string' },
    photo: { type: 'string' },
    'event-type': { type: 'string' },
    'base-url': { type: 'string' },
    'no-watermark': { type: 'boolean', default: false },
  },
  async run({ values, io }) {
    const out = values.out;
    if (!out) throw new UsageError('give --out FILE.png');
    assertFileTarget(out);
    const request: Record<string, unknown> = { ...identityOf(values, 'player_name'), style: values.style };
    if (values.stats !== undefined)
      request.stats = values.stats
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (values.name2 !== undefined) request.name2 = values.name2;
    if (values.closest) request.closest = true;
    if (values.hero !== undefined) request.hero_stat = values.hero;
    if (values.caption !== undefined) request.caption = values.caption;
    if (values['verdict-code'] !== undefined) request.verdict_code = values['verdict-code'];
    if (values['event-type'] !== undefined) request.event_type = values['event-type'];
    let photo: Uint8Array | undefined;
    if (values.photo !== undefined) {
      try {
        photo = readFileSync(values.photo);
      } catch (e) {
        throw new UsageError(`cannot read --photo ${String(values.photo)}: ${messageOf(e)}`);
      }
    }
    const engine = openEngine(values);
    const r = valueOrExit(
      await engine.parsed.card(valueOrExit(parseWith(CardRequest, request)), {
        baseUrl: values['base-url'],
        watermark: !values['no-watermark'],
        photo,
      }),
    );
    // A temporary file renamed into place: an interrupted write never leaves half a PNG at --out.
    writeViaTemp(out, (fd) => writeFileSync(fd, r.png));
    const { player, style, width, height, watermark, content_hash } = r;
    const summary = { player, style, out, width, height, bytes: r.png.length, watermark, content_hash };
    io.stdout(
      values.json
        ? jsonOut(summary)
        : `wrote ${out}: ${r.style} ${r.width}×${r.height}, ${Math.round(r.png.length / 1024)} KB — ${r.player.display_name} (${r.player.position}, ${r.player.team_name ?? 'no club'})${r.watermark ? '' : ', no watermark'}\n`,
    );
  },
});
