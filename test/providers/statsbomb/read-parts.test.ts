/*
 * The StatsBomb reader (src/providers/statsbomb/read.ts) keeps the pass and carry fields it reads
 * and rejects a malformed one, naming the field.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvents } from '../../../src/providers/statsbomb/read.js';

const envelope = (index: number, type: string, part: Record<string, unknown>) => ({
  id: `e${index}`,
  index,
  period: 1,
  minute: 1,
  second: index,
  type: { id: 1, name: type },
  team: { id: 1, name: 'Us' },
  player: { id: 7, name: 'Seven' },
  location: [60, 40],
  ...part,
});

function eventsOf(events: unknown[]) {
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-sb-parts-'));
  mkdirSync(join(dir, 'events'));
  writeFileSync(join(dir, 'events', '1.json'), JSON.stringify(events));
  return () => readEvents(dir, 1);
}

describe('StatsBomb pass and carry parts', () => {
  it('keeps the fields read and drops the others', () => {
    const read = eventsOf([
      envelope(1, 'Pass', {
        pass: {
          recipient: { id: 9, name: 'Nine' },
          length: 20.5,
          end_location: [80, 30],
          cross: true,
          technique: { id: 108, name: 'Through Ball' },
          type: null,
          height: { id: 1, name: 'Ground Pass' },
        },
      }),
      envelope(2, 'Carry', { carry: { end_location: [85, 31.5] } }),
    ]);
    const [pass, carry] = read();
    expect(pass!.pass).toEqual({
      length: 20.5,
      end_location: [80, 30],
      cross: true,
      technique: { id: 108, name: 'Through Ball' },
      type: null,
    });
    expect(carry!.carry).toEqual({ end_location: [85, 31.5] });
    expect(carry!.location).toEqual([60, 40]);
  });

  it('rejects a malformed pass or carry, naming the field and the row', () => {
    expect(eventsOf([envelope(1, 'Pass', { pass: { cross: 'yes' } })])).toThrow(/pass\.cross/);
    expect(eventsOf([envelope(1, 'Pass', { pass: { end_location: [80] } })])).toThrow(/pass\.end_location/);
    expect(eventsOf([envelope(1, 'Carry', { carry: { end_location: 'far' } })])).toThrow(/carry\.end_location/);
    expect(eventsOf([envelope(1, 'Carry', { location: [60, 'x'], carry: { end_location: [1, 2] } })])).toThrow(
      /location/,
    );
  });
});
