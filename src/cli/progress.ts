/**
 * A one-line progress bar for long CLI runs: drawn on stderr with `\r` updates at most every
 * {@link PROGRESS_INTERVAL_MS}, and silent when stderr is not a terminal or `CI` is set, so pipes,
 * logs and `--json` consumers see nothing but the result.
 */

/** Fewest milliseconds between two redraws; more often only costs time on large inputs. */
export const PROGRESS_INTERVAL_MS = 100;

/** Width of the bar in characters. */
const BAR_WIDTH = 30;

/** Options of {@link progressBar}. */
interface ProgressOptions {
  /** Text before the bar (e.g. "ingest"). Required. */
  label: string;
  /** Units of work in all (matches, rows). Required; 0 draws an empty bar. */
  total: number;
  /** Where the bar is drawn (stderr). Required. */
  write: (text: string) => void;
  /** False draws nothing at all; default {@link progressWanted}(). */
  enabled?: boolean;
  /** Clock in milliseconds; default `performance.now`. */
  now?: () => number;
}

/** A drawn (or silent) progress bar. */
export interface ProgressBar {
  /** Reports `done` of `total` units, with an optional note (e.g. "205,314 events"); redraws when due. */
  update(done: number, note?: string): void;
  /** Draws the final state once and ends the line. */
  finish(note?: string): void;
}

/**
 * True when a progress bar should be drawn: stderr is a terminal and the `CI` environment
 * variable is unset, empty, "0" or "false".
 * @example progressWanted({ isTTY: true }, { CI: 'true' }) // => false
 */
export function progressWanted(
  stream: { isTTY?: boolean } = process.stderr,
  env: Record<string, string | undefined> = process.env,
): boolean {
  const ci = env.CI;
  const inCi = ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
  return Boolean(stream.isTTY) && !inCi;
}

/**
 * The text of one bar frame: label, bar, percentage, counts and note, starting with `\r`.
 * @example frameOf('score', 50, 200, '') // => '\rscore [████████······················]  25%  50/200 '
 */
export function frameOf(label: string, done: number, total: number, note: string): string {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 0;
  const filled = Math.round(share * BAR_WIDTH);
  const pct = `${Math.floor(share * 100)}%`.padStart(4);
  return `\r${label} [${'█'.repeat(filled)}${'·'.repeat(BAR_WIDTH - filled)}] ${pct}  ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${note}`;
}

/**
 * A progress bar over `total` units. Redraws at most every {@link PROGRESS_INTERVAL_MS}; when
 * disabled every call is a no-op.
 * @example progressBar({ label: 'ingest', total: 60, write: (t) => process.stderr.write(t) }).update(1) // => draws on a terminal only
 */
export function progressBar(options: ProgressOptions): ProgressBar {
  const enabled = options.enabled ?? progressWanted();
  const now = options.now ?? (() => performance.now());
  let last = Number.NEGATIVE_INFINITY;
  let lastDone = 0;
  let width = 0;
  const draw = (done: number, note: string): void => {
    const frame = frameOf(options.label, done, options.total, note);
    // Pad over the previous frame so a shorter line leaves no stale characters.
    options.write(frame.padEnd(width));
    width = frame.length;
  };
  return {
    update(done, note = '') {
      lastDone = done;
      if (!enabled) return;
      const t = now();
      if (t - last < PROGRESS_INTERVAL_MS) return;
      last = t;
      draw(done, note);
    },
    finish(note = '') {
      if (!enabled) return;
      draw(lastDone, note);
      options.write('\n');
    },
  };
}
