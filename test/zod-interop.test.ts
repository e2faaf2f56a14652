/**
 * The library's dist inlines zod, tree-shaken to what it uses (tsup.config.ts,
 * docs/design.md#import-cost). Its exported schemas must keep working with the user's own zod
 * exactly as they did when both were one copy: parsing, `instanceof z.ZodError`, composition into
 * his schemas, his `z.toJSONSchema`, his locale. And every module of src imports zod as a
 * namespace, or the bundle would carry all of zod again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as source from '../src/index.js';
import { ensureBuilt, ROOT } from './helpers/built-cli.js';

/** The built package, as `import 'halfspace'` loads it. */
let built: typeof source;
beforeAll(async () => {
  ensureBuilt();
  built = await import(pathToFileURL(join(ROOT, 'dist', 'index.js')).href);
}, 300_000);

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), ext) : e.name.endsWith(ext) ? [join(dir, e.name)] : [],
  );
}

/** Value imports of zod that are not `import * as z from 'zod'`: each would keep all of zod in the bundle. */
const wholeZodImports = (text: string): string[] =>
  (text.match(/^import\s[^;]*?from\s+'zod[^']*';/gms) ?? []).filter(
    (s) => !/^import\s+type\s/.test(s) && !/^import \* as z from 'zod';$/.test(s),
  );

const SRC = join(ROOT, 'src');
const VALID = { name: 'Bilal Trabelsi' };
const WRONG_TYPE = { name: 5 };

describe('zod inlined in the library', () => {
  it('sees a named value import and lets namespace and type imports pass (self-check)', () => {
    expect(wholeZodImports("import { z } from 'zod';")).toHaveLength(1);
    expect(wholeZodImports("import { z, ZodError } from 'zod';")).toHaveLength(1);
    expect(wholeZodImports("import * as z from 'zod';")).toHaveLength(0);
    expect(wholeZodImports("import type { z } from 'zod';")).toHaveLength(0);
  });

  it('every module of src imports zod as `* as z` (or types only)', () => {
    const offenders = files(SRC, '.ts')
      .filter((f) => wholeZodImports(readFileSync(f, 'utf8')).length > 0)
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
  });

  it('the library entry and its chunks import no zod from node_modules', () => {
    const importers = files(join(ROOT, 'dist'), '.js')
      .filter((f) => !f.includes(`${join(ROOT, 'dist', 'cli')}`))
      .filter((f) => /from\s*["']zod(\/[^"']*)?["']/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(importers).toEqual([]);
  });

  it('the built schemas are another copy than the user zod, yet parse the same', () => {
    expect(built.ScoutingRequest).not.toBe(source.ScoutingRequest);
    expect(built.ScoutingRequest.parse(VALID)).toEqual(source.ScoutingRequest.parse(VALID));
    expect(built.ScoutingRequest['~standard'].validate(VALID)).toEqual({ value: VALID });
    const bad = built.PlayerRequest.safeParse({ name: 'A', extra: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toEqual(source.PlayerRequest.safeParse({ name: 'A', extra: 1 }).error?.issues);
  });

  it('an error of a built schema is a z.ZodError of the user zod', () => {
    let caught: unknown;
    try {
      built.ScoutingRequest.parse(WRONG_TYPE);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(z.ZodError);
    expect(built.ScoutingRequest).toBeInstanceOf(z.ZodType);
  });

  it('composes into a schema of the user zod', () => {
    const envelope = z.object({ id: z.number(), request: built.ScoutingRequest });
    expect(envelope.parse({ id: 1, request: VALID })).toEqual({ id: 1, request: VALID });
    const bad = envelope.safeParse({ id: 1, request: WRONG_TYPE });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path)).toEqual([['request', 'name']]);
  });

  it("the user's z.toJSONSchema reads a built schema as it reads the source one", () => {
    const opts = { io: 'input', unrepresentable: 'any' } as const;
    expect(z.toJSONSchema(built.PlayerRequest, opts)).toEqual(z.toJSONSchema(source.PlayerRequest, opts));
    expect(z.toJSONSchema(built.CardRequest, opts)).toEqual(z.toJSONSchema(source.CardRequest, opts));
  });

  it("follows the user's locale", () => {
    const english = built.ScoutingRequest.safeParse(WRONG_TYPE).error?.issues[0].message;
    try {
      z.config(z.locales.fr());
      const french = built.ScoutingRequest.safeParse(WRONG_TYPE).error?.issues[0].message;
      expect(french).not.toBe(english);
      expect(french).toBe(source.ScoutingRequest.safeParse(WRONG_TYPE).error?.issues[0].message);
    } finally {
      z.config(z.locales.en());
    }
    expect(built.ScoutingRequest.safeParse(WRONG_TYPE).error?.issues[0].message).toBe(english);
  });
});
