/*
 * Bad input to the Sportec and DataFactory readers: each is a DatasetError naming the file and
 * what is wrong, never a crash. The documents are hand-made here, not copied from any feed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../../../src/model/dataset-error.js';
import type { FeedFile } from '../../../src/providers/feed-format.js';
import { sportecMatchesFromFiles } from '../../../src/providers/sportec/index.js';
import { dataFactoryMatchesFromFiles } from '../../../src/providers/datafactory/index.js';
import { KICK_OFF, META } from './handmade.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-bad-feed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string, format: 'sportec' | 'datafactory'): FeedFile {
  const path = join(dir, name);
  writeFileSync(path, text);
  return { format, kind: 'other', path };
}

function dataFactoryError(f: FeedFile): DatasetError {
  try {
    dataFactoryMatchesFromFiles([f]);
  } catch (err) {
    if (err instanceof DatasetError) return err;
    throw err;
  }
  throw new Error('no error');
}

function sportecError(files: FeedFile[]): DatasetError {
  try {
    sportecMatchesFromFiles(files);
  } catch (err) {
    if (err instanceof DatasetError) return err;
    throw err;
  }
  throw new Error('no error');
}

describe('Sportec bad input', () => {
  it('reads the hand-made pair, so the cases below fail for their one fault', () => {
    const m = sportecMatchesFromFiles([
      file('ok-meta.xml', META, 'sportec'),
      file('ok-events.xml', `<PutDataRequest>${KICK_OFF}</PutDataRequest>`, 'sportec'),
    ])[0]!;
    expect(m.score).toEqual({ home: 1, away: 0 });
    expect(m.events.find((e) => e.typeId === 1)!.at).toEqual({ x: 0.5, y: 0.5 });
  });

  it('names the file and the offset of a truncated events file', () => {
    const e = sportecError([
      file('meta.xml', META, 'sportec'),
      file('truncated.xml', `<PutDataRequest>${KICK_OFF.slice(0, 120)}`, 'sportec'),
    ]);
    expect(e.message).toMatch(/truncated\.xml.*not readable as XML/);
  });

  it('refuses an events file without its match information', () => {
    const e = sportecError([file('alone.xml', `<PutDataRequest>${KICK_OFF}</PutDataRequest>`, 'sportec')]);
    expect(e.message).toMatch(/alone\.xml.*match information of M-1/);
  });

  it('refuses events of another match than the match information', () => {
    const other = KICK_OFF.replace('MatchId="M-1"', 'MatchId="M-2"');
    const e = sportecError([
      file('meta2.xml', META.replace('MatchId="M-1"', 'MatchId="M-2"'), 'sportec'),
      file('mixed.xml', `<PutDataRequest>${other}${KICK_OFF}</PutDataRequest>`, 'sportec'),
    ]);
    expect(e.message).toMatch(/events of M-1, match information of M-2/);
  });

  it('says which way the teams attack is unknown when no first-half kick-off names TeamLeft', () => {
    const e = sportecError([
      file('meta3.xml', META, 'sportec'),
      file('noleft.xml', `<PutDataRequest>${KICK_OFF.replace(' TeamLeft="T-H"', '')}</PutDataRequest>`, 'sportec'),
    ]);
    expect(e.message).toMatch(/TeamLeft.*which way each team attacks is unknown/);
  });

  it('names the element and attribute of a bad value', () => {
    const e = sportecError([
      file('badmeta.xml', META.replace('Result="1:0"', 'Result="one-nil"'), 'sportec'),
      file('events4.xml', `<PutDataRequest>${KICK_OFF}</PutDataRequest>`, 'sportec'),
    ]);
    expect(e.message).toMatch(/badmeta\.xml, column General\.Result/);
  });
});

describe('DataFactory bad input', () => {
  it('names the file of truncated JSON', () => {
    expect(dataFactoryError(file('cut.json', '{"match": {"matchId": 1', 'datafactory')).message).toMatch(
      /cut\.json.*not readable as JSON/,
    );
  });

  it('names the first field of a document of another format', () => {
    const e = dataFactoryError(file('other.json', JSON.stringify({ events: [] }), 'datafactory'));
    expect(e.message).toMatch(/other\.json, column match/);
  });

  it('names a bad date', () => {
    const doc = {
      match: {
        matchId: 1,
        homeTeamId: 1,
        awayTeamId: 2,
        homeTeamName: 'A',
        awayTeamName: 'B',
        date: '2011-11-11',
        scheduledStart: '12:00',
        gmt: 0,
        competition: 'C',
        competitionId: 3,
      },
      scoreStatus: {},
      players: {},
      incidences: {},
    };
    expect(dataFactoryError(file('date.json', JSON.stringify(doc), 'datafactory')).message).toMatch(
      /column match\.date.*20111111/,
    );
  });
});
