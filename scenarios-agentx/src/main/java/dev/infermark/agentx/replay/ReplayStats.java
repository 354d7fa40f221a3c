package dev.infermark.agentx.replay;

import java.util.List;
import java.util.Set;

import dev.infermark.api.request.RequestError;

/**
 * The agentic replay's counters, taken at one instant under the scheduler lock
 * ({@link AgenticReplay#stats()}); read after the run for its artifacts and by the tests.
 *
 * @param stage where the scheduler was
 * @param cancelled the run was cancelled, or aborted itself (warmup failure, {@code failed-request-threshold})
 * @param inFlight requests on the wire
 * @param liveTrees trees live
 * @param maxLiveTrees the most trees ever live at once (never above the concurrency)
 * @param plays tree plays started (initial lanes plus recycles)
 * @param phaseStartNs {@code System.nanoTime()} of the profiling start, or -1 before it
 * @param skippedOverflows overflow responses in profiling that took the skip path
 * @param cutOff requests cut off at the end of the run (or of warmup) by a grace period or drain
 *     bound: each recorded as cancelled, type {@link RequestError#CUT_OFF}
 * @param cancelledInFlight requests in flight when the run was cancelled or aborted itself: each
 *     recorded as cancelled
 * @param notReturned aborted requests whose record did not come back within the close wait,
 *     recorded from the scheduler's own times instead (0 unless the client ignores aborts)
 * @param idleJumps times {@code system-idle-gap-cap-seconds} moved every pending timer earlier
 * @param idleSkippedNs the time those jumps skipped
 * @param traceCapJumps times {@code trace-idle-gap-cap-seconds} moved one tree's timers earlier
 * @param barrierHolds turns retained by a cross-stream replay barrier instead of leaving at their timer
 * @param primersCancelled primers cancelled because {@code agentic-warmup-grace-period} ran out
 * @param abortReason why the run aborted itself during profiling ({@code failed-request-threshold}), or {@code null}
 * @param warmupFailures root traces whose primer failed or was not primed in time (the run was aborted)
 * @param warmupOverflows those of {@code warmupFailures} whose primer the server rejected as a context overflow
 * @param markers every cache-bust marker minted
 * @param branchStats the sub-agent counters ({@code branch_stats})
 */
public record ReplayStats(AgenticReplay.Stage stage, boolean cancelled, int inFlight, int liveTrees, int maxLiveTrees,
    long plays, long phaseStartNs, long skippedOverflows, long cutOff, long cancelledInFlight, long notReturned,
    long idleJumps, long idleSkippedNs, long traceCapJumps, long barrierHolds, long primersCancelled,
    String abortReason, List<String> warmupFailures, List<String> warmupOverflows, Set<String> markers,
    BranchStats branchStats) {

  public ReplayStats {
    warmupFailures = List.copyOf(warmupFailures);
    warmupOverflows = List.copyOf(warmupOverflows);
    markers = Set.copyOf(markers);
  }
}
