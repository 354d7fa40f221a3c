package dev.infermark.agentx.replay;

/** A turn due to leave at {@link #dueNs}; timers due at the same instant leave in the order they were made. */
final class Timer implements Comparable<Timer> {
  /** A warmup primer, or a turn of warmup or profiling. */
  enum Kind { PRIMER, TURN }

  long dueNs;
  final StreamRun run;
  final int turn;
  final Kind kind;
  final long order;
  /** In cache-pressure warmup: the recorded delay the turn keeps for the handoff to profiling. */
  double profileOffsetMs;
  /** Released by the barrier safety net: sent without another barrier check. */
  boolean unbarred;

  Timer(long dueNs, StreamRun run, int turn, Kind kind, long order) {
    this.dueNs = dueNs;
    this.run = run;
    this.turn = turn;
    this.kind = kind;
    this.order = order;
  }

  @Override
  public int compareTo(Timer o) {
    int c = Long.compare(dueNs, o.dueNs);
    return c != 0 ? c : Long.compare(order, o.order);
  }
}
