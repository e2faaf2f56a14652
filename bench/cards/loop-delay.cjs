/**
 * Preloaded into the server by bench/cards/photos.bench.ts (NODE_OPTIONS=--require): the server's
 * own event-loop delay (perf_hooks.monitorEventLoopDelay), written as JSON to LOOP_DELAY_OUT when
 * the process exits, so the soak tells a blocked event loop from a slow client or a busy machine.
 * Only the `serve` process records; its render workers inherit the option and skip it. SIGUSR2
 * restarts the record, so the bench leaves the server's start-up (module loading) out.
 */
if (process.argv.includes('serve') && process.env.LOOP_DELAY_OUT) {
  const { monitorEventLoopDelay } = require('node:perf_hooks');
  const { writeFileSync } = require('node:fs');
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => histogram.reset());
  process.on('exit', () => {
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    writeFileSync(
      process.env.LOOP_DELAY_OUT,
      JSON.stringify({
        p50_ms: ms(histogram.percentile(50)),
        p99_ms: ms(histogram.percentile(99)),
        max_ms: ms(histogram.max),
      }),
    );
  });
}
