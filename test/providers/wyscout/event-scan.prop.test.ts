/*
 * The byte scanner (src/providers/wyscout/event-scan.ts) reads a per-match file exactly as the
 * reference way does — `JSON.parse` of the text, then the event reader of event-record.ts
 * (docs/methodology/wyscout.md#workers): on generated files (any key order, whitespace, escapes,
 * number forms, odd and missing fields, unknown nested members) and on byte-mutated ones
 * (malformed or not), both give the same match file, or the same error. Real Premier League
 * matches are checked whole and mutated when ../shared/real/wyscout is present (skipped, saying
 * so, when it is not).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchFileFromBytes, matchFileFromJson } from '../../../src/providers/wyscout/read.js';

const REAL = join(
  process.env.HALFSPACE_REAL_DIR ?? fileURLToPath(new URL('../../../../shared/real/', import.meta.url)),
  'wyscout',
  'events',
  'england',
);
const realPresent = existsSync(REAL);
if (!realPresent) console.log(`Event scanner tests on real matches skipped: ${REAL} is absent.`);

/** A number written as this exact text (so `-0`, `1E2` and 17-digit clocks reach the readers as such). */
class Raw {
  constructor(readonly text: string) {}
}
/** A JSON value to write; an undefined member is left out, as JSON.stringify does. */
type Value = null | boolean | number | string | Raw | Value[] | { [key: string]: Value | undefined };

/** Formatting choices: whitespace between tokens, and whether keys are written with escapes. */
interface Style {
  ws: string[];
  escapeKeys: boolean;
}
const pick = (list: string[], k: number): string => list[k % list.length];
let turn = 0;

/** JSON text of `v` in `style`: the same value `JSON.parse` reads back, written in many ways. */
function write(v: Value, style: Style): string {
  const s = (): string => pick(style.ws, turn++);
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${s()}${v.map((x) => write(x, style)).join(`${s()},${s()}`)}${s()}]`;
  if (v !== null && typeof v === 'object') {
    const key = (k: string): string =>
      style.escapeKeys && k.length > 0
        ? `"\\u${k.charCodeAt(0).toString(16).padStart(4, '0')}${k.slice(1)}"`
        : JSON.stringify(k);
    const members = Object.entries(v)
      .filter((e): e is [string, Value] => e[1] !== undefined)
      .map(([k, x]) => `${key(k)}${s()}:${s()}${write(x, style)}`);
    return `{${s()}${members.join(`${s()},${s()}`)}${s()}}`;
  }
  return JSON.stringify(v);
}

const numberText = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom('-0', '0.0', '-0.0', '1E2', '1e-2', '2.5E+1', '1e400', '-1e400', '2147483648', '1.5'),
  fc.constantFrom('2.7586489999999912', '1234.000000000000001', '12345678901234567890', '0.00000000000000001'),
  fc.tuple(fc.nat(5999), fc.nat(99_999_999), fc.nat(99_999_999)).map(([a, b, c]) => `${a}.${b}${c}`),
);
const num = numberText.map((t) => new Raw(t));
/** A value of any JSON kind (nested), for odd fields and unknown members. */
const anyJson: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    num,
    fc.string(),
    fc.constantFrom('', '1H', 'é', '\u2028', 'a"b', 'a\\b', '\u0001', '\ud83d\ude00'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;
/** A field: absent, plain, or anything else. */
const field = (plain: fc.Arbitrary<Value>) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 12, arbitrary: plain },
    { weight: 1, arbitrary: anyJson },
  );
const intNum = fc.integer({ min: -5, max: 2 ** 31 }).map((n) => new Raw(String(n)));
const point = fc.oneof(
  { weight: 8, arbitrary: fc.record({ x: num, y: num }) },
  { weight: 1, arbitrary: fc.record({ y: num, x: num, z: anyJson }) },
  { weight: 1, arbitrary: anyJson },
);
const tag = fc.oneof({ weight: 8, arbitrary: fc.record({ id: intNum }) }, { weight: 1, arbitrary: anyJson });
const eventFields = fc.record({
  eventId: field(intNum),
  subEventName: field(fc.string()),
  tags: field(fc.oneof(fc.array(tag, { maxLength: 3 }), fc.constant(null))),
  playerId: field(intNum),
  positions: field(fc.oneof(fc.array(point, { maxLength: 3 }), fc.constant(null))),
  matchId: field(intNum),
  eventName: field(fc.string()),
  teamId: field(intNum),
  matchPeriod: field(fc.constantFrom('1H', '2H', 'E1', 'E2', 'P', 'X', 'é')),
  eventSec: field(num),
  subEventId: field(fc.oneof(intNum, fc.constant(''), fc.constant(null))),
  id: field(intNum),
  extra: field(anyJson),
});
/** An event: its present fields in any order, sometimes one twice (the last one counts, as for JSON.parse). */
const event: fc.Arbitrary<Value> = fc.oneof(
  {
    weight: 20,
    arbitrary: fc.tuple(eventFields, fc.nat(), fc.boolean()).map(([f, seed, dup]) => orderedEvent(f, seed, dup)),
  },
  { weight: 1, arbitrary: anyJson },
);

/** The defined fields of `f` rotated by `seed`, with a duplicate first key when `dup`. */
function orderedEvent(f: Record<string, Value | undefined>, seed: number, dup: boolean): Value {
  const entries = Object.entries(f).filter((e): e is [string, Value] => e[1] !== undefined);
  const k = entries.length === 0 ? 0 : seed % entries.length;
  const rotated = [...entries.slice(k), ...entries.slice(0, k)];
  if (!dup || rotated.length === 0) return Object.fromEntries(rotated);
  // A duplicate key: written as text, since an object cannot hold it twice.
  return new Raw(
    `{"${rotated[0][0]}": "first", ${write(Object.fromEntries(rotated), { ws: [''], escapeKeys: false }).slice(1)}`,
  );
}

const style = fc.record({
  ws: fc.array(fc.constantFrom('', ' ', '\n', '\t', '\r\n  '), { minLength: 1, maxLength: 4 }),
  escapeKeys: fc.boolean(),
});
const team = { team: { wyId: 1609, name: 'Arsenal', officialName: 'Arsenal FC', area: { name: 'England' } } };
const file = fc.record({
  events: fc.array(event, { maxLength: 12 }),
  teams: fc.constantFrom<Value>({ '1609': team }, null, [], { '1609': { team: null } }),
  players: fc.constantFrom<Value>({}, null, { '1609': [null, { player: null }] }),
  extra: field(anyJson),
});

/** What reading `bytes` gives: the match file, or the error's message. */
function outcome(read: (b: Buffer, f: string) => unknown, bytes: Buffer): unknown {
  try {
    return { ok: read(bytes, 'events/x/1.json.gz') };
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}
function expectSame(bytes: Buffer): void {
  expect(outcome(matchFileFromBytes, bytes)).toStrictEqual(outcome(matchFileFromJson, bytes));
}
/** A byte-level mutation: delete, insert or replace one byte, or cut the file short. */
const mutation = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  kind: fc.constantFrom('delete', 'insert', 'replace', 'cut'),
  byte: fc.constantFrom(
    0x22,
    0x2c,
    0x3a,
    0x7b,
    0x7d,
    0x5b,
    0x5d,
    0x5c,
    0x30,
    0x2d,
    0x2e,
    0x65,
    0x20,
    0x01,
    0xc3,
    0xff,
    0x6e,
  ),
});
function mutated(bytes: Buffer, m: { at: number; kind: string; byte: number }): Buffer {
  const i = Math.min(bytes.length - 1, Math.floor(m.at * bytes.length));
  const one = Buffer.from([m.byte]);
  if (m.kind === 'cut') return bytes.subarray(0, i);
  if (m.kind === 'delete') return Buffer.concat([bytes.subarray(0, i), bytes.subarray(i + 1)]);
  if (m.kind === 'insert') return Buffer.concat([bytes.subarray(0, i), one, bytes.subarray(i)]);
  return Buffer.concat([bytes.subarray(0, i), one, bytes.subarray(i + 1)]);
}

describe('event scanner against JSON.parse + the reference reader', () => {
  it('gives the same match file on generated files, whatever their form', () => {
    fc.assert(
      fc.property(file, style, (f, s) => expectSame(Buffer.from(write(f, s)))),
      { numRuns: 400 },
    );
  });

  it('reads plain generated events from bytes (the fast path is taken and agrees)', () => {
    const plain = {
      eventId: new Raw('8'),
      tags: [{ id: new Raw('1801') }],
      positions: [{ y: new Raw('49'), x: new Raw('49') }],
      teamId: new Raw('1609'),
      playerId: new Raw('0'),
      matchPeriod: '1H',
      eventSec: new Raw('2.7586489999999912'),
      subEventId: '',
    };
    const bytes = Buffer.from(
      write({ events: [plain, plain], teams: null, players: null }, { ws: [' '], escapeKeys: false }),
    );
    const read = matchFileFromBytes(bytes, 'f');
    expect(read.events[0]).toStrictEqual({
      eventId: 8,
      subEventId: null,
      matchPeriod: '1H',
      eventSec: 2.7586489999999912,
      teamId: 1609,
      playerId: 0,
      x: 49,
      y: 49,
      endX: null,
      endY: null,
      tags: [1801],
    });
    expect(read.badEvents).toStrictEqual([]);
  });

  it('agrees on positions and tags in the layout of the dataset, whatever their numbers', () => {
    // `{"y": 49, "x": 31}` and `{"id": 1801}` exactly: the layout the scanner reads without its general member loop.
    const text = fc.oneof(numberText, fc.constantFrom('05', '00', '0', '007', '1234567890', '123456789', '99', '-1'));
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text, text), { minLength: 1, maxLength: 4 }), (rows) => {
        const events = rows.map(
          ([y, x, id]) =>
            `{"eventId": 8, "tags": [{"id": ${id}}, {"id": 1801}], "playerId": 7, "positions": [{"y": ${y}, "x": ${x}}, {"y": ${x}, "x": ${y}}], "teamId": 1609, "matchPeriod": "1H", "eventSec": 1.5, "subEventId": 85}`,
        );
        expectSame(Buffer.from(`{"events": [${events.join(', ')}]}`));
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same result or the same error on byte-mutated files', () => {
    fc.assert(
      fc.property(file, style, fc.array(mutation, { minLength: 1, maxLength: 3 }), (f, s, ms) =>
        expectSame(ms.reduce(mutated, Buffer.from(write(f, s)))),
      ),
      { numRuns: 400 },
    );
  });

  it('agrees on every one-byte insertion and replacement in a small file (exhaustive)', () => {
    const text =
      '{"events": [{"eventId": 8, "subEventName": "Simple pass", "tags": [{"id": 1801}], "playerId": -0, ' +
      '"positions": [{"y": 49, "x": 4.5e1}, {"y": 78, "x": 31}], "eventName": "P\\u00e9", "teamId": 1609, ' +
      '"matchPeriod": "1H", "eventSec": 2.7586489999999912, "subEventId": "", "id": [null, true, false, {}]}], "teams": null}';
    const bytes = Buffer.from(text);
    expect(matchFileFromBytes(bytes, 'f').events).toHaveLength(1);
    // Every ASCII byte and four UTF-8 classes inserted anywhere; the significant bytes put in place of any.
    const inserted = [...Array.from({ length: 128 }, (_, b) => b), 0x80, 0xc3, 0xe2, 0xff];
    const replacing = [...'"\\,:{}[]0-.eE+ nt\t\v'].map((c) => c.charCodeAt(0)).concat([0x01, 0xc3, 0xff]);
    for (let i = 0; i <= bytes.length; i++) {
      for (const byte of inserted)
        expectSame(Buffer.concat([bytes.subarray(0, i), Buffer.from([byte]), bytes.subarray(i)]));
      if (i < bytes.length)
        for (const byte of replacing)
          expectSame(Buffer.concat([bytes.subarray(0, i), Buffer.from([byte]), bytes.subarray(i + 1)]));
    }
  });

  it('reports malformed bytes as the JSON.parse path does, naming the file', () => {
    for (const text of [
      '{"events": [{"eventId": 8,}]}',
      '{"events": [01]}',
      '\ufeff{"events": []}',
      '{"events": []} x',
      '{"events": ["\u0001"]}',
      '{"events": [',
      '[]',
      '{"events": {}}',
      '{"events": [1e]}',
      '{"events": []}\u2028',
    ]) {
      const bytes = Buffer.from(text);
      expectSame(bytes);
      expect(outcome(matchFileFromBytes, bytes)).toMatchObject({
        error: expect.stringContaining('events/x/1.json.gz'),
      });
    }
  });
});

describe.skipIf(!realPresent)('event scanner on real matches', () => {
  const files = realPresent
    ? readdirSync(REAL)
        .filter((f) => f.endsWith('.json.gz'))
        .slice(0, 4)
    : [];
  const real = files.map((f) => gunzipSync(readFileSync(join(REAL, f))));

  it('gives the same match file as JSON.parse on real matches', () => {
    for (const bytes of real) {
      const read = matchFileFromBytes(bytes, 'f');
      expect(read.events.length).toBeGreaterThan(1000);
      expect(read).toStrictEqual(matchFileFromJson(bytes, 'f'));
    }
  });

  it('gives the same result or the same error on byte-mutated real matches', () => {
    fc.assert(
      fc.property(fc.nat(real.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }), (k, ms) =>
        expectSame(ms.reduce(mutated, real[k])),
      ),
      { numRuns: 60 },
    );
  });
});
