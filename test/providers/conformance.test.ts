/// <reference types="vite/client" />
/*
 * The conformance suite (./conformance.case.ts) over every event adapter, on real data in
 * ../shared/real. A case whose data is absent is skipped, saying so. Each provider's cases are the
 * `CASES` of its `<provider>/conformance-input.ts` beside its other tests; the suite finds them by
 * that name, and a provider folder in src/providers without one fails here before it lands.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { conformanceSuite, type ConformanceCase } from './conformance.case.js';
import { realDataPresent } from '../helpers/real-data.js';

const INPUTS = import.meta.glob<readonly ConformanceCase[] | undefined>('./*/conformance-input.ts', {
  eager: true,
  import: 'CASES',
});

/** Provider folders that read no event feed of their own: CSV exports and the xG model's training. */
const NOT_EVENT_ADAPTERS = ['csv', 'training'];

describe('conformance cases', () => {
  it('every event provider folder has its cases', () => {
    const folders = readdirSync(new URL('../../src/providers/', import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory() && !NOT_EVENT_ADAPTERS.includes(d.name))
      .map((d) => d.name);
    const withCases = Object.entries(INPUTS)
      .filter(([, cases]) => (cases?.length ?? 0) > 0)
      .map(([path]) => path.split('/')[1]);
    expect(withCases.sort()).toEqual(folders.sort());
  });
});

for (const c of Object.values(INPUTS).flatMap((cases) => cases ?? [])) {
  const present = realDataPresent(`${c.name} conformance`, c.data);
  conformanceSuite(c.name, c.make, { skip: !present });
}
