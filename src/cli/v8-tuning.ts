/**
 * @module V8 tuning for a command that answers once and exits (a report, a card). Such a process
 * lives a few hundred milliseconds, too short for TurboFan's optimised code to repay compiling it:
 * with V8's default tier-up budget the engine's loops over the dataset get optimised mid-run, on
 * the same two cores. Eight times the budget lets a short run finish on the interpreter and the
 * baseline compiler, while a long one (a big dataset) still optimises, only a few milliseconds
 * later. Measured on the built binary (docs/design.md#the-command-line-binary): CPU over
 * `node -e 0` of `scouting --json` on the demo +287 → +220 ms, `similar` +334 → +257 ms, `card`
 * +972 → +826 ms, answers byte-identical.
 */
import { setFlagsFromString } from 'node:v8';

/**
 * V8's interrupt budget for a short run: eight times node 20's default (67,584 bytecode units
 * between tier-up checks). Four to sixteen times measured the same on the demo.
 */
export const SHORT_RUN_INTERRUPT_BUDGET = 8 * 67_584;

/**
 * Raises V8's tier-up budget for the rest of this process; call it before the command's work. A V8
 * without the flag would print "unrecognized flag" on stderr (test/cli/v8-tuning.test.ts checks
 * that a tuned report prints nothing there).
 */
export function tuneForShortRun(): void {
  setFlagsFromString(`--interrupt-budget=${SHORT_RUN_INTERRUPT_BUDGET}`);
}
