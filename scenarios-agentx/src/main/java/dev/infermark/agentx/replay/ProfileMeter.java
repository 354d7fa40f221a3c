package dev.infermark.agentx.replay;

import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.ConcurrentHistogram;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;

/**
 * What the replay measures itself from the records it hands on: dispatch lateness (start vs
 * due), request/error/overflow counts, and the latest TTFT and ITL instants for the coverage
 * gate. Thread-safe; fed from the request threads.
 */
public final class ProfileMeter {
  private final ConcurrentHistogram lateness = new ConcurrentHistogram(3_600_000_000_000L, 3);
  private final ConcurrentHistogram warmupLateness = new ConcurrentHistogram(3_600_000_000_000L, 3);
  private final ConcurrentHistogram schedulerLateness = new ConcurrentHistogram(3_600_000_000_000L, 3);
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final AtomicLong recordedOverflows = new AtomicLong();
  private final AtomicLong ttftEnd = new AtomicLong(Long.MIN_VALUE);
  private final AtomicLong itlEnd = new AtomicLong(Long.MIN_VALUE);

  /** Counts one record handed to the run (warmup records only feed their own lateness). */
  public void accept(RequestRecord r) {
    boolean profiling = r.phase() == Phase.PROFILING;
    if (r.dueNs() >= 0 && r.startNs() >= 0) {
      (profiling ? lateness : warmupLateness).recordValue(Math.max(0, r.startNs() - r.dueNs()));
    }
    if (!profiling) {
      return;
    }
    if (!r.ok()) {
      errors.incrementAndGet();
      if (r.error().kind() == ErrorKind.CONTEXT_OVERFLOW) {
        recordedOverflows.incrementAndGet();
      }
      return;
    }
    requests.incrementAndGet();
    if (r.contentChunkNs().length > 0) {
      ttftEnd.accumulateAndGet(r.contentChunkNs()[0], Math::max);
      Integer osl = r.outputSequenceLength();
      boolean hasItl = osl != null ? osl >= 2 : r.contentChunkNs().length >= 2;
      if (hasItl && r.endNs() >= 0) {
        itlEnd.accumulateAndGet(r.endNs(), Math::max);
      }
    }
  }

  /** A profiling request's sending thread started {@code latenessNs} after its due time. */
  public void started(Phase phase, long latenessNs) {
    if (phase == Phase.PROFILING) {
      schedulerLateness.recordValue(Math.max(0, latenessNs));
    }
  }

  /** A percentile (ms) of how late profiling requests' sending threads started, or NaN. */
  public double schedulerLatenessMs(double percentile) {
    return percentileMs(schedulerLateness, percentile);
  }

  /** Successful profiling records. */
  public long requestCount() {
    return requests.get();
  }

  /** Failed profiling records (recorded overflows included). */
  public long errorCount() {
    return errors.get();
  }

  /** Overflow errors that went through the record path. */
  public long recordedOverflowCount() {
    return recordedOverflows.get();
  }

  /** The latest {@code start + TTFT} of a profiling record, or {@code Long.MIN_VALUE}. */
  public long ttftEndNs() {
    return ttftEnd.get();
  }

  /** The latest end of a profiling record with an ITL, or {@code Long.MIN_VALUE}. */
  public long itlEndNs() {
    return itlEnd.get();
  }

  /** Profiling requests whose dispatch lateness was measured. */
  public long latenessCount() {
    return lateness.getTotalCount();
  }

  /** A percentile of profiling dispatch lateness in ms, or NaN when nothing was measured. */
  public double latenessMs(double percentile) {
    return percentileMs(lateness, percentile);
  }

  /** Warmup requests whose dispatch lateness was measured. */
  public long warmupLatenessCount() {
    return warmupLateness.getTotalCount();
  }

  /** A percentile of warmup dispatch lateness in ms (primers are sent in bursts by design), or NaN. */
  public double warmupLatenessMs(double percentile) {
    return percentileMs(warmupLateness, percentile);
  }

  private static double percentileMs(ConcurrentHistogram h, double percentile) {
    return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1e6;
  }
}
