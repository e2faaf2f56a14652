/*
 * The conformance suite (./conformance.case.ts) over every event adapter, on real data in
 * ../shared/real. A case whose data is absent is skipped, saying so. A new provider adds its case
 * to CASES (a `<provider>/conformance-input.ts` beside its other tests) before it lands.
 */
import { existsSync } from 'node:fs';
import { conformanceSuite, type ConformanceCase } from './conformance.case.js';
import { DATAFACTORY_CASE } from './datafactory/conformance-input.js';
import { METRICA_CASE } from './metrica/conformance-input.js';
import { OPTA_CASES } from './opta/conformance-input.js';
import { SPORTEC_CASE } from './sportec/conformance-input.js';
import { STATSBOMB_CASE } from './statsbomb/conformance-input.js';
import { WYSCOUT_CASE } from './wyscout/conformance-input.js';

/** Every adapter's case, one line per provider. */
const CASES: readonly ConformanceCase[] = [
  ...OPTA_CASES,
  SPORTEC_CASE,
  DATAFACTORY_CASE,
  STATSBOMB_CASE,
  WYSCOUT_CASE,
  METRICA_CASE,
];

for (const c of CASES) {
  const present = existsSync(c.data);
  if (!present) console.log(`${c.name} conformance skipped: ${c.data} is absent (it ships with ../shared/real).`);
  conformanceSuite(c.name, c.make, { skip: !present });
}
