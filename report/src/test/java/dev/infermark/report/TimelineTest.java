package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

class TimelineTest {
  @TempDir
  Path dir;

  @Test
  void slicesCountCompletionsByEndAndInFlightByTimeOnTheWire() {
    new FixtureRun()
        .request(-2000, -1500).warmup().add()          // warmup half a second before profiling starts
        .request(0, 2500).ttft(500).tokens(20).add()   // 2.5 s on the wire, ends in slice 2
        .request(1000, 1500).failed("timeout").add()
        .request(6000, 6500).add()                     // the last slice is half covered
        .writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    JsonNode tl = Timeline.of(f.rows(), f.tokenTicks(), Timeline.origin(f.rows()));

    assertThat(tl.path("slice_s").asDouble()).isEqualTo(1.0);
    assertThat(tl.path("t").toString()).isEqualTo("[-2.0,-1.0,0.0,1.0,2.0,3.0,4.0,5.0,6.0]");
    // The half-covered last slice: one completion in 0.5 s is 2 per second.
    assertThat(tl.path("completed").toString()).isEqualTo("[0.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,2.0]");
    assertThat(tl.path("failed").toString()).isEqualTo("[0.0,0.0,0.0,1.0,0.0,0.0,0.0,0.0,0.0]");
    assertThat(tl.path("inflight").toString()).isEqualTo("[0.0,0.0,1.0,1.5,0.5,0.0,0.0,0.0,1.0]");
    assertThat(tl.path("inflight_warmup").toString()).isEqualTo("[0.5,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0]");
    // 20 tokens spread evenly from the first token (0.5 s) to the end (2.5 s).
    assertThat(tl.path("output_tps").get(2).asDouble()).isEqualTo(5.0);
    assertThat(tl.path("output_tps").get(3).asDouble()).isEqualTo(10.0);
    assertThat(tl.path("output_tps").get(4).asDouble()).isEqualTo(5.0);
    assertThat(tl.has("cache_hit")).isFalse();
  }

  @Test
  void aStallShowsInTheLatencyFromTheIntendedInstantOfTheRequestsDueDuringIt() {
    // A capped open loop at 2 arrivals/s: the server stalls from 4 s to 6 s, so the arrivals due meanwhile wait for a
    // slot and leave at 6 s; each takes 100 ms once sent.
    FixtureRun run = new FixtureRun();
    for (int k = 0; k < 20; k++) {
      double due = k * 500;
      double start = due >= 4000 && due < 6000 ? 6000 : due;
      run.request(start, start + 100).lateBy(start - due).add();
    }
    run.writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    JsonNode l = Timeline.of(f.rows(), f.tokenTicks(), Timeline.origin(f.rows())).path("latency");

    assertThat(l.path("latency_p99").toString()).isEqualTo("[100.0,100.0,100.0,100.0,100.0,100.0,100.0,100.0,100.0,100.0]");
    // in the slices they were due in (4 s, 5 s), not the one they left in (6 s)
    assertThat(l.path("effective_latency_p99").toString())
        .isEqualTo("[100.0,100.0,100.0,100.0,2095.0,1095.0,100.0,100.0,100.0,100.0]");
    assertThat(l.path("effective_latency_p50").get(4).asDouble()).isEqualTo(1850.0);
    assertThat(l.path("schedule_lag_max").toString()).isEqualTo("[0.0,0.0,0.0,0.0,2000.0,1000.0,0.0,0.0,0.0,0.0]");
    assertThat(l.path("schedule_lag_p99").get(4).asDouble()).isEqualTo(1995.0);
  }

  @Test
  void withoutIntendedInstantsThereIsNoLatencyOverTime() {
    new FixtureRun().request(0, 5000).add().request(5000, 6100).add().writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    assertThat(Timeline.of(f.rows(), f.tokenTicks(), Timeline.origin(f.rows())).has("latency")).isFalse();
  }

  @Test
  void aSliverOfASliceAtTheEndHasNoRate() {
    new FixtureRun().request(0, 5000).add().request(5000, 6100).add().writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    JsonNode tl = Timeline.of(f.rows(), f.tokenTicks(), Timeline.origin(f.rows()));
    assertThat(tl.path("completed").get(5).asDouble()).isEqualTo(1.0);
    assertThat(tl.path("completed").get(6).isNull()).isTrue(); // 0.1 s of the slice: too little to be a rate
  }

  @Test
  void cacheHitRateIsCachedOverPromptTokensOfTheRequestsStartedInTheSlice() {
    new FixtureRun()
        .request(0, 100).metric("input_sequence_length", 1000, "tokens").metric("usage_prompt_cache_read_tokens", 0, "tokens").add()
        .request(200, 300).metric("input_sequence_length", 1000, "tokens").metric("usage_prompt_cache_read_tokens", 900, "tokens").add()
        .request(7000, 7100).metric("input_sequence_length", 2000, "tokens").metric("usage_prompt_cache_read_tokens", 1000, "tokens").add()
        .writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    JsonNode tl = Timeline.of(f.rows(), f.tokenTicks(), Timeline.origin(f.rows()));
    assertThat(tl.path("cache_hit").get(0).asDouble()).isEqualTo(0.45);
    assertThat(tl.path("cache_hit").get(1).isNull()).isTrue(); // nothing started: no rate, not 0
    assertThat(tl.path("cache_hit").get(7).asDouble()).isEqualTo(0.5);
    assertThat(tl.path("cache_hit_overall").asDouble()).isEqualTo(0.475);
  }

  @Test
  void aRunShorterThanFiveSecondsGetsTenthOfASecondSlices() {
    new FixtureRun().request(0, 1450).add().writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    JsonNode tl = Timeline.of(f.rows(), f.tokenTicks(), Timeline.origin(f.rows()));
    assertThat(tl.path("slice_s").asDouble()).isEqualTo(0.1);
    assertThat(tl.path("t").size()).isEqualTo(15);
  }

  @Test
  void requestsWithinLessThanASecondHaveNoTimelineAndThePageSaysSo() {
    new FixtureRun().request(0, 450).add().request(100, 900).add().writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    assertThat(Timeline.of(f.rows(), f.tokenTicks(), Timeline.origin(f.rows()))).isNull();
    JsonNode model = RunModel.of(RunFolder.read(dir));
    assertThat(model.path("timeline").isNull()).isTrue();
    assertThat(model.path("notes").toString()).contains("less than a second: no charts over time");
    assertThat(model.path("swimlane").isNull()).isTrue(); // no lanes recorded either
  }

  @Test
  void agentPerfPhasesBecomeSpansOfTime() {
    new FixtureRun()
        .request(0, 1000).meta("agentperf_phase", 1).meta("agentperf_agents", 1).add()
        .request(2000, 4000).meta("agentperf_phase", 2).meta("agentperf_agents", 2).add()
        .writeTo(dir);
    RunFolder f = RunFolder.read(dir);
    JsonNode g = Timeline.of(f.rows(), f.tokenTicks(), Timeline.origin(f.rows())).path("groups");
    assertThat(g.toString()).isEqualTo(
        "[{\"group\":\"1\",\"label\":\"1 agent\",\"from\":0.0,\"to\":1.0},{\"group\":\"2\",\"label\":\"2 agents\",\"from\":2.0,\"to\":4.0}]");
  }
}
