package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

class RunModelTest {
  @TempDir
  Path dir;

  @Test
  void distributionsCountSuccessfulProfilingRequestsOnly() {
    new FixtureRun()
        .request(0, 9000).warmup().ttft(9000).add()       // warmup: never in a statistic
        .request(0, 100).ttft(10).add()
        .request(0, 100).ttft(30).add()
        .request(0, 100).ttft(20).add()
        .request(0, 8000).ttft(8000).failed("timeout").add() // failed: left out too
        .writeTo(dir);

    JsonNode model = RunModel.of(RunFolder.read(dir));

    JsonNode ttft = model.path("dists").get(0);
    assertThat(ttft.path("tag").asString()).isEqualTo("time_to_first_token");
    assertThat(ttft.path("n").asInt()).isEqualTo(3);
    JsonNode cdf = ttft.path("cdfs").get(0);
    assertThat(cdf.path("x").toString()).isEqualTo("[10.0,20.0,30.0]");
    assertThat(cdf.path("y").get(2).asDouble()).isEqualTo(1.0);
    assertThat(ttft.path("hist").path("max").asDouble()).isEqualTo(30.0);
    JsonNode rec = model.path("records");
    assertThat(rec.path("warmup").asInt()).isEqualTo(1);
    assertThat(rec.path("failed").asInt()).isEqualTo(1);
    assertThat(rec.path("measured").asInt()).isEqualTo(3);
  }

  @Test
  void aMetricNobodyRecordedHasNoChart() {
    new FixtureRun().request(0, 100).ttft(10).add().writeTo(dir);
    JsonNode dists = RunModel.of(RunFolder.read(dir)).path("dists");
    assertThat(dists.findValuesAsString("tag")).containsExactly("time_to_first_token", "request_latency");
  }

  @Test
  void latenciesFromTheIntendedInstantAreASecondCdfBesideTheActualOnesAndTheLagHasItsOwnDistribution() {
    new FixtureRun()
        .request(0, 100).ttft(10).lateBy(0).add()
        .request(0, 100).ttft(20).lateBy(500).add()
        .request(0, 100).ttft(30).lateBy(1000).add()
        .request(0, 100).ttft(40).lateBy(3000).failed("timeout").add() // failed: in no distribution
        .writeTo(dir);

    JsonNode dists = RunModel.of(RunFolder.read(dir)).path("dists");

    assertThat(dists.findValuesAsString("tag")).containsExactly("time_to_first_token", "request_latency", "schedule_lag");
    JsonNode ttft = dists.get(0).path("cdfs");
    assertThat(ttft.findValuesAsString("label")).containsExactly("from the send", "from the intended instant");
    assertThat(ttft.get(0).path("x").toString()).isEqualTo("[10.0,20.0,30.0]");
    assertThat(ttft.get(1).path("x").toString()).isEqualTo("[10.0,520.0,1030.0]");
    JsonNode e2e = dists.get(1).path("cdfs");
    assertThat(e2e.get(0).path("x").toString()).isEqualTo("[100.0]"); // three ties: one step
    assertThat(e2e.get(1).path("x").toString()).isEqualTo("[100.0,600.0,1100.0]");
    assertThat(dists.get(1).path("hist").path("max").asDouble()).isEqualTo(100.0); // the histogram: from the send
    JsonNode lag = dists.get(2);
    assertThat(lag.path("cdfs").get(0).path("x").toString()).isEqualTo("[0.0,500.0,1000.0]");
    assertThat(lag.path("hist").path("max").asDouble()).isEqualTo(1000.0);
  }

  @Test
  void agentPerfPhasesGetOneCdfEachAndNoPooledHistogram() {
    new FixtureRun()
        .request(0, 100).ttft(10).meta("agentperf_phase", 1).meta("agentperf_agents", 1).add()
        .request(0, 100).ttft(50).meta("agentperf_phase", 2).meta("agentperf_agents", 2).add()
        .request(0, 100).ttft(60).meta("agentperf_phase", 2).meta("agentperf_agents", 2).add()
        .writeTo(dir);
    JsonNode ttft = RunModel.of(RunFolder.read(dir)).path("dists").get(0);
    assertThat(ttft.path("grouped").asBoolean()).isTrue();
    assertThat(ttft.has("hist")).isFalse();
    assertThat(ttft.path("cdfs").findValuesAsString("label")).containsExactly("1 agent (phase 1)", "2 agents (phase 2)");
  }

  @Test
  void verdictSettingsAndLargeSeedsReachThePageIntact() {
    var s = FixtureRun.summaryJson("agentx", 10);
    ((tools.jackson.databind.node.ObjectNode) s.get("metadata")).put("submission_valid", false).putArray("submission_invalid_reasons").add("unsafe_override");
    s.putObject("input_config").set("infermark.concurrency",
        tools.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("value", "8").put("source", "preset smoke"));
    new FixtureRun().summary(s).request(0, 100).ttft(10).add().writeTo(dir);

    JsonNode model = RunModel.of(RunFolder.read(dir));

    assertThat(model.path("verdict").path("submission_valid").asBoolean(true)).isFalse();
    assertThat(model.path("verdict").path("reasons").get(0).asString()).isEqualTo("unsafe_override");
    // 6128717508806205654 > 2^53: a JavaScript number would round it, a string keeps it.
    assertThat(model.path("run").path("random_seed").isString()).isTrue();
    assertThat(model.path("run").path("random_seed").asString()).isEqualTo("6128717508806205654");
    assertThat(model.path("run").path("concurrency").asString()).isEqualTo("8");
    assertThat(model.path("settings").get(0).toString()).isEqualTo("[\"infermark.concurrency\",\"8\",\"preset smoke\"]");
    assertThat(model.path("summary").get(0).path("name").asString()).isEqualTo("Time to First Token");
    assertThat(model.path("totals").get(0).path("value").asDouble()).isEqualTo(2.0);
  }

  @Test
  void numbersBeyondJavaScriptPrecisionBecomeStrings() {
    var n = tools.jackson.databind.node.JsonNodeFactory.instance.objectNode().put("big", 9007199254740993L).put("small", 42L);
    JsonNode safe = Numbers.safe(n);
    assertThat(safe.path("big").isString()).isTrue();
    assertThat(safe.path("small").isNumber()).isTrue();
  }
}
