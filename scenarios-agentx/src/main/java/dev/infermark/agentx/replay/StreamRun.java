package dev.infermark.agentx.replay;

import dev.infermark.traces.topology.ReplayStream;

/** Where one stream of a tree play is: its next turn, what completed, and what stops it. */
final class StreamRun {
  final Play play;
  final ReplayStream stream;
  final String correlationId;
  final String parentCorrelationId;
  int nextTurn;
  /** The last turn completed (or, before t*, passed); turns complete in order. */
  int completedThrough = -1;
  /** The branch whose JOIN this stream waits for, or {@code null}. */
  String gatedOn;
  boolean finished;
  boolean erred;
  /** Stopped by fail-fast: nothing more is sent; it finishes when its request on the wire returns. */
  boolean aborted;
  boolean onWire;
  /** Its warmup primer has not returned yet. */
  boolean primerPending;
  long lastStartNs;
  long lastEndNs;

  StreamRun(Play play, ReplayStream stream, String correlationId, String parentCorrelationId) {
    this.play = play;
    this.stream = stream;
    this.correlationId = correlationId;
    this.parentCorrelationId = parentCorrelationId;
  }
}
