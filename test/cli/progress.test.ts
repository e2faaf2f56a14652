import { describe, expect, it } from 'vitest';
import { frameOf, progressBar, progressWanted, PROGRESS_INTERVAL_MS } from '../../src/cli/progress.js';

describe('progressWanted', () => {
  it('draws only on a terminal outside CI', () => {
    expect(progressWanted({ isTTY: true }, {})).toBe(true);
    expect(progressWanted({ isTTY: false }, {})).toBe(false);
    expect(progressWanted({}, {})).toBe(false);
    expect(progressWanted({ isTTY: true }, { CI: 'true' })).toBe(false);
    expect(progressWanted({ isTTY: true }, { CI: '1' })).toBe(false);
    expect(progressWanted({ isTTY: true }, { CI: 'false' })).toBe(true);
    expect(progressWanted({ isTTY: true }, { CI: '' })).toBe(true);
  });
});

describe('frameOf', () => {
  it('fills the 30-character bar in proportion and floors the percentage', () => {
    // 50/200 = 25 %: round(0.25 × 30) = round(7.5) = 8 filled, 22 empty.
    expect(frameOf('score', 50, 200, '')).toBe(`\rscore [${'█'.repeat(8)}${'·'.repeat(22)}]  25%  50/200 `);
    // 2/3 = 66.67 % → "66%", round(20) = 20 filled.
    expect(frameOf('ingest', 2, 3, 'matches')).toBe(`\ringest [${'█'.repeat(20)}${'·'.repeat(10)}]  66%  2/3 matches`);
    expect(frameOf('x', 0, 0, '')).toContain('  0%');
  });
});

describe('progressBar', () => {
  it('redraws at most once per interval and ends the line on finish', () => {
    const out: string[] = [];
    let t = 0;
    const bar = progressBar({ label: 'p', total: 10, write: (s) => out.push(s), enabled: true, now: () => t });
    bar.update(1);
    t = PROGRESS_INTERVAL_MS - 1;
    bar.update(2);
    t = PROGRESS_INTERVAL_MS;
    bar.update(3);
    bar.finish('done');
    // Frames for 1 (t = 0), 3 (t = interval), the final frame, then the newline; 2 was throttled.
    expect(out.length).toBe(4);
    expect(out[0]).toContain(' 1/10 ');
    expect(out[1]).toContain(' 3/10 ');
    expect(out[2]).toContain(' 3/10 done');
    expect(out[3]).toBe('\n');
    expect(out.every((s) => s === '\n' || s.startsWith('\r'))).toBe(true);
  });

  it('writes nothing when disabled', () => {
    const out: string[] = [];
    const bar = progressBar({ label: 'p', total: 10, write: (s) => out.push(s), enabled: false });
    bar.update(5);
    bar.finish();
    expect(out).toEqual([]);
  });
});
