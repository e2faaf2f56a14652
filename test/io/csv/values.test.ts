import { describe, expect, it } from 'vitest';
import { valueOfCsv } from '../../../src/io/csv/values.js';

describe('valueOfCsv (strict)', () => {
  const good: [Parameters<typeof valueOfCsv>[0], string, unknown][] = [
    ['int32', '-42', -42],
    ['int32', '2147483647', 2147483647],
    ['float64', '1.5', 1.5],
    ['float64', '-0.25', -0.25],
    ['float64', '1e-7', 1e-7],
    ['float64', '.5', 0.5],
    ['bool', 'true', true],
    ['bool', 'false', false],
    ['utf8', ' keep spaces ', ' keep spaces '],
    // 14:00 UTC on 16 Aug 2025 = Date.UTC(2025, 7, 16, 14).
    ['timestamp', '2025-08-16T14:00:00.000Z', Date.UTC(2025, 7, 16, 14)],
    ['timestamp', '2025-08-16T14:00Z', Date.UTC(2025, 7, 16, 14)],
    // 16:00 at +02:00 is 14:00 UTC; 09:30 at -04:30 is 14:00 UTC.
    ['timestamp', '2025-08-16T16:00:00+02:00', Date.UTC(2025, 7, 16, 14)],
    ['timestamp', '2025-08-16T09:30:00-04:30', Date.UTC(2025, 7, 16, 14)],
    ['timestamp', '2025-08-16T14:00:00.5Z', Date.UTC(2025, 7, 16, 14, 0, 0, 500)],
  ];
  it.each(good)('reads %s %j', (kind, text, value) => {
    expect(valueOfCsv(kind, text)).toEqual({ ok: true, value });
  });

  const bad: [Parameters<typeof valueOfCsv>[0], string, string][] = [
    ['int32', '12abc', '"12abc" is not an integer'],
    ['int32', '1.5', '"1.5" is not an integer'],
    ['int32', ' 12', '" 12" is not an integer'],
    ['int32', '2147483648', '2147483648 is outside the 32-bit integer range'],
    ['float64', '12abc', '"12abc" is not a finite decimal number'],
    ['float64', 'NaN', '"NaN" is not a finite decimal number'],
    ['float64', '1,5', '"1,5" is not a finite decimal number'],
    ['float64', '0x10', '"0x10" is not a finite decimal number'],
    ['bool', 'TRUE', '"TRUE" is not true or false'],
    ['bool', '1', '"1" is not true or false'],
    [
      'timestamp',
      '2025-08-16 14:00:00',
      '"2025-08-16 14:00:00" is not an ISO-8601 date and time with a zone (2025-08-16T14:00:00Z)',
    ],
    [
      'timestamp',
      '2025-02-30T14:00:00Z',
      '"2025-02-30T14:00:00Z" is not an ISO-8601 date and time with a zone (2025-08-16T14:00:00Z)',
    ],
    [
      'timestamp',
      '2025-08-16T14:00:00',
      '"2025-08-16T14:00:00" is not an ISO-8601 date and time with a zone (2025-08-16T14:00:00Z)',
    ],
  ];
  it.each(bad)('rejects %s %j', (kind, text, problem) => {
    expect(valueOfCsv(kind, text)).toEqual({ ok: false, problem });
  });
});
