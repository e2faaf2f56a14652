/**
 * The binary tunes V8 for a short process only for the commands that read a dataset, answer once
 * and exit (src/cli/v8-tuning.ts), never for a server, an ingest or a batch; and the tuning changes
 * no answer: the built binary (tuned) prints the same bytes as the same line run in-process over
 * the loaded commands (V8's defaults), and nothing on stderr.
 */
import { describe, expect, it } from 'vitest';
import { COMMAND_CATALOG } from '../../src/cli/commands/catalog.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { findCommand, runCli } from '../../src/cli/run.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';

/** Long runs (servers, ingests, batch scoring, dataset writers) and store commands keep V8's defaults. */
const LONG_OR_STORE = /^(serve|mcp|ingest |merge|enrich|score|keys |wallet )/;

describe('which commands run tuned for a short process', () => {
  it('every short-run command reads a dataset; no server, ingest, batch or store command is one', async () => {
    const short = COMMAND_CATALOG.filter((c) => c.shortRun);
    expect(short.length).toBeGreaterThan(5);
    for (const entry of short) {
      expect(entry.name, 'a long or store command').not.toMatch(LONG_OR_STORE);
      expect(Object.keys((await entry.load()).options), entry.name).toContain('dataset');
    }
  });

  it('every other command that reads --dataset is a short run, so a new report is not left untuned', async () => {
    for (const entry of COMMAND_CATALOG) {
      const readsDataset = Object.keys((await entry.load()).options).includes('dataset');
      if (readsDataset && !LONG_OR_STORE.test(entry.name)) expect(entry.shortRun, entry.name).toBe(true);
    }
  });

  it('the binary finds the entry of a command line, options and all', () => {
    expect(findCommand(COMMAND_CATALOG, ['scouting', '--name', 'x'])?.command.shortRun).toBe(true);
    expect(findCommand(COMMAND_CATALOG, ['bestxi', 'pick', '--vibe', 'balanced'])?.command.shortRun).toBe(true);
    expect(findCommand(COMMAND_CATALOG, ['serve', '--port', '0'])?.command.shortRun).toBeUndefined();
    expect(findCommand(COMMAND_CATALOG, ['ingest', 'wyscout', 'dir'])?.command.shortRun).toBeUndefined();
    expect(findCommand(COMMAND_CATALOG, ['--version'])).toBeNull();
  });
});

describe('the tuned binary answers as the untuned in-process run', () => {
  const lines = [
    ['scouting', '--name', 'Bilal Trabelsi', '--json'],
    ['similar', '--name', 'Igor Teixeira', '--json'],
    ['verdict', '--name', 'Igor Teixeira', '--json'],
    ['bestxi', 'pick', '--vibe', 'balanced', '--formation', '4-3-3', '--json'],
  ];
  it.each(lines.map((argv) => ({ line: argv.join(' '), argv })))(
    '$line',
    async ({ argv }) => {
      ensureBuilt();
      let stdout = '';
      const code = await runCli(COMMANDS, argv, { stdout: (t) => (stdout += t), stderr: () => undefined });
      const built = await runBuilt(argv);
      expect(built.code, built.stderr).toBe(0);
      // A V8 that no longer knows the flag would say so on stderr.
      expect(built.stderr).toBe('');
      expect(code).toBe(0);
      expect(built.stdout.length).toBeGreaterThan(1000);
      expect(built.stdout).toBe(stdout);
    },
    240_000,
  );
});
