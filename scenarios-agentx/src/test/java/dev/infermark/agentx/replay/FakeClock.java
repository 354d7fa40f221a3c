package dev.infermark.agentx.replay;

import java.util.PriorityQueue;

/** A clock that only moves when the test says so; scheduled tasks run in time order as it moves. */
final class FakeClock implements ReplayClock {
  private record Task(long at, long seq, Runnable run) {}

  private final PriorityQueue<Task> tasks = new PriorityQueue<>((a, b) -> a.at != b.at ? Long.compare(a.at, b.at)
      : Long.compare(a.seq, b.seq));
  private long now = 1_000_000_000_000L;
  private long seq;
  /** The clock's lead (see {@link ReplayClock#leadNanos}); zero unless a test sets it. */
  long lead;

  @Override
  public long leadNanos() {
    return lead;
  }

  @Override
  public long nowNanos() {
    return now;
  }

  @Override
  public void schedule(Runnable task, long atNanos) {
    tasks.add(new Task(atNanos, seq++, task));
  }

  /** Runs what is due now (tasks scheduled for the past included). */
  void runDue() {
    advanceTo(now);
  }

  void advanceMs(double ms) {
    advanceTo(now + Math.round(ms * 1_000_000));
  }

  void advanceTo(long t) {
    for (int guard = 0; guard < 10_000_000 && !tasks.isEmpty() && tasks.peek().at <= t; guard++) {
      Task k = tasks.poll();
      now = Math.max(now, k.at);
      k.run.run();
    }
    now = Math.max(now, t);
  }

  /** Milliseconds since {@code ns}. */
  double msSince(long ns) {
    return (now - ns) / 1e6;
  }
}
