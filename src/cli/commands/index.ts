import type { Command } from '../run.js';
import { playerCommand } from './player.js';
import { scoutingCommand } from './scouting.js';
import { similarCommand } from './similar.js';
import { ingestCsvCommand } from './ingest-csv.js';
import { ingestStatsBombCommand } from './ingest-statsbomb.js';
import { ingestWyscoutCommand } from './ingest-wyscout.js';
import { scoreCommand } from './score.js';
import { verdictCommand } from './verdict.js';
import { bestXiLineupCommand, bestXiPoolCommand } from './bestxi.js';
import { fixturesCommand } from './fixtures.js';
import { standingsCommand } from './standings.js';
import { cardCommand } from './card.js';
import { promptCommand } from './prompt.js';
import { serveCommand } from './serve.js';
import { mcpCommand } from './mcp.js';
import { keysCreateCommand, keysListCommand, keysRevokeCommand } from './keys.js';
import { walletBalanceCommand, walletHoldsCommand, walletLedgerCommand, walletTopupCommand } from './wallet.js';

/**
 * Every `halfspace` sub-command, in help order. Add one import and one entry per command, and its
 * line in ./catalog.ts (the list the binary loads lazily).
 */
export const COMMANDS: readonly Command[] = [
  playerCommand,
  scoutingCommand,
  similarCommand,
  verdictCommand,
  bestXiPoolCommand,
  bestXiLineupCommand,
  fixturesCommand,
  standingsCommand,
  cardCommand,
  promptCommand,
  ingestCsvCommand,
  ingestStatsBombCommand,
  ingestWyscoutCommand,
  scoreCommand,
  serveCommand,
  mcpCommand,
  keysCreateCommand,
  keysListCommand,
  keysRevokeCommand,
  walletTopupCommand,
  walletBalanceCommand,
  walletHoldsCommand,
  walletLedgerCommand,
];
