import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { NAME_IDENTITY_FIELDS, PLAYER_NAME_IDENTITY_FIELDS, requireIdentity } from '../../src/identity/request.js';
import { parseWith } from '../../src/validation.js';

const schemas = {
  name: z.object(NAME_IDENTITY_FIELDS).strict().superRefine(requireIdentity('name')),
  player_name: z.object(PLAYER_NAME_IDENTITY_FIELDS).strict().superRefine(requireIdentity('player_name')),
} as const;

describe('the "name or player_id" rule (one source for reports, DNA, verdict and cards)', () => {
  it('accepts a request iff it has a name or a player_id, and names the name field otherwise', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('name', 'player_name' as const),
        fc.option(
          fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
          { nil: undefined },
        ),
        fc.option(fc.integer({ min: 1, max: 1e6 }), { nil: undefined }),
        fc.option(fc.constant('Arsenal'), { nil: undefined }),
        (key, name, id, hint) => {
          const body = {
            ...(name !== undefined ? { [key]: name } : {}),
            ...(id !== undefined ? { player_id: id } : {}),
            ...(hint !== undefined ? { team_hint: hint } : {}),
          };
          const r = parseWith(schemas[key], body);
          expect(r.ok).toBe(name !== undefined || id !== undefined);
          if (!r.ok)
            expect(r.error).toMatchObject({
              code: 'invalid_request',
              param: key,
              message: `${key}: one of ${key} or player_id is required`,
            });
        },
      ),
    );
  });

  it('shares the field rules: a blank name, a zero id and the other key are refused', () => {
    expect(parseWith(schemas.name, { name: '   ' }).ok).toBe(false);
    expect(parseWith(schemas.player_name, { player_id: 0 }).ok).toBe(false);
    expect(parseWith(schemas.player_name, { name: 'Saka' })).toMatchObject({ ok: false, error: { param: 'name' } });
  });
});
