/**
 * The scouting endpoint over a dataset read from an analyst's export: provider metrics come back
 * in per90_stats and percentiles (marked provider) and the body validates against the response
 * schema the OpenAPI document is built from.
 */
import { describe, expect, it } from 'vitest';
import { datasetFromExport } from '../../src/providers/csv/export-dataset.js';
import { Engine } from '../../src/engine.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { ScoutingResponse } from '../../src/reports/scouting.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { fbrefStandard } from '../providers/csv/export-samples.js';

describe('POST /api/v1/intelligence/scouting with provider metrics', () => {
  it('returns xG per 90 and its percentile marked provider, in a body the schema accepts', async () => {
    const { dataset } = datasetFromExport([{ file: 'standard.csv', text: fbrefStandard() }], {
      asOf: '2025-06-01',
      map: 'fbref',
    });
    const store = memoryStore();
    const now = new Date('2025-06-01T12:00:00Z');
    const service = createService({ engine: Engine.open({ dataset }), store, baseUrl: 'http://h', clock: () => now });
    const { key } = await issueKey(store, { credits: 10, now });
    const r = await service.handle({
      method: 'POST',
      path: '/api/v1/intelligence/scouting',
      authorization: `Bearer ${key}`,
      body: { name: 'Carl Cruz' },
      clientIp: '127.0.0.1',
    });
    expect(r.status).toBe(200);
    const body = JSON.parse(r.body as string);
    expect(ScoutingResponse.safeParse(body).success).toBe(true);
    // Carl: 18.0 xG in 2,700 minutes → 0.6 per 90, 75th percentile of the two attackers. FBref's xG
    // maps onto our own xg column (docs/methodology/event-values.md#csv-presets), so it is not marked provider.
    expect(body.data.per90_stats.xg_per90).toBe(0.6);
    expect(body.data.percentiles.xg_per90).toMatchObject({ value: 0.6, percentile: 75 });
    expect(body.data.percentiles.xg_per90.provider).toBeUndefined();
  });
});
