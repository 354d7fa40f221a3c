package dev.infermark.agentx.replay;

/** One of the {@code concurrency} lanes: holds one tree play at a time. */
final class Lane {
  final int index;
  /** The tree played now, or {@code null} between a drain and the next recycle. */
  Play play;
  /** Requests sent in cache-pressure warmup (for {@code warmup-requests-per-lane}). */
  int pressureSent;

  Lane(int index) {
    this.index = index;
  }
}
