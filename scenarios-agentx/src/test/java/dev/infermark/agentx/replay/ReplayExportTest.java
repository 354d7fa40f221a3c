package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;

/** Pins the replay's export fields as the hand-built JSON wrote them: order, integer counts, an explicit null cap. */
class ReplayExportTest {
  @Test
  void agenticReplayKeepsItsFieldOrderAndLeavesOutOnlyWhatWasNotMeasured() {
    ReplayExport.AgenticReplay r = new ReplayExport.AgenticReplay(4, null, 12, 3, null, 1, 2.5, 0, 5, 6, 0, 7, "none",
        new ReplayExport.Lateness(1.5, 9.0, 12.0, 40L), new ReplayExport.Lateness(0.5, 2.0, 3.0, null), null);
    assertThat(Json.write(r)).isEqualTo("{\"lanes\":4,\"trees_played\":12,\"max_live_trees\":3,"
        + "\"system_idle_gap_cap_seconds\":null,\"system_idle_cap_jumps\":1,\"system_idle_cap_skipped_seconds\":2.5,"
        + "\"trace_idle_cap_jumps\":0,\"requests_cut_off\":5,\"requests_cancelled_in_flight\":6,\"records_not_returned\":0,"
        + "\"replay_barrier_holds\":7,\"cache_bust_target\":\"none\","
        + "\"dispatch_lateness_ms\":{\"p50\":1.5,\"p99\":9.0,\"max\":12.0,\"count\":40},"
        + "\"scheduler_lateness_ms\":{\"p50\":0.5,\"p99\":2.0,\"max\":3.0}}");
    ReplayExport.AgenticReplay sharded = new ReplayExport.AgenticReplay(6, 2, 1, 1, 30.0, 0, 0, 0, 0, 0, 0, 0,
        "first_turn_prefix", null, null, new ReplayExport.Lateness(1, 2, 3, 4L));
    assertThat(Json.write(sharded)).startsWith("{\"lanes\":6,\"shard_lanes\":2,\"trees_played\":1,\"max_live_trees\":1,"
        + "\"system_idle_gap_cap_seconds\":30.0,").endsWith("\"cache_bust_target\":\"first_turn_prefix\","
        + "\"warmup_dispatch_lateness_ms\":{\"p50\":1.0,\"p99\":2.0,\"max\":3.0,\"count\":4}}");
    assertThat(Json.write(new ReplayExport.Count("requests", 3))).isEqualTo("{\"unit\":\"requests\",\"avg\":3}");
    assertThat(Json.write(ReplayExport.Coverage.of(new SubmissionRules.Coverage(300, 0.9, 0.95, 0.97))))
        .isEqualTo("[{\"phase_name\":\"profiling\",\"expected_duration_seconds\":300.0,\"required_ratio\":0.9,"
            + "\"ttft_ratio\":0.95,\"inter_token_latency_ratio\":0.97}]");
  }
}
