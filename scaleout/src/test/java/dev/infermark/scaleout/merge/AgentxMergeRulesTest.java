package dev.infermark.scaleout.merge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.json.Json;
import dev.infermark.settings.Settings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The AgentX rules over a merged run: the verdict's runtime reasons and the replay's fields, from the shards. */
class AgentxMergeRulesTest {
  private static final long S = 1_000_000_000L;
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private static final long T0 = START.getEpochSecond() * S;

  private static RequestRecord ok(long startNs, long endNs, long dueNs) {
    return new RequestRecord(Phase.PROFILING, "r", null, dueNs, startNs, startNs / 1000, startNs + S / 100,
        new long[] {startNs + S / 10, endNs}, endNs, 10, 2, null, null, null, null, "stop", 200, null);
  }

  private static RequestRecord overflow(long startNs) {
    return new RequestRecord(Phase.PROFILING, "o", null, -1, startNs, startNs / 1000, -1, new long[0], startNs + S / 100,
        null, null, null, null, null, null, null, 400,
        new RequestError(ErrorKind.CONTEXT_OVERFLOW, 400, "BadRequest", "maximum context length", null));
  }

  private static ShardFolder shard(long skipped, long trees, long branches, Instant start) {
    ObjectNode a = Json.object();
    a.put("start_time", start.toString());
    a.putObject("skipped_context_overflow_count").put("unit", "requests").put("avg", skipped);
    a.putObject("branch_stats").put("spawned", branches);
    ObjectNode md = a.putObject("metadata");
    md.putObject("dataset").put("name", "smoke");
    ObjectNode info = md.putObject("agentic_replay");
    info.put("lanes", 4).put("trees_played", trees).put("system_idle_cap_skipped_seconds", 1.5)
        .putNull("system_idle_gap_cap_seconds").put("cache_bust_target", "none");
    return new ShardFolder(null, a);
  }

  private static ObjectNode finish(Map<String, String> settings, boolean cancelled, List<String> reasons) {
    AgentxMergeRules rules = new AgentxMergeRules();
    rules.accept(ok(T0 + S, T0 + 950 * S, T0 + S - S / 1000)); // 1 ms late; ITL until 950 s
    rules.accept(ok(T0 + 2 * S, T0 + 3 * S, T0 + 2 * S - 3 * S / 1000)); // 3 ms late
    rules.accept(overflow(T0 + 3 * S));
    ObjectNode extras = Json.object();
    rules.finish(List.of(shard(1, 2, 3, START.plusSeconds(1)), shard(0, 5, 4, START)), Settings.of(settings), null,
        cancelled, reasons, extras);
    return extras;
  }

  @Test
  void theWholeRunsOverflowRateCoverageAndCountersComeFromEveryShard() {
    List<String> reasons = new ArrayList<>();
    ObjectNode extras = finish(Map.of("benchmark-duration", "1000s"), false, reasons);
    // 2 overflows (1 recorded, 1 skipped) of 2 + 1 + 1: far over 1 %; ITL covers 950 of 1,000 s from the earliest start.
    assertThat(reasons).containsExactly("context_overflow_rate_exceeded");
    assertThat(extras.get("context_overflow_count").toString()).isEqualTo("{\"unit\":\"requests\",\"avg\":2}");
    assertThat(extras.get("skipped_context_overflow_count").toString()).isEqualTo("{\"unit\":\"requests\",\"avg\":1}");
    assertThat(extras.get("branch_stats").toString()).isEqualTo("{\"spawned\":7}");
    JsonNode md = extras.get("metadata");
    assertThat(md.get("dataset").get("name").asString()).isEqualTo("smoke");
    assertThat(md.get("metric_duration_coverage").toString()).isEqualTo("[{\"phase_name\":\"profiling\","
        + "\"expected_duration_seconds\":1000.0,\"required_ratio\":0.95,\"ttft_ratio\":0.0021,"
        + "\"inter_token_latency_ratio\":0.95}]");
    JsonNode info = md.get("agentic_replay");
    assertThat(info.get("lanes").asInt()).isEqualTo(4);
    assertThat(info.get("trees_played").asLong()).isEqualTo(7);
    assertThat(info.get("system_idle_cap_skipped_seconds").asDouble()).isEqualTo(3.0);
    assertThat(info.get("dispatch_lateness_ms").get("count").asLong()).isEqualTo(2);
    assertThat(info.get("dispatch_lateness_ms").get("max").asDouble()).isBetween(2.99, 3.01);
    assertThat(info.has("warmup_dispatch_lateness_ms")).isFalse();
    assertThat(md.get("merge").get("not_merged")).hasSize(3);
    assertThat(extras.propertyNames()).containsExactly("context_overflow_count", "skipped_context_overflow_count",
        "branch_stats", "metadata");
    assertThat(md.propertyNames()).containsExactly("dataset", "metric_duration_coverage", "agentic_replay", "merge");
  }

  @Test
  void aCancelledOrShortRunIsNotHeldToCoverage() {
    List<String> reasons = new ArrayList<>();
    ObjectNode cancelled = finish(Map.of("benchmark-duration", "1000s", "agentx-context-overflow-rate-limit", "0.9"), true,
        reasons);
    assertThat(reasons).containsExactly("run_cancelled");
    assertThat(cancelled.get("metadata").has("metric_duration_coverage")).isFalse();
    List<String> shortReasons = new ArrayList<>();
    ObjectNode shortRun = finish(Map.of("benchmark-duration", "899s", "agentx-context-overflow-rate-limit", "0.9"), false,
        shortReasons);
    assertThat(shortReasons).isEmpty();
    assertThat(shortRun.get("metadata").has("metric_duration_coverage")).isFalse();
  }
}
