/**
 * @module What the `halfspace` binary knows of its commands before loading any: name and summary
 * (all `halfspace --help` and the unknown-command message print) and how to load the module. A
 * command's module, with the engine, Arrow, the MCP SDK or a store driver behind it, loads
 * only when that command runs or its own `--help` is asked, so `halfspace --version` starts in
 * about the time of a bare `node`. COMMANDS in ./index.ts is this list loaded. The summaries are
 * written here only; the card styles are named from their list.
 */
import { CARD_STYLES, HD_STYLES } from '../../cards/styles.js';
import { listInProse } from '../../prose.js';
import type { CommandEntry } from '../run.js';

/** Every `halfspace` sub-command in help order, loaded on use. */
export const COMMAND_CATALOG: readonly CommandEntry[] = [
  {
    name: 'player',
    summary: 'Player profile: identity, seasonal rows, style tags (add --narrative, --name2 to compare)',
    load: async () => (await import('./player.js')).playerCommand,
  },
  {
    name: 'scouting',
    summary: 'Scouting report: per-90 values and cohort percentiles for the latest season',
    load: async () => (await import('./scouting.js')).scoutingCommand,
  },
  {
    name: 'similar',
    summary: 'DNA similarity search: players whose per-90 style is closest (exact, fee tiers only)',
    load: async () => (await import('./similar.js')).similarCommand,
  },
  {
    name: 'alternatives',
    summary: 'Alternatives (beta): similar-style players reranked toward cheaper and younger',
    load: async () => (await import('./alternatives.js')).alternativesCommand,
  },
  {
    name: 'verdict',
    summary:
      'Verdict (elite, specialist, solid, below_par, merchant, contrast, fraud, cooked, fallback) with role-cohort receipts',
    load: async () => (await import('./verdict.js')).verdictCommand,
  },
  {
    name: 'bestxi pool',
    summary: 'Best XI candidate pool for a vibe (see data/vibes.json)',
    load: async () => (await import('./bestxi.js')).bestXiPoolCommand,
  },
  {
    name: 'bestxi pick',
    summary: 'The best XI of a vibe in a formation (4-3-3, 4-4-2, 3-5-2, 4-2-3-1), with its lineup aggregates',
    load: async () => (await import('./bestxi.js')).bestXiPickCommand,
  },
  {
    name: 'bestxi lineup',
    summary: 'Aggregate statistics of a lineup of 1–11 player ids',
    load: async () => (await import('./bestxi.js')).bestXiLineupCommand,
  },
  {
    name: 'fixtures',
    summary: 'Match intelligence: fixtures with standings, form, derbies, signals and (predicted) line-ups',
    load: async () => (await import('./fixtures.js')).fixturesCommand,
  },
  {
    name: 'standings',
    summary:
      "League table (P W D L GF GA GD Pts, form) of a league-season, or a tournament's group tables, as of any date",
    load: async () => (await import('./standings.js')).standingsCommand,
  },
  {
    name: 'card',
    summary: `Render a PNG card: ${listInProse(CARD_STYLES)}`,
    load: async () => (await import('./card.js')).cardCommand,
  },
  {
    name: 'prompt',
    summary: `Image prompt for an hd card style (${HD_STYLES.join(', ')}) with the mandatory safety block`,
    load: async () => (await import('./prompt.js')).promptCommand,
  },
  {
    name: 'ingest',
    summary:
      'Build an Arrow dataset from event feed files, detecting the provider (Stats Perform MA1/MA3, Opta F7/F24, Metrica, Sportec, DataFactory)',
    load: async () => (await import('./ingest.js')).ingestCommand,
  },
  {
    name: 'ingest csv',
    summary:
      'Read a CSV dataset folder (docs/csv.md; tables as .csv or .parquet), validate it and write an Arrow dataset folder',
    load: async () => (await import('./ingest-csv.js')).ingestCsvCommand,
  },
  {
    name: 'ingest statsbomb',
    summary: 'Build an Arrow dataset from a StatsBomb open-data competition season (events → minutes and totals)',
    load: async () => (await import('./ingest-statsbomb.js')).ingestStatsBombCommand,
  },
  {
    name: 'ingest wyscout',
    summary: 'Build an Arrow dataset from Wyscout v2 event data (public dataset or API match files; .json or .json.gz)',
    load: async () => (await import('./ingest-wyscout.js')).ingestWyscoutCommand,
  },
  {
    name: 'merge',
    summary:
      'Merge datasets from any provider into one (provenance kept, attributions combined, id collisions refused)',
    load: async () => (await import('./merge.js')).mergeCommand,
  },
  {
    name: 'enrich',
    summary: 'Join market values (and height, foot) or club colours and short names from a file',
    load: async () => (await import('./enrich.js')).enrichCommand,
  },
  {
    name: 'score',
    summary:
      'Score every player-season (per-90, percentiles, cohort, rating, fee tier, style tags) into an Arrow, CSV, Parquet or JSON-lines file',
    load: async () => (await import('./score.js')).scoreCommand,
  },
  {
    name: 'serve',
    summary: 'Serve the Developer API over HTTP (keys, wallet, demo channel; SQLite or PostgreSQL store)',
    load: async () => (await import('./serve.js')).serveCommand,
  },
  {
    name: 'mcp',
    summary: 'Serve the API operations as MCP tools over stdio (in-process, no wallet; for a local AI agent)',
    load: async () => (await import('./mcp.js')).mcpCommand,
  },
  {
    name: 'keys create',
    summary: 'Create an API key with a wallet of credits (the key is shown once)',
    load: async () => (await import('./keys.js')).keysCreateCommand,
  },
  {
    name: 'keys list',
    summary: 'List API keys with their balances (never the keys themselves)',
    load: async () => (await import('./keys.js')).keysListCommand,
  },
  {
    name: 'keys revoke',
    summary: 'Revoke an API key: its calls answer 401 from now on',
    load: async () => (await import('./keys.js')).keysRevokeCommand,
  },
  {
    name: 'wallet topup',
    summary: 'Add credits to the wallet of a key',
    load: async () => (await import('./wallet.js')).walletTopupCommand,
  },
  {
    name: 'wallet balance',
    summary: 'Show the credit balance of a key: spendable, and held by calls in flight',
    load: async () => (await import('./wallet.js')).walletBalanceCommand,
  },
  {
    name: 'wallet holds',
    summary: 'List the open holds of a key: credits held by calls in flight, with their owner process and expiry',
    load: async () => (await import('./wallet.js')).walletHoldsCommand,
  },
  {
    name: 'wallet ledger',
    summary: 'Show the ledger of a key: top-ups, holds, captures and releases (newest last)',
    load: async () => (await import('./wallet.js')).walletLedgerCommand,
  },
];
