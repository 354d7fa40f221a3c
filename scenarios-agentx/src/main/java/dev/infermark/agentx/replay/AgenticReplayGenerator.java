package dev.infermark.agentx.replay;

import static dev.infermark.agentx.replay.ReplayMetrics.DISPATCH_LATENESS;
import static dev.infermark.agentx.replay.ReplayMetrics.MAX_LIVE_TREES;
import static dev.infermark.agentx.replay.ReplayMetrics.SKIPPED_CONTEXT_OVERFLOW_COUNT;
import static dev.infermark.agentx.replay.ReplayMetrics.TREES_PLAYED;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import dev.infermark.api.Metric;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.json.Json;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.shard.Shard;
import dev.infermark.shard.Shardable;
import dev.infermark.spi.Methodology;
import dev.infermark.spi.MethodologyContext;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.corpus.CorpusKeys;
import dev.infermark.traces.format.TraceFormats;
import dev.infermark.traces.prompt.TheoreticalPrefixCache;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the agentic replay against the run's server: loads the corpus, replays it on the real
 * clock with one virtual thread per request, then stamps the runtime verdict (overflow rate,
 * cancellation, metric coverage) and adds {@code branch_stats}, {@code metadata.dataset},
 * {@code theoretical_prefix_cache_hit} and the replay's own measurements (dispatch lateness,
 * idle-cap jumps) to the run's artifacts.
 */
public final class AgenticReplayGenerator implements Methodology, Shardable {
  /** {@code incomplete_reason} of a run aborted by a root warmup failure. */
  public static final String WARMUP_FAILED = "warmup_failed";
  /** {@code incomplete_reason} of a run aborted by {@code failed-request-threshold}. */
  public static final String FAILED_REQUEST_THRESHOLD = "failed_request_threshold";

  private final CorpusSource corpusSource;
  /** What the target advertised to the preflight, or null: the traces are checked against it before any load. */

  /** Where the corpus comes from (the settings, or a prepared corpus in tests). */
  @FunctionalInterface
  public interface CorpusSource {
    Corpus load(MethodologyContext ctx) throws Exception;
  }

  /**
   * @param corpusSource loads the corpus (the scenario's {@code @Locked} rules were checked before,
   *     on the settings that select it)
   */
  public AgenticReplayGenerator(CorpusSource corpusSource) {
    this.corpusSource = corpusSource;
  }

  /** The bundled smoke corpus ({@link SmokeCorpus}), whatever the settings select. */
  public static AgenticReplayGenerator smoke() {
    return new AgenticReplayGenerator(SmokeCorpus::load);
  }

  /** The corpus the run's settings select. */
  public static AgenticReplayGenerator fromSettings() {
    return new AgenticReplayGenerator(ctx -> TraceFormats.load(ctx.settings(), ctx.hub(), ctx.tokenizer(), ctx.seed()));
  }

  @Override
  public RunResult run(MethodologyContext ctx) throws Exception {
    Shard shard = Shard.of(ctx.settings());
    // Shards share the launcher's run id, so the markers are those one host would mint.
    ReplayConfig config = config(ctx.settings(), ctx.seed(),
        shard.runId() != null ? shard.runId() : UUID.randomUUID().toString(), ctx::log);
    shard.requireUnits(config.concurrency(), "concurrency");
    shard.stamp(ctx.exportExtras());
    ctx.step("dataset", null);
    Corpus corpus = corpusSource.load(ctx);
    ctx.log("agentx: corpus " + corpus.loader() + ": " + corpus.trees().size() + " trace(s), " + corpus.requestCount()
        + " request(s); " + config.concurrency() + " lane(s)");
    ctx.exportExtras().withObjectProperty("metadata").set("dataset", corpus.datasetMetadata());
    ctx.servedContext().ifPresent(served ->
        ContextFit.check(corpus.trees(), served, ctx.settings().get(CorpusKeys.MAX_CONTEXT_LENGTH), ctx::log));

    // The harness records every request the client sends, except AIPerf's skip path (profiling context overflows,
    // counted as skipped_context_overflow_count); the meter sees each record the replay keeps, for its own figures.
    ctx.skipPath(r -> r.phase() == Phase.PROFILING && !r.ok() && r.error().kind() == ErrorKind.CONTEXT_OVERFLOW);
    ProfileMeter meter = new ProfileMeter();
    TheoreticalPrefixCache prefixCache = new TheoreticalPrefixCache(corpus.prefixCache());
    Consumer<RequestRecord> sink = r -> {
      meter.accept(r);
      prefixCache.accept(r);
    };
    AgenticReplay replay;
    try (SystemReplayClock clock = new SystemReplayClock()) {
      replay = new AgenticReplay(config, corpus.trees(), corpus.prompts(), clock,
          new VirtualThreadDispatcher(ctx.client(), (out, ns) -> meter.started(out.phase(), ns)), sink, ctx::log, shard);
      if (shard.startAt() != null) {
        replay.profileNotBefore(clock.nowNanos() + shard.untilStart(Instant.now()).toNanos());
      }
      replay.onStage(stage -> {
        switch (stage) {
          case PRIMING, PRESSURE -> ctx.phase(Phase.WARMUP, null);
          case PROFILING -> ctx.phase(Phase.PROFILING, config.benchmarkDuration());
          default -> { } // done: the harness writes the artifacts
        }
      });
      // The progress shows [grace] once the duration is reached, not [profiling] 02:26/02:00.
      replay.onGrace(() -> ctx.grace(config.gracePeriod()));
      Runnable unregister = ctx.onCancel(replay::cancel);
      try {
        replay.start();
        awaitEnd(replay);
      } finally {
        unregister.run();
      }
    }
    ObjectNode hit = prefixCache.json();
    if (hit != null) {
      ctx.exportExtras().set(TheoreticalPrefixCache.TAG, hit);
    }
    return finish(ctx, config, shard, replay.stats(), meter);
  }

  /**
   * Waits for the replay to end, which it does only once every request it sent is recorded. When
   * this thread is interrupted (a JUnit abort), the replay is cancelled and still given the time
   * to record its aborted requests before the artifacts are written.
   */
  private static void awaitEnd(AgenticReplay replay) {
    try {
      replay.finished().get();
    } catch (InterruptedException e) {
      replay.cancel();
      try {
        replay.finished().get(2 * AgenticReplay.CLOSE_WAIT_NS, TimeUnit.NANOSECONDS);
      } catch (InterruptedException | TimeoutException | ExecutionException ignored) {
        // the run is being torn down: write what was recorded
      } finally {
        Thread.currentThread().interrupt();
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException("agentic replay failed: " + e.getCause().getMessage(), e.getCause());
    }
  }

  private RunResult finish(MethodologyContext ctx, ReplayConfig config, Shard shard, ReplayStats stats, ProfileMeter meter) {
    Settings s = ctx.settings();
    boolean cancelled = stats.cancelled() || ctx.cancelled();
    SubmissionRules.Assessment rules = SubmissionRules.Assessment.of(meter, stats.skippedOverflows(), cancelled,
        stats.phaseStartNs(), s);
    ctx.verdict().ifPresent(rules::apply);
    long skipped = rules.skipped();
    long overflows = rules.overflows();
    SubmissionRules.Coverage coverage = rules.coverage();

    ObjectNode extras = ctx.exportExtras();
    extras.set("branch_stats", stats.branchStats().toJson());
    rules.exportCounts(extras);
    ObjectNode metadata = extras.withObjectProperty("metadata");
    rules.exportCoverage(metadata);
    boolean late = meter.latenessCount() > 0;
    metadata.set("agentic_replay", Json.MAPPER.valueToTree(new ReplayExport.AgenticReplay(config.concurrency(),
        shard.sharded() ? shard.share(config.concurrency()) : null, stats.plays(), stats.maxLiveTrees(),
        config.systemIdleCap() == null ? null : config.systemIdleCap().toNanos() / 1e9, stats.idleJumps(),
        stats.idleSkippedNs() / 1e9, stats.traceCapJumps(), stats.cutOff(), stats.cancelledInFlight(), stats.notReturned(),
        stats.barrierHolds(), config.cacheBust() ? CacheBust.TARGET : "none",
        late ? new ReplayExport.Lateness(meter.latenessMs(50), meter.latenessMs(99), meter.latenessMs(100),
            meter.latenessCount()) : null,
        late ? new ReplayExport.Lateness(meter.schedulerLatenessMs(50), meter.schedulerLatenessMs(99),
            meter.schedulerLatenessMs(100), null) : null,
        meter.warmupLatenessCount() > 0 ? new ReplayExport.Lateness(meter.warmupLatenessMs(50), meter.warmupLatenessMs(99),
            meter.warmupLatenessMs(100), meter.warmupLatenessCount()) : null)));

    RunResult.Builder result = RunResult.builder()
        .value(Metric.CONTEXT_OVERFLOW_COUNT, overflows)
        .value(SKIPPED_CONTEXT_OVERFLOW_COUNT.tag(), skipped, SKIPPED_CONTEXT_OVERFLOW_COUNT.unit())
        .value(TREES_PLAYED.tag(), stats.plays(), TREES_PLAYED.unit())
        .value(MAX_LIVE_TREES.tag(), stats.maxLiveTrees(), MAX_LIVE_TREES.unit())
        .metric(DISPATCH_LATENESS.tag(), Stat.P50, meter.latenessMs(50), DISPATCH_LATENESS.unit())
        .metric(DISPATCH_LATENESS.tag(), Stat.P99, meter.latenessMs(99), DISPATCH_LATENESS.unit());
    result.consoleLine(String.format(Locale.ROOT,
        "agentx: %d lane(s), %d tree play(s), max live trees %d, context overflows %d (%d skipped), idle-cap jumps %d "
            + "(%.1f s skipped), dispatch lateness p50 %s / p99 %s",
        config.concurrency(), stats.plays(), stats.maxLiveTrees(), overflows, skipped, stats.idleJumps(),
        stats.idleSkippedNs() / 1e9, ms(meter.latenessMs(50)), ms(meter.latenessMs(99))));
    if (coverage != null && !coverage.pass()) {
      result.consoleLine(String.format(Locale.ROOT, "agentx: profile metric coverage too low: TTFT %.1f%%, ITL %.1f%% "
          + "of the %.0f s window, required %.1f%%; check inference server logs", 100 * coverage.ttftRatio(),
          100 * coverage.itlRatio(), coverage.expectedSeconds(), 100 * coverage.requiredRatio()));
    }
    TrajectoryWarmupFailedException warmupFailed = stats.warmupFailures().isEmpty() ? null
        : new TrajectoryWarmupFailedException(stats.warmupFailures(), stats.warmupOverflows());
    if (warmupFailed != null) {
      // The replay stopped itself: the run is cancelled, its artifacts say why (incomplete, abort_reason).
      ctx.abort(WARMUP_FAILED, warmupFailed.getMessage());
    } else if (stats.abortReason() != null) {
      ctx.abort(FAILED_REQUEST_THRESHOLD, stats.abortReason());
    }
    if (stats.abortReason() != null) {
      result.consoleLine("agentx: run aborted: " + stats.abortReason());
    }
    if (warmupFailed != null) {
      throw warmupFailed;
    }
    return result.build();
  }

  private static String ms(double v) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.3f ms", v);
  }

  /** The scheduler's configuration from settings. */
  static ReplayConfig config(Settings s, long seed, String benchmarkId, Consumer<String> log) {
    List<Integer> c = s.get(Keys.CONCURRENCY);
    if (c == null || c.size() != 1) {
      throw new IllegalArgumentException("infermark.concurrency: the agentic replay takes one value (live session "
          + "trees), got " + c);
    }
    if (Boolean.TRUE.equals(s.get(ReplayKeys.IGNORE_TRACE_DELAYS))) {
      throw new IllegalArgumentException("infermark.ignore-trace-delays: not supported by the agentic replay");
    }
    for (var unsupported : List.of(ReplayKeys.SYNTHESIS_MAX_ISL, ReplayKeys.INTER_TURN_DELAY_CAP_SECONDS)) {
      if (s.isSet(unsupported)) {
        throw new IllegalArgumentException(unsupported.property() + ": not supported by the agentic replay (it would "
            + "have no effect); remove it");
      }
    }
    String bust = s.get(ReplayKeys.CACHE_BUST).trim().toLowerCase(Locale.ROOT);
    if (!bust.equals(CacheBust.TARGET) && !bust.equals("none")) {
      throw new IllegalArgumentException("infermark.cache-bust: supported targets are first_turn_prefix and none, got '"
          + bust + "'");
    }
    return new ReplayConfig(c.get(0), seed, benchmarkId, s.get(ReplayKeys.TRAJECTORY_START_MIN_RATIO),
        s.get(ReplayKeys.TRAJECTORY_START_MAX_RATIO), seconds(s.get(ReplayKeys.SYSTEM_IDLE_GAP_CAP_SECONDS)),
        seconds(s.get(ReplayKeys.TRACE_IDLE_GAP_CAP_SECONDS)), s.get(Keys.BENCHMARK_DURATION),
        s.get(Keys.BENCHMARK_GRACE_PERIOD), s.get(ReplayKeys.BURST_PHASE_STARTS),
        s.get(ReplayKeys.AGENTIC_CACHE_WARMUP_DURATION), s.get(ReplayKeys.WARMUP_REQUESTS_PER_LANE),
        bust.equals(CacheBust.TARGET),
        // the run-wide threshold (its error_rate check); the replay aborts early only when it was given
        s.isSet(Keys.FAILED_REQUEST_THRESHOLD) ? s.get(Keys.FAILED_REQUEST_THRESHOLD) : null,
        s.get(ReplayKeys.AGENTX_DAG_FAIL_FAST), s.get(ReplayKeys.AGENTIC_WARMUP_GRACE_PERIOD) != null
            ? s.get(ReplayKeys.AGENTIC_WARMUP_GRACE_PERIOD) : s.get(ReplayKeys.WARMUP_GRACE_PERIOD));
  }

  private static Duration seconds(Double s) {
    return s == null ? null : Duration.ofNanos(Math.round(s * 1e9));
  }

  /** A root stream's warmup primer failed: the run is aborted (stamped {@code run_cancelled}). */
  public static final class TrajectoryWarmupFailedException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public TrajectoryWarmupFailedException(List<String> traceIds) {
      this(traceIds, List.of());
    }

    /**
     * @param overflowed the traces among them whose primer the server rejected as a context overflow:
     *     the message then says how to leave such traces out
     */
    public TrajectoryWarmupFailedException(List<String> traceIds, List<String> overflowed) {
      super("Trajectory warmup failed for " + traceIds.size() + " trace(s): " + String.join(", ", traceIds)
          + ". Run aborted to preserve metrics integrity." + (overflowed.isEmpty() ? "" : " The server rejected the "
          + "primer of " + String.join(", ", overflowed) + " as a context overflow: the trace needs more context than "
          + "the server serves. Set infermark.max-context-length to the server's context length to drop such traces "
          + "before the replay."));
    }
  }
}
