/**
 * Preloaded into the server by bench/cards/photos.bench.ts (NODE_OPTIONS=--require): the server's
 * own event-loop delay, written as JSON to LOOP_DELAY_OUT when the process exits, so the soak tells
 * a blocked event loop from a slow client or a busy machine. Two records:
 *
 * - `raw`: perf_hooks.monitorEventLoopDelay, how late the loop ran a due timer, whatever the cause.
 * - `own`: a timer every TICK_MS reads the main thread's scheduler statistics
 *   (/proc/self/task/<pid>/schedstat: nanoseconds on a CPU, nanoseconds runnable but waiting for one).
 *   A tick's delay minus the time the thread waited for a CPU is the delay the process caused itself
 *   (JavaScript or native code running on the loop, or a synchronous system call such as an fsync);
 *   the runqueue wait is the machine's load (other processes on the same cores), not our loop.
 *   Stalls over STALL_MS are listed with both parts.
 *
 * Only the `serve` process records; its render workers inherit the option and skip it. SIGUSR2
 * restarts the record, so the bench leaves the server's start-up (module loading) out.
 */
if (process.argv.includes('serve') && process.env.LOOP_DELAY_OUT) {
  const { monitorEventLoopDelay, createHistogram } = require('node:perf_hooks');
  const { readFileSync, writeFileSync } = require('node:fs');
  const TICK_MS = 10;
  const STALL_MS = 50;
  const MAX_STALLS = 500;
  const schedstat = `/proc/self/task/${process.pid}/schedstat`;
  const sched = () => {
    try {
      const [onCpu, waiting] = readFileSync(schedstat, 'utf8').split(' ').map(Number);
      return { onCpu, waiting };
    } catch {
      return null;
    }
  };
  const raw = monitorEventLoopDelay({ resolution: 10 });
  raw.enable();
  const BUCKETS_MS = [10, 20, 50, 100, 200, 500];
  const counters = () => Object.fromEntries(BUCKETS_MS.map((b) => [b, 0]));
  const count = (counts, valueMs) => {
    for (const b of BUCKETS_MS) if (valueMs > b) counts[b]++;
  };
  let own = createHistogram();
  let tickDelay = createHistogram();
  let ownOver = counters();
  let tickOver = counters();
  let stalls = [];
  let waitedMs = 0;
  let last = { at: performance.now(), s: sched() };
  const tick = setInterval(() => {
    const now = { at: performance.now(), s: sched() };
    const delayMs = Math.max(0, now.at - last.at - TICK_MS);
    if (now.s && last.s) {
      const waitMs = (now.s.waiting - last.s.waiting) / 1e6;
      const cpuMs = (now.s.onCpu - last.s.onCpu) / 1e6;
      const ownMs = Math.max(0, delayMs - waitMs);
      waitedMs += waitMs;
      own.record(Math.max(1, Math.round(ownMs * 1e6)));
      tickDelay.record(Math.max(1, Math.round(delayMs * 1e6)));
      count(ownOver, ownMs);
      count(tickOver, delayMs);
      if (delayMs > STALL_MS && stalls.length < MAX_STALLS)
        stalls.push({
          at_s: Math.round(now.at / 100) / 10,
          delay_ms: Math.round(delayMs),
          runqueue_wait_ms: Math.round(waitMs),
          on_cpu_ms: Math.round(cpuMs),
          own_ms: Math.round(ownMs),
        });
    }
    last = now;
  }, TICK_MS);
  tick.unref();
  process.on('SIGUSR2', () => {
    raw.reset();
    own = createHistogram();
    tickDelay = createHistogram();
    ownOver = counters();
    tickOver = counters();
    stalls = [];
    waitedMs = 0;
    last = { at: performance.now(), s: sched() };
  });
  // CPU_PROF_OUT: a CPU profile of the soak (start at SIGUSR2, written at exit), to see what the loop runs.
  let profiler = null;
  if (process.env.CPU_PROF_OUT) {
    const { Session } = require('node:inspector');
    profiler = new Session();
    profiler.connect();
    profiler.post('Profiler.enable');
    profiler.post('Profiler.setSamplingInterval', { interval: 500 });
    process.on('SIGUSR2', () => profiler.post('Profiler.start'));
  }
  process.on('exit', () => {
    profiler?.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(process.env.CPU_PROF_OUT, JSON.stringify(result.profile));
    });
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    const summary = (h) => ({
      samples: h.count,
      p50_ms: ms(h.percentile(50)),
      p90_ms: ms(h.percentile(90)),
      p99_ms: ms(h.percentile(99)),
      p999_ms: ms(h.percentile(99.9)),
      max_ms: ms(h.max),
    });
    writeFileSync(
      process.env.LOOP_DELAY_OUT,
      JSON.stringify({
        p50_ms: ms(raw.percentile(50)),
        p99_ms: ms(raw.percentile(99)),
        max_ms: ms(raw.max),
        tick_ms: TICK_MS,
        raw: { ...summary(raw), ticks: summary(tickDelay), ticks_over_ms: tickOver },
        own: { ...summary(own), ticks_over_ms: ownOver },
        runqueue_wait_total_ms: Math.round(waitedMs),
        stalls,
      }),
    );
  });
}
