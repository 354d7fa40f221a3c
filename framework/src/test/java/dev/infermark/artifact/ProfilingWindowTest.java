package dev.infermark.artifact;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.metrics.Records;
import dev.infermark.observer.Mark;

class ProfilingWindowTest {
  private static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");
  private final AtomicReference<Instant> now = new AtomicReference<>(T0);
  private final ProfilingWindow w = new ProfilingWindow(now::get);

  /** A profiling record starting {@code startS} seconds after T0 and lasting {@code ms}. */
  private static RequestRecord at(Phase phase, double startS, long ms) {
    RequestRecord r = Records.ok(phase, "r", 1_000_000_000L, new long[] {1}, ms, 1, 1, null);
    long micros = T0.getEpochSecond() * 1_000_000L + Math.round(startS * 1e6);
    return new RequestRecord(r.phase(), r.requestId(), r.tags(), r.dueNs(), r.startNs(), micros, r.ackNs(),
        r.contentChunkNs(), r.endNs(), r.inputTokens(), r.outputTokens(), r.reasoningTokens(), r.cachedTokens(), r.text(),
        r.reasoningText(), r.finishReason(), r.httpStatus(), r.error());
  }

  @Test
  void fromTheProfilingMarkToTheEndOfTheLastProfilingRequest() {
    now.set(T0.plusSeconds(60));
    w.mark(Mark.WARMUP);
    w.record(at(Phase.WARMUP, 61, 500));
    now.set(T0.plusSeconds(100));
    w.mark(Mark.PROFILING_START);
    w.record(at(Phase.PROFILING, 101, 2_000));
    w.record(at(Phase.PROFILING, 150, 30_000)); // still in flight when the drain starts, ends at 180 s
    now.set(T0.plusSeconds(160)); // the grace period: no mark, the window stays open
    now.set(T0.plusSeconds(400)); // writing artifacts, much later
    assertThat(w.start()).isEqualTo(T0.plusSeconds(100));
    assertThat(w.end()).isEqualTo(T0.plusSeconds(180));
  }

  @Test
  void aPhaseAfterProfilingEndsIt() {
    w.mark(Mark.PROFILING_START);
    w.record(at(Phase.PROFILING, 1, 1_000));
    now.set(T0.plusSeconds(5));
    w.mark(Mark.PROFILING_END);
    w.record(at(Phase.PROFILING, 6, 1_000));
    assertThat(w.start()).isEqualTo(T0);
    assertThat(w.end()).isEqualTo(T0.plusSeconds(5));
  }

  @Test
  void withoutMarksTheSpanOfTheProfilingRequests() {
    w.record(at(Phase.WARMUP, 1, 1_000));
    w.record(at(Phase.PROFILING, 10, 1_000));
    w.record(at(Phase.PROFILING, 12, 3_000));
    now.set(T0.plusSeconds(100));
    assertThat(w.start()).isEqualTo(T0.plusSeconds(10));
    assertThat(w.end()).isEqualTo(T0.plusSeconds(15));
  }

  @Test
  void noProfilingNoWindow() {
    w.mark(Mark.WARMUP);
    w.record(at(Phase.WARMUP, 1, 1_000));
    assertThat(w.start()).isNull();
    assertThat(w.end()).isNull();
  }
}
