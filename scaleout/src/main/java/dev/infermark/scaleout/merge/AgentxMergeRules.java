package dev.infermark.scaleout.merge;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;

import dev.infermark.agentx.replay.ProfileMeter;
import dev.infermark.agentx.replay.ReplayMetrics;
import dev.infermark.agentx.replay.SubmissionRules;
import dev.infermark.json.Json;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.Summary;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.settings.Settings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The AgentX replay's rules over the whole run (spec §1.4, §1.6), with the code one host uses
 * ({@link ProfileMeter}, {@link SubmissionRules}): the context-overflow rate over every shard's
 * requests (recorded overflows from the merged records plus each shard's skipped ones), cancellation
 * (any shard), and metric coverage from the earliest profiling start. Counters of the replay are
 * summed; what cannot be recomputed from the files (the scheduler's own lateness, the most trees live
 * at once, the theoretical prefix-cache hit rate, which needs the corpus) is left out and listed in
 * {@code metadata.merge.not_merged}.
 */
final class AgentxMergeRules implements MergeRules {
  private static final List<String> SUMMED = List.of("trees_played", "system_idle_cap_jumps",
      "system_idle_cap_skipped_seconds", "trace_idle_cap_jumps", "requests_cut_off", "requests_cancelled_in_flight",
      "records_not_returned", "replay_barrier_holds");

  private final ProfileMeter meter = new ProfileMeter();

  @Override
  public void accept(RequestRecord r) {
    meter.accept(r);
  }

  @Override
  public Set<String> runtimeReasons() {
    return Set.of(SubmissionRules.CONTEXT_OVERFLOW_RATE_EXCEEDED, SubmissionVerdict.RUN_CANCELLED,
        SubmissionRules.INSUFFICIENT_COVERAGE);
  }

  @Override
  public void finish(List<ShardFolder> shards, Settings settings, Summary profiling, boolean cancelled,
      List<String> reasons, ObjectNode extras) {
    long skipped = shards.stream().mapToLong(s -> s.aiperf().path(ReplayMetrics.SKIPPED_CONTEXT_OVERFLOW_COUNT.tag()).path("avg").asLong())
        .sum();
    // Merged records' times are wall-clock ns, so the phase start is too.
    long phaseStartNs = shards.stream().map(ShardFolder::start).filter(Objects::nonNull).min(Instant::compareTo)
        .map(t -> t.getEpochSecond() * 1_000_000_000L + t.getNano()).orElse(-1L);
    SubmissionRules.Assessment rules = SubmissionRules.Assessment.of(meter, skipped, cancelled, phaseStartNs, settings);
    SubmissionVerdict v = new SubmissionVerdict();
    rules.apply(v);
    reasons.addAll(v.reasons());

    rules.exportCounts(extras);
    ObjectNode branch = Json.object();
    for (ShardFolder s : shards) {
      for (Map.Entry<String, JsonNode> e : s.aiperf().path("branch_stats").properties()) {
        if (e.getValue().isNumber()) {
          branch.put(e.getKey(), branch.path(e.getKey()).asLong() + e.getValue().asLong());
        }
      }
    }
    extras.set("branch_stats", branch);
    ObjectNode md = extras.withObjectProperty("metadata");
    JsonNode first = shards.get(0).aiperf().path("metadata");
    if (first.has("dataset")) {
      md.set("dataset", first.get("dataset"));
    }
    rules.exportCoverage(md);
    ObjectNode info = md.putObject("agentic_replay");
    JsonNode firstInfo = first.path("agentic_replay");
    info.set("lanes", firstInfo.get("lanes"));
    for (String k : SUMMED) {
      double sum = 0;
      for (ShardFolder s : shards) {
        sum += s.aiperf().path("metadata").path("agentic_replay").path(k).asDouble();
      }
      if (k.endsWith("_seconds")) {
        info.put(k, sum);
      } else {
        info.put(k, (long) sum);
      }
    }
    info.set("system_idle_gap_cap_seconds", firstInfo.get("system_idle_gap_cap_seconds"));
    info.set("cache_bust_target", firstInfo.get("cache_bust_target"));
    lateness(info, "dispatch_lateness_ms", meter.latenessCount(), meter::latenessMs);
    lateness(info, "warmup_dispatch_lateness_ms", meter.warmupLatenessCount(), meter::warmupLatenessMs);
    md.withObjectProperty("merge").putArray("not_merged").add("metadata.agentic_replay.max_live_trees")
        .add("metadata.agentic_replay.scheduler_lateness_ms")
        .add("theoretical_prefix_cache_hit");
  }

  /** Lateness percentiles (ms) as one host writes them, when any dispatch was measured. */
  private static void lateness(ObjectNode info, String name, long count, DoubleUnaryOperator percentileMs) {
    if (count > 0) {
      ObjectNode late = info.putObject(name);
      late.put("p50", percentileMs.applyAsDouble(50));
      late.put("p99", percentileMs.applyAsDouble(99));
      late.put("max", percentileMs.applyAsDouble(100));
      late.put("count", count);
    }
  }
}
