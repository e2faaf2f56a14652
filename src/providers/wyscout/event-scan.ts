/**
 * Reads a per-match file's events straight from its inflated bytes: no decode of the file to a
 * string, no `JSON.parse` of the events array, no object per event but the {@link WyscoutEvent}
 * itself (docs/methodology/wyscout.md#workers). The 2.5 million events of a season are
 * most of the ingest's work, and building the parsed objects (a dozen keys, two nested arrays and
 * names per event) was most of that.
 *
 * Strict: bytes that are not JSON (exactly as `JSON.parse` judges) give `null`, and the caller
 * reads the file with `JSON.parse`, which names the file and the problem as before. An event that
 * is JSON but not plain (an escape in a key, a field of an odd type, a bad value) is parsed alone
 * and read by the reference reader (./event-record.ts), so it gets the same event or problem.
 */
import { addEvent, type BadEvent, isCoord, isInt, type WyscoutEvent } from './event-record.js';
import {
  COMMA,
  COLON,
  isNullAt,
  LBRACE,
  LBRACK,
  MALFORMED,
  numberEnd,
  type NumberToken,
  numberToken,
  QUOTE,
  RBRACE,
  RBRACK,
  skipNoWs,
  skipOneSpace,
  skipWs,
  stringEnd,
  valueEnd,
} from './json-bytes.js';

/** An event the byte reader hands to the reference reader (JSON, but not plain). */
const NOT_PLAIN = -2;

/** A per-match file read from bytes: its events, and where every other top-level member's value lies. */
export interface ScannedMatchFile {
  events: WyscoutEvent[];
  badEvents: BadEvent[];
  /** `[start, end)` byte range of each other member (`teams`, `players`, `match`, unknown ones). */
  members: Map<string, { start: number; end: number }>;
}

/** The fields the reader keeps, by code; any other key is skipped. */
const FIELDS = ['eventId', 'subEventId', 'matchPeriod', 'eventSec', 'teamId', 'playerId', 'positions', 'tags'].map(
  (k) => Buffer.from(k, 'latin1'),
);
const [EVENT_ID, SUB_EVENT_ID, MATCH_PERIOD, EVENT_SEC, TEAM_ID, PLAYER_ID, POSITIONS, TAGS] = [0, 1, 2, 3, 4, 5, 6, 7];
const X = Buffer.from('x');
const Y = Buffer.from('y');
const ID = Buffer.from('id');
/** The periods of the public dataset, one string each so events share them. */
const PERIODS = ['1H', '2H', 'E1', 'E2', 'P'].map((p) => ({ text: p, bytes: Buffer.from(p, 'latin1') }));

/** True when `b[start, start + length)` is `key`. */
function keyIs(b: Buffer, start: number, length: number, key: Buffer): boolean {
  if (length !== key.length) return false;
  for (let k = 0; k < length; k++) if (b[start + k] !== key[k]) return false;
  return true;
}

/** The field code of the key `b[start, start + length)`, or -1 for a key the reader skips. */
function fieldOf(b: Buffer, start: number, length: number): number {
  const f = length === 8 ? (b[start] === 0x65 ? EVENT_SEC : PLAYER_ID) : FIELD_OF_LENGTH[length];
  return f !== undefined && f >= 0 && keyIs(b, start, length, FIELDS[f]) ? f : -1;
}
/** The field a key of each length can be (eventSec and playerId share 8). */
const FIELD_OF_LENGTH = Array.from({ length: 12 }, (_, n) => FIELDS.findIndex((k) => k.length === n));

/**
 * `v` as an int32 when it is one, so V8 keeps it a small integer as `JSON.parse` does (the scanner's
 * numbers pass through double fields; boxed, every event would carry heap numbers and read slower);
 * -0 and fractions are kept as they are.
 */
function small(v: number): number {
  const i = v | 0;
  return i === v && (i !== 0 || 1 / v > 0) ? i : v;
}

const isNumberStart = (c: number | undefined): boolean => c === 0x2d || (c !== undefined && c >= 0x30 && c <= 0x39);

/** A string `b[start, end)` (quotes excluded) as one of the shared period strings, or its text. */
function periodOf(b: Buffer, start: number, end: number): string {
  for (const p of PERIODS) if (keyIs(b, start, end - start, p.bytes)) return p.text;
  return b.toString('latin1', start, end);
}

/**
 * Walks one `events` array over bytes. One instance per file: the fields of the event being read
 * live on it and are reset per event, so reading allocates only the events and their tag lists.
 */
class EventScanner {
  readonly events: WyscoutEvent[] = [];
  readonly badEvents: BadEvent[] = [];
  private readonly str = { plain: true };
  private num = 0;
  private readonly token: NumberToken = { value: 0, long: false };
  /** `eventSec` as a long token (16+ digits: most of the dataset's), read in one batch per file. */
  private secLong = false;
  private secStart = 0;
  private secEnd = 0;
  /** The long `eventSec` tokens as a JSON array text (`[a,b,…`), and the index of each one's event. */
  private batch = Buffer.allocUnsafe(1 << 16);
  private batchLength = 0;
  private readonly batchEvents: number[] = [];
  private eventId = Number.NaN;
  private sub: number | null = null;
  private period: string | null = null;
  private eventSec = Number.NaN;
  private teamId = Number.NaN;
  private playerId = Number.NaN;
  private points = 0;
  private readonly px = [0, 0];
  private readonly py = [0, 0];
  /** The event's tag ids read so far (a scratch reused by every event) and how many. */
  private readonly tags: number[] = [];
  private tagCount = 0;
  /** Scratch of the position or tag being read. */
  private x = Number.NaN;
  private y = Number.NaN;
  private keyStart = 0;
  private keyLength = 0;
  /** Per member slot of an event: where the last key read there lies in the buffer, and its field. */
  private readonly slotStart: number[] = [];
  private readonly slotLength: number[] = [];
  private readonly slotField: number[] = [];
  private keyFirst = false;
  /** Whether the last {@link after} closed its container. */
  private closed = false;

  constructor(
    private readonly b: Buffer,
    private readonly file: string,
  ) {}

  /** Reads the array opening at `i` (`[`); the index past its `]`. */
  array(i: number): number {
    const b = this.b;
    i = skipWs(b, i + 1);
    if (b[i] === RBRACK) return i + 1;
    for (let row = 0; ; row++) {
      i = this.element(i, row);
      if (i < 0) return MALFORMED;
      i = skipNoWs(b, i);
      if (b[i] === COMMA) i = skipOneSpace(b, i + 1);
      else return b[i] === RBRACK ? i + 1 : MALFORMED;
    }
  }

  /** Reads event `row` at `i`: plain from bytes, or through `JSON.parse` and the reference reader. */
  private element(i: number, row: number): number {
    if (this.b[i] === LBRACE) {
      const end = this.event(i);
      if (end !== NOT_PLAIN) return end;
    }
    const end = valueEnd(this.b, i);
    if (end === MALFORMED) return MALFORMED;
    let raw: unknown;
    try {
      raw = JSON.parse(this.b.toString('utf8', i, end));
    } catch {
      return MALFORMED; // never for bytes valueEnd took; the whole file would then go the JSON.parse way
    }
    addEvent(this.file, raw, row, this.events, this.badEvents);
    return end;
  }

  /** Reads the event object at `i` into a {@link WyscoutEvent}; NOT_PLAIN when the reference reader must. */
  private event(i: number): number {
    const b = this.b;
    this.reset();
    i = skipWs(b, i + 1);
    if (b[i] === RBRACE) return NOT_PLAIN;
    for (let slot = 0; ; slot++) {
      i = this.slotKey(i, slot);
      if (i < 0) return i;
      i = this.field(this.slotField[slot], i);
      if (i < 0) return i;
      i = this.after(i, RBRACE);
      if (i < 0) return i;
      if (this.closed) return this.finish() ? i : NOT_PLAIN;
    }
  }

  private reset(): void {
    this.eventId = Number.NaN;
    this.sub = null;
    this.period = null;
    this.eventSec = Number.NaN;
    this.secLong = false;
    this.teamId = Number.NaN;
    this.playerId = Number.NaN;
    this.points = 0;
    this.tagCount = 0;
  }

  /**
   * At the key of member `slot` of an event: where its value starts, its field in `slotField`. The
   * events of a file write their keys in one order, so the key is first compared with the one the
   * event before had in this slot (its bytes, already checked, are in the buffer); else it is read.
   */
  private slotKey(i: number, slot: number): number {
    const b = this.b;
    if (slot < this.slotStart.length) {
      const start = this.slotStart[slot];
      const length = this.slotLength[slot];
      if (b[i] === QUOTE && b[i + length + 1] === QUOTE) {
        let k = 0;
        while (k < length && b[i + 1 + k] === b[start + k]) k++;
        if (k === length) {
          const at = skipNoWs(b, i + length + 2);
          return b[at] === COLON ? skipOneSpace(b, at + 1) : MALFORMED;
        }
      }
    }
    const value = this.key(i);
    if (value < 0) return value;
    this.slotStart[slot] = this.keyStart;
    this.slotLength[slot] = this.keyLength;
    this.slotField[slot] = fieldOf(b, this.keyStart, this.keyLength);
    return value;
  }

  /** At a member's key `i`: the key into keyStart/keyLength, and where its value starts. */
  private key(i: number): number {
    const b = this.b;
    if (b[i] !== QUOTE) return MALFORMED;
    const keyEnd = stringEnd(b, i, this.str);
    if (keyEnd === MALFORMED) return MALFORMED;
    if (!this.str.plain) return NOT_PLAIN;
    this.keyStart = i + 1;
    this.keyLength = keyEnd - i - 2;
    i = skipNoWs(b, keyEnd);
    return b[i] === COLON ? skipOneSpace(b, i + 1) : MALFORMED;
  }

  /** After a value at `i` in a container closed by `close`: past the comma, or past `close` (closed). */
  private after(i: number, close: number): number {
    i = skipNoWs(this.b, i);
    const c = this.b[i];
    this.closed = c === close;
    if (c === COMMA) return skipOneSpace(this.b, i + 1);
    return c === close ? i + 1 : MALFORMED;
  }

  /** Reads the value at `i` of field `field` (-1: skipped). */
  private field(field: number, i: number): number {
    if (field === -1) return this.skip(i);
    if (field === SUB_EVENT_ID) return this.subEvent(i);
    if (field === MATCH_PERIOD) return this.matchPeriod(i);
    if (field === POSITIONS) {
      this.points = 0;
      return this.list(i, POSITIONS);
    }
    if (field === TAGS) {
      this.tagCount = 0;
      return this.list(i, TAGS);
    }
    const end = this.number(i);
    if (end < 0) return end;
    if (field === EVENT_ID) this.eventId = this.num;
    else if (field === EVENT_SEC) {
      this.eventSec = this.num;
      this.secLong = this.token.long;
      this.secStart = i;
      this.secEnd = end;
    } else if (field === TEAM_ID) this.teamId = this.num;
    else if (field === PLAYER_ID) this.playerId = this.num;
    return end;
  }

  /** Past the skipped value at `i`: strings and numbers directly, anything else by {@link valueEnd}. */
  private skip(i: number): number {
    const c = this.b[i];
    if (c === QUOTE) return stringEnd(this.b, i, this.str);
    return isNumberStart(c) ? numberEnd(this.b, i) : valueEnd(this.b, i);
  }

  /** The number at `i` into `num` (NaN when it is long); NOT_PLAIN when the value is not a number. */
  private number(i: number): number {
    if (!isNumberStart(this.b[i])) return NOT_PLAIN;
    const end = numberToken(this.b, i, this.token);
    this.num = this.token.value;
    return end;
  }

  /** `subEventId`: a number, or `""` / `null` for none. */
  private subEvent(i: number): number {
    const b = this.b;
    if (b[i] === QUOTE && b[i + 1] === QUOTE) {
      this.sub = null;
      return i + 2;
    }
    if (isNullAt(b, i)) {
      this.sub = null;
      return i + 4;
    }
    const end = this.number(i);
    if (end >= 0) this.sub = this.num;
    return end;
  }

  /** `matchPeriod`: a plain string. */
  private matchPeriod(i: number): number {
    if (this.b[i] !== QUOTE) return NOT_PLAIN;
    const end = stringEnd(this.b, i, this.str);
    if (end === MALFORMED) return MALFORMED;
    if (!this.str.plain) return NOT_PLAIN;
    this.period = periodOf(this.b, i + 1, end - 1);
    return end;
  }

  /** The `positions` or `tags` array (or `null`, read as empty) at `i`. */
  private list(i: number, field: number): number {
    const b = this.b;
    if (isNullAt(b, i)) return i + 4;
    if (b[i] !== LBRACK) return NOT_PLAIN;
    i = skipWs(b, i + 1);
    if (b[i] === RBRACK) return i + 1;
    for (let k = 0; ; k++) {
      i = field === TAGS ? this.tag(i) : this.position(i, k);
      if (i < 0) return i;
      i = this.after(i, RBRACK);
      if (i < 0 || this.closed) return i;
    }
  }

  /** Position `k`: the first two are `{x, y}` numbers, the rest are skipped as the reference does. */
  private position(i: number, k: number): number {
    if (k > 1) return valueEnd(this.b, i);
    if (this.b[i] !== LBRACE) return NOT_PLAIN;
    this.x = Number.NaN;
    this.y = Number.NaN;
    const plain = this.plainPoint(i);
    i = plain >= 0 ? plain : this.members(skipWs(this.b, i + 1), POSITIONS);
    if (i < 0) return i;
    if (!isCoord(this.x) || !isCoord(this.y)) return NOT_PLAIN;
    this.px[k] = this.x;
    this.py[k] = this.y;
    this.points = k + 1;
    return i;
  }

  /** One tag `{id}`: its id joins the event's tags. */
  private tag(i: number): number {
    if (this.b[i] !== LBRACE) return NOT_PLAIN;
    this.x = Number.NaN;
    const plain = this.plainTag(i);
    i = plain >= 0 ? plain : this.members(skipWs(this.b, i + 1), TAGS);
    if (i < 0) return i;
    if (!isInt(this.x)) return NOT_PLAIN;
    this.tags[this.tagCount++] = small(this.x);
    return i;
  }

  /**
   * The position at `i` (`{`) when it is written exactly as the public dataset writes all of them,
   * `{"y": 49, "x": 31}` with plain integers: x and y set, the index past its `}`; else -1 and
   * {@link members} reads it (the same bytes would give it the same values).
   */
  private plainPoint(i: number): number {
    const b = this.b;
    if (b[i + 1] !== QUOTE || b[i + 2] !== 0x79 || b[i + 3] !== QUOTE || b[i + 4] !== COLON || b[i + 5] !== 0x20)
      return -1;
    let j = this.plainInt(i + 6);
    if (j < 0 || b[j] !== COMMA || b[j + 1] !== 0x20) return -1;
    const y = this.num;
    if (b[j + 2] !== QUOTE || b[j + 3] !== 0x78 || b[j + 4] !== QUOTE || b[j + 5] !== COLON || b[j + 6] !== 0x20)
      return -1;
    j = this.plainInt(j + 7);
    if (j < 0 || b[j] !== RBRACE) return -1;
    this.x = this.num;
    this.y = y;
    return j + 1;
  }

  /** The tag at `i` (`{`) when written `{"id": 1801}` with a plain integer: its id into `x`, the index past `}`; else -1. */
  private plainTag(i: number): number {
    const b = this.b;
    if (b[i + 1] !== QUOTE || b[i + 2] !== 0x69 || b[i + 3] !== 0x64 || b[i + 4] !== QUOTE || b[i + 5] !== COLON)
      return -1;
    if (b[i + 6] !== 0x20) return -1;
    const j = this.plainInt(i + 7);
    if (j < 0 || b[j] !== RBRACE) return -1;
    this.x = this.num;
    return j + 1;
  }

  /**
   * A plain integer at `i`: 1 to 9 digits, no sign, no leading zero (`0` alone is one); its value
   * into `num` and the index past it, or -1. Callers then require `,` or `}`, so a fraction or an
   * exponent after it never passes for an integer.
   */
  private plainInt(i: number): number {
    const b = this.b;
    let c = b[i];
    if (c === undefined || c < 0x30 || c > 0x39) return -1;
    if (c === 0x30) {
      this.num = 0;
      return i + 1;
    }
    let v = 0;
    const start = i;
    for (; c !== undefined && c >= 0x30 && c <= 0x39; c = b[++i]) v = v * 10 + (c - 0x30);
    if (i - start > 9) return -1;
    this.num = v;
    return i;
  }

  /** The members of a position (x, y into `x`, `y`) or a tag (id into `x`) from `i`, past `{`, to past `}`. */
  private members(i: number, field: number): number {
    const b = this.b;
    if (b[i] === RBRACE) return i + 1;
    for (;;) {
      // `"x"`, `"y"`, `"id"` compared in place (a quote right after closes a plain key); else read.
      const c = b[i + 1];
      const short =
        b[i] === QUOTE &&
        (field === TAGS
          ? c === 0x69 && b[i + 2] === 0x64 && b[i + 3] === QUOTE
          : (c === 0x78 || c === 0x79) && b[i + 2] === QUOTE);
      const first = short ? field === TAGS || c === 0x78 : false;
      i = short ? this.colonAt(i + (field === TAGS ? 4 : 3)) : this.key(i);
      if (i < 0) return i;
      if (short || this.isCoordKey(field)) {
        i = this.number(i);
        if (i >= 0 && (first || (!short && this.keyFirst))) this.x = this.num;
        else if (i >= 0) this.y = this.num;
      } else i = valueEnd(b, i);
      if (i < 0) return i;
      i = this.after(i, RBRACE);
      if (i < 0 || this.closed) return i;
    }
  }

  /** Whether the key just read is `x` or `y` of a position, or `id` of a tag; `keyFirst`: x or id. */
  private isCoordKey(field: number): boolean {
    this.keyFirst = keyIs(this.b, this.keyStart, this.keyLength, field === TAGS ? ID : X);
    return this.keyFirst || (field === POSITIONS && keyIs(this.b, this.keyStart, this.keyLength, Y));
  }

  /** Past the `:` after a key that ends at `i`, whitespace skipped. */
  private colonAt(i: number): number {
    i = skipNoWs(this.b, i);
    return this.b[i] === COLON ? skipOneSpace(this.b, i + 1) : MALFORMED;
  }

  /** Queues the long `eventSec` token `b[start, end)` of the event about to be pushed. */
  private defer(start: number, end: number): void {
    if (this.batchLength + (end - start) + 2 > this.batch.length) {
      const grown = Buffer.allocUnsafe(this.batch.length * 2);
      this.batch.copy(grown, 0, 0, this.batchLength);
      this.batch = grown;
    }
    const batch = this.batch;
    let at = this.batchLength;
    batch[at++] = this.batchEvents.length === 0 ? LBRACK : COMMA;
    for (let k = start; k < end; k++) batch[at++] = this.b[k];
    this.batchLength = at;
    this.batchEvents.push(this.events.length);
  }

  /** Sets every queued `eventSec` from one `JSON.parse` of the batch: the very numbers `JSON.parse` reads. */
  settle(): void {
    if (this.batchEvents.length === 0) return;
    this.batch[this.batchLength++] = RBRACK;
    const values: unknown = JSON.parse(this.batch.toString('latin1', 0, this.batchLength));
    if (!Array.isArray(values) || values.length !== this.batchEvents.length) throw new Error('eventSec batch mismatch');
    for (let k = 0; k < values.length; k++) {
      const value: unknown = values[k];
      if (typeof value === 'number') this.events[this.batchEvents[k]].eventSec = value;
    }
  }

  /**
   * The event's own copy of its tags, exactly as long as they are: most events have one or two, and
   * an array grown by `push` would keep 17 slots for them while the match is read.
   */
  private tagList(): number[] {
    const n = this.tagCount;
    const t = this.tags;
    if (n === 0) return [];
    if (n === 1) return [t[0]];
    if (n === 2) return [t[0], t[1]];
    return t.slice(0, n);
  }

  /** Checks the fields as the reference reader does and keeps the event; false when it must read it. */
  private finish(): boolean {
    const { eventId, sub, period, eventSec, teamId, playerId, points } = this;
    if (!isInt(eventId) || !(sub === null || isInt(sub)) || period === null) return false;
    if (!(this.secLong || (eventSec >= 0 && Number.isFinite(eventSec))) || !isInt(teamId) || !isInt(playerId))
      return false;
    if (this.secLong) this.defer(this.secStart, this.secEnd);
    this.events.push({
      eventId: small(eventId),
      subEventId: sub === null ? null : small(sub),
      matchPeriod: period,
      eventSec,
      teamId: small(teamId),
      playerId: small(playerId),
      x: points > 0 ? small(this.px[0]) : null,
      y: points > 0 ? small(this.py[0]) : null,
      endX: points > 1 ? small(this.px[1]) : null,
      endY: points > 1 ? small(this.py[1]) : null,
      tags: this.tagList(),
    });
    return true;
  }
}

/** The key at `i` (`b[i]` is `"`) and the index past it, or null when it is not a string. */
function keyAt(b: Buffer, i: number): { key: string; end: number } | null {
  const str = { plain: true };
  const end = stringEnd(b, i, str);
  if (end === MALFORMED) return null;
  const key: unknown = str.plain ? b.toString('latin1', i + 1, end - 1) : JSON.parse(b.toString('utf8', i, end));
  return typeof key === 'string' ? { key, end } : null;
}

/**
 * Reads a per-match file's bytes (`{events, teams, players, match?}`): its events from bytes, the
 * other members as byte ranges. Null when the bytes are not JSON or not an object with an
 * `events` array: the caller's `JSON.parse` path then gives the result or names the problem.
 */
export function scanMatchFile(b: Buffer, file: string): ScannedMatchFile | null {
  let i = skipWs(b, 0);
  if (b[i] !== LBRACE) return null;
  i = skipWs(b, i + 1);
  let scanned: EventScanner | null = null;
  const members = new Map<string, { start: number; end: number }>();
  for (;;) {
    if (b[i] !== QUOTE) return null;
    const key = keyAt(b, i);
    if (key === null) return null;
    i = skipWs(b, key.end);
    if (b[i] !== COLON) return null;
    const start = skipWs(b, i + 1);
    if (key.key === 'events') {
      if (b[start] !== LBRACK) return null;
      scanned = new EventScanner(b, file);
      i = scanned.array(start);
      scanned.settle();
    } else i = valueEnd(b, start);
    if (i === MALFORMED) return null;
    if (key.key !== 'events') members.set(key.key, { start, end: i });
    i = skipWs(b, i);
    if (b[i] === COMMA) i = skipWs(b, i + 1);
    else if (b[i] === RBRACE) break;
    else return null;
  }
  if (skipWs(b, i + 1) !== b.length || scanned === null) return null;
  return { events: scanned.events, badEvents: scanned.badEvents, members };
}
