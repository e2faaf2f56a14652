/*
 * Cards on the Premier League 2017/18 (Wyscout public dataset in ../shared/real/wyscout;
 * HALFSPACE_REAL_DIR overrides the location). Skipped, saying why, when absent. Checks what a fan
 * sees (docs/cards.md): clubs in the colours their data gives or the house palette, verdict text
 * never cut mid-sentence, a goalkeeper's shot map of the shots he faced, highlights that name a
 * row the card shows. PNGs are checked by decoding them.
 */
import { join } from 'node:path';
import satori from 'satori';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { CardFacts } from '../../src/cards/facts.js';
import { CardRequest } from '../../src/cards/request.js';
import { cardFonts, loadCardAsset } from '../../src/cards/fonts.js';
import { playerCardLayout, VERDICT_DETAIL_BOX } from '../../src/cards/layouts/player-card.js';
import { CARD_SIZES } from '../../src/cards/styles.js';
import { HOUSE_PALETTE, paletteOf } from '../../src/cards/layouts/shared.js';
import type { RenderTask } from '../../src/cards/render-pool.js';
import { clausePrefixesOf } from '../../src/cards/text-fit.js';
import { Engine } from '../../src/engine.js';
import { enrichTeams } from '../../src/identity/enrich.js';
import { rowsOf } from '../../src/model/schema.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { decodePng, pixelAt } from './png.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('cards PL test', join(REAL, 'matches', 'matches_England.json'));

const CLUBS = ['Liverpool', 'Manchester United', 'Chelsea', 'Tottenham Hotspur'];
const hex = ([r, g, b]: readonly number[]) => `#${[r, g, b].map((c) => c!.toString(16).padStart(2, '0')).join('')}`;

describe.skipIf(!present)('cards on the Premier League 2017/18', () => {
  let engine: Engine;
  let dataset: ReturnType<typeof wyscoutIngest>['dataset'];
  /** Player rows with a season row ranked in its cohort: the regulars. */
  let regulars: { player_id: number; team_id: number | null; name: string; position: string }[];

  /** The facts a card would be drawn from, captured at the render step (no pixels drawn). */
  async function factsOf(e: Engine, request: z.input<typeof CardRequest>): Promise<CardFacts> {
    let facts: CardFacts | null = null;
    const r = await e.card(CardRequest.parse(request), {
      render: async (task: RenderTask) => {
        facts = task.facts;
        return { png: new Uint8Array(), width: 0, height: 0, svg_ms: 0, png_ms: 0 };
      },
    });
    if (!r.ok) throw new Error(r.error.message);
    return facts!;
  }

  beforeAll(() => {
    dataset = wyscoutIngest(REAL, { competition: 'England' }).dataset;
    engine = Engine.open({ dataset });
    regulars = rowsOf(dataset.tables.players, 'players')
      .filter((p) => {
        const s = engine.scouting({ player_id: p.player_id });
        return s.ok && s.value.data.sample?.level === 'ok';
      })
      .map((p) => ({ player_id: p.player_id, team_id: p.team_id, name: p.name, position: p.position }));
  }, 240_000);

  it('draws Liverpool, United, Chelsea and Spurs in the house palette: event data carries no club colours', async () => {
    const teams = rowsOf(dataset.tables.teams, 'teams');
    for (const club of CLUBS) {
      const team = teams.find((t) => t.name === club);
      expect(team, club).toBeDefined();
      const player = regulars.find((p) => p.team_id === team!.team_id)!;
      const facts = await factsOf(engine, { player_id: player.player_id, style: 'player_card' });
      expect(paletteOf(facts)).toMatchObject({ ...HOUSE_PALETTE, source: 'house' });
    }
    // The decoded header of a Liverpool card is the house slate.
    const salah = await engine.card({ player_name: 'Mohamed Salah', style: 'player_card' });
    if (!salah.ok) throw new Error(salah.error.message);
    expect(hex(pixelAt(decodePng(salah.value.png), 20, 20))).toBe(HOUSE_PALETTE.primary);
  });

  it('draws a club in the colours an enrich --teams file gives it', async () => {
    // The user's own file: whatever colours it names are the ones drawn.
    const records = CLUBS.map((name, i) => ({
      line: i + 2,
      cells: { name, primary_color: ['#c8102e', '#da291c', '#034694', '#132257'][i]!, secondary_color: '#ffffff' },
    }));
    const enriched = Engine.open({ dataset: enrichTeams(dataset, records, 'teams.csv').dataset });
    const card = await enriched.card({ player_name: 'Mohamed Salah', style: 'player_card' });
    if (!card.ok) throw new Error(card.error.message);
    expect(hex(pixelAt(decodePng(card.value.png), 20, 20))).toBe('#c8102e');
  });

  it('cuts no verdict sentence on the 20 regulars with the longest verdicts: whole, or whole clauses, and inside its box', async () => {
    const verdicts = regulars
      .map((p) => ({ p, v: engine.verdict({ player_id: p.player_id }) }))
      .filter((x) => x.v.ok)
      .map((x) => ({ p: x.p, headline: (x.v as { value: { headline: string } }).value.headline }))
      .sort((a, b) => b.headline.length - a.headline.length)
      .slice(0, 20);
    expect(verdicts).toHaveLength(20);
    let shortened = 0;
    for (const { p, headline } of verdicts) {
      const facts = await factsOf(engine, { player_id: p.player_id, style: 'player_card' });
      if (facts.verdict.detail !== headline) continue; // a style-tag line has no detail
      // The detail box is the one with the verdict box's width and line height: its text from the
      // layout tree, its laid-out height from satori.
      const isDetail = (style: Record<string, unknown> | undefined) =>
        style?.lineHeight === 1.3 && style.maxWidth === VERDICT_DETAIL_BOX.width;
      const layout = playerCardLayout(facts);
      let node: { text: string; height: number; fontSize: number } | null = null;
      const walk = (n: unknown): void => {
        if (!n || typeof n !== 'object') return;
        const props = (n as { props?: { style?: Record<string, unknown>; children?: unknown } }).props;
        const text = Array.isArray(props?.children) ? props.children.join('') : props?.children;
        if (isDetail(props?.style) && typeof text === 'string')
          node = { text, height: -1, fontSize: props!.style!.fontSize as number };
        const kids = props?.children;
        for (const k of Array.isArray(kids) ? kids : [kids]) walk(k);
      };
      walk(layout);
      await satori(layout as unknown as Parameters<typeof satori>[0], {
        ...CARD_SIZES.player_card,
        fonts: cardFonts(),
        loadAdditionalAsset: loadCardAsset,
        onNodeDetected: (n) => {
          if (node && isDetail(n.props.style as Record<string, unknown>)) node.height = n.height;
        },
      });
      expect(node, p.name).not.toBeNull();
      const { text, height, fontSize } = node!;
      expect(text === headline || clausePrefixesOf(headline).includes(text), `${p.name}: ${text}`).toBe(true);
      expect(text, p.name).toMatch(/[.!?]$/);
      expect(VERDICT_DETAIL_BOX.sizes).toContain(fontSize);
      // The box is not clipped: satori laid the text out in at most the box's lines.
      expect(height, `${p.name}: ${text}`).toBeLessThanOrEqual(VERDICT_DETAIL_BOX.lines * fontSize * 1.3 + 1);
      if (text !== headline) shortened++;
    }
    console.log(`verdict detail: ${shortened} of 20 longest shortened at a clause boundary`);
  }, 240_000);

  it("shows a goalkeeper the shots he faced: every opponent shot on his team's keepers, his goals conceded filled", async () => {
    const keepers = regulars.filter((p) => p.position === 'GK');
    expect(keepers.length).toBeGreaterThanOrEqual(20);
    const shots = rowsOf(dataset.tables.shots!, 'shots');
    const fixtures = rowsOf(dataset.tables.fixtures, 'fixtures');
    const faced = new Map<number, number>();
    for (const k of keepers) {
      const facts = await factsOf(engine, { player_id: k.player_id, style: 'shot_map' });
      expect(facts.shots_kind).toBe('faced');
      const goals = facts.shots!.filter((s) => s.goal).length;
      const conceded = engine.scouting({ player_id: k.player_id });
      if (!conceded.ok) throw new Error(conceded.error.message);
      const e = conceded.value.data.percentiles.goals_conceded_per90!;
      const concededTotal = Math.round((e.value! * conceded.value.data.sample!.minutes) / 90);
      // Own goals are not shots: the map holds at most his goals conceded, and most of them.
      expect(goals, k.name).toBeLessThanOrEqual(concededTotal + 1);
      expect(goals, k.name).toBeGreaterThanOrEqual(concededTotal * 0.75);
      faced.set(k.team_id!, (faced.get(k.team_id!) ?? 0) + facts.shots!.length);
    }
    // A team whose regular keeper played every minute: his map holds every shot its opponents took.
    for (const [team, n] of faced) {
      const opponents = shots.filter((s) => {
        const f = fixtures.find((x) => x.fixture_id === s.fixture_id)!;
        return (f.home_team_id === team || f.away_team_id === team) && s.team_id !== team;
      }).length;
      expect(n, `team ${team}`).toBeLessThanOrEqual(opponents * 1.01);
    }
    const degea = await engine.card({ player_name: 'David de Gea', style: 'shot_map' });
    if (!degea.ok) throw new Error(degea.error.message);
    const png = decodePng(degea.value.png);
    let green = 0;
    for (let y = 230; y < 960; y += 2)
      for (let x = 80; x < 1000; x += 2) if (hex(pixelAt(png, x, y)) === '#22c55e') green++;
    expect(green).toBeGreaterThan(500);
  }, 240_000);

  it('highlights only a metric the card shows, on every regular', async () => {
    for (const p of regulars.slice(0, 120))
      for (const style of ['player_card', 'stat_ribbon'] as const) {
        const facts = await factsOf(engine, { player_id: p.player_id, style });
        if (facts.highlight) expect(facts.stats, `${p.name} ${style}`).toContain(facts.highlight.key);
      }
  }, 240_000);

  it('renders a radar for every regular, outfield or in goal, as a 1080 × 1350 PNG; --closest overlays one of his role', async () => {
    for (const p of regulars) {
      const r = await engine.card({ player_id: p.player_id, style: 'radar' });
      if (!r.ok) throw new Error(`${p.name}: ${r.error.message}`);
      const png = decodePng(r.value.png);
      expect([png.width, png.height], p.name).toEqual([1080, 1350]);
    }
    const kante = await factsOf(engine, { player_name: 'Kanté', style: 'radar', closest: true });
    const [first, second] = kante.radar!.series;
    expect(second, 'a closest player').toBeDefined();
    expect(second!.player_id).not.toBe(first!.player_id);
    expect(second!.similarity).toBeGreaterThan(0);
    expect(second!.similarity).toBeLessThanOrEqual(1);
    // Same role: the card would have refused him as name2 otherwise.
    const named = await factsOf(engine, { player_name: 'Kanté', style: 'radar', name2: second!.display_name });
    expect(named.radar!.series[1]!.player_id).toBe(second!.player_id);
  }, 400_000);
});
