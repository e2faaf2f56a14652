/*
 * The fast roster guards (src/providers/wyscout/roster-guard.ts) agree with the zod schemas they
 * stand in for (docs/methodology/wyscout.md#workers): on generated players and teams, plain and
 * broken, whatever the guard accepts the schema parses to the same data, keys in the same order;
 * and the guard accepts the plain shapes the public dataset writes, so the fast path is taken.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playerOf, teamOf } from '../../../src/providers/wyscout/roster-guard.js';
import { WyscoutPlayer, WyscoutTeam } from '../../../src/providers/wyscout/read.js';

/** A value of any JSON kind, for a field the guard must check. */
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string(),
  fc.constant('792'),
  fc.constant([]),
  fc.constant([7]),
  fc.constant({}),
  fc.constant({ name: 'Spain' }),
);
/** A field that is absent, in its plain form, or anything else. */
const field = <T>(plain: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 16, arbitrary: plain },
    { weight: 1, arbitrary: anyJson },
  );
const area = fc.oneof(
  fc.constant(null),
  fc.record({ name: fc.string(), id: fc.oneof(fc.string(), fc.integer()), alpha3code: fc.string() }),
);
const id = fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constant(2 ** 31), fc.constant(1.5));

/** Builds an object from generated fields, leaving out the absent ones (as JSON.parse would). */
const objectOf = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

const player = fc
  .record({
    passportArea: field(area),
    weight: field(fc.integer()),
    firstName: field(fc.string()),
    middleName: field(fc.string()),
    lastName: field(fc.string()),
    currentTeamId: field(fc.integer()),
    birthDate: field(fc.constant('1995-09-20')),
    height: field(fc.oneof(fc.integer({ min: 0, max: 210 }), fc.constant(null))),
    role: field(
      fc.record({
        code2: fc.oneof(
          { weight: 9, arbitrary: fc.constantFrom('GK', 'DF', 'MD', 'FW') },
          { weight: 1, arbitrary: fc.string() },
        ),
        name: fc.string(),
      }),
    ),
    wyId: field(id),
    foot: field(fc.constantFrom('left', 'right', 'both', '', null)),
    shortName: field(fc.string()),
    currentNationalTeamId: field(fc.oneof(fc.constant('null'), fc.integer())),
  })
  .map(objectOf);
const team = fc
  .record({
    city: field(fc.string()),
    name: field(fc.string()),
    wyId: field(id),
    officialName: field(fc.string()),
    area: field(area),
    type: field(fc.constantFrom('club', 'national')),
  })
  .map(objectOf);

/** The schema's parse, or null when it fails. */
function schemaOf<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, v: unknown) {
  const r = schema.safeParse(v);
  return r.success ? r.data : null;
}

describe('roster guards', () => {
  it('give exactly what the player schema parses, whenever they accept (property)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: player }, { weight: 1, arbitrary: anyJson }), (raw) => {
        const fast = playerOf(raw);
        if (fast === null) return;
        accepted++;
        expect(JSON.stringify(fast)).toBe(JSON.stringify(schemaOf(WyscoutPlayer, raw)));
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(200);
  });

  it('give exactly what the team schema parses, whenever they accept (property)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: team }, { weight: 1, arbitrary: anyJson }), (raw) => {
        const fast = teamOf(raw);
        if (fast === null) return;
        accepted++;
        expect(JSON.stringify(fast)).toBe(JSON.stringify(schemaOf(WyscoutTeam, raw)));
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(200);
  });

  it("take the public dataset's plain shapes on the fast path", () => {
    const raw = {
      passportArea: { name: 'England', id: 0, alpha3code: 'XEN', alpha2code: '' },
      weight: 75,
      firstName: 'Rob',
      middleName: '',
      lastName: 'Holding',
      currentTeamId: 1609,
      birthDate: '1995-09-20',
      height: 189,
      role: { code2: 'DF', code3: 'DEF', name: 'Defender' },
      wyId: 370224,
      foot: 'right',
      shortName: 'R. Holding',
      currentNationalTeamId: 'null',
    };
    expect(playerOf(raw)).toEqual({
      wyId: 370224,
      firstName: 'Rob',
      middleName: '',
      lastName: 'Holding',
      shortName: 'R. Holding',
      birthDate: '1995-09-20',
      foot: 'right',
      height: 189,
      passportArea: { name: 'England' },
      currentNationalTeamId: 'null',
      role: { code2: 'DF' },
    });
    const arsenal = { city: 'London', name: 'Arsenal', wyId: 1609, area: { name: 'England', id: '0' }, type: 'club' };
    expect(teamOf(arsenal)).toEqual({
      wyId: 1609,
      name: 'Arsenal',
      city: 'London',
      area: { name: 'England' },
      type: 'club',
    });
    // What the guard leaves to the schema: a string id (coerced there), a missing role.
    expect(playerOf({ ...raw, wyId: '370224' })).toBeNull();
    expect(playerOf({ ...raw, role: null })).toBeNull();
  });
});
