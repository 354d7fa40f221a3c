package dev.infermark.agentx.replay;

import java.util.List;

import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;

/**
 * Recorded instants of a stream's turns on its trace timeline (ms), as the scheduler needs them
 * for cross-stream replay barriers (spec §3.8 rule 6) and the warmup handoff (§3.6).
 *
 * <p>A turn's recorded end is {@code ts(k+1) - delay(k+1)} (the delay is end-to-start). The end of
 * a stream's final turn is not known (no later turn measures it): it is {@code NaN} and never
 * makes a barrier (a parent waits for a finished child through its join anyway).
 */
final class RecordedTimeline {
  private RecordedTimeline() {}

  /** Recorded end of turn {@code k}, or {@code NaN} for the final turn or unknown timestamps. */
  static double endMs(ReplayStream stream, int k) {
    List<ReplayTurn> turns = stream.turns();
    if (k + 1 >= turns.size()) {
      return Double.NaN;
    }
    ReplayTurn next = turns.get(k + 1);
    return next.timestampMs() - next.delayMs();
  }

  /**
   * Whether turn {@code j} of {@code stream} must have completed before a request of another stream
   * of the tree recorded to start at {@code startMs} is sent: it started strictly before (so two
   * zero-length turns at one instant never wait on each other) and its recorded interval ended at
   * or before. Recorded ends grow with the turn index ({@code end(k) <= ts(k+1) <= end(k+1)}), so
   * when the first turn a stream has not completed need not precede, no later one does.
   */
  static boolean mustPrecede(ReplayStream stream, int j, double startMs) {
    if (j < 0 || j + 1 >= stream.turns().size() || !(stream.turns().get(j).timestampMs() < startMs)) {
      return false;
    }
    return endMs(stream, j) <= startMs;
  }
}
