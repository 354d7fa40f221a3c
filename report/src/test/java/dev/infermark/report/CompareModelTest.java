package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import tools.jackson.databind.JsonNode;

class CompareModelTest {
  @TempDir
  Path dir;

  private Path run(String name, double ttftP50, double... ttfts) {
    FixtureRun r = new FixtureRun().summary(FixtureRun.summaryJson(name, ttftP50));
    for (double t : ttfts) {
      r.request(0, 100).ttft(t).add();
    }
    return r.writeTo(dir.resolve(name));
  }

  @Test
  void tabulatesEachNumberWithItsChangeAgainstTheFirstRun() {
    Path a = run("a", 100, 90, 100, 110);
    Path b = run("b", 80, 70, 80, 90);

    JsonNode m = CompareModel.of(List.of(RunFolder.read(a), RunFolder.read(b)));

    JsonNode p50 = row(m, "Time to first token", "p50");
    // The reported statistic (profile_export_aiperf.json) wins over one computed from the records.
    assertThat(p50.path("values").toString()).isEqualTo("[100.0,80.0]");
    assertThat(p50.path("delta_pct").toString()).isEqualTo("[null,-20.0]");
    assertThat(p50.path("larger_is_better").asBoolean()).isFalse();
    JsonNode thr = row(m, "Request Throughput", "");
    assertThat(thr.path("larger_is_better").asBoolean()).isTrue();
    assertThat(thr.path("delta_pct").get(1).asDouble()).isEqualTo(0.0);
    assertThat(m.path("runs").get(1).path("dists").path("time_to_first_token").path("x").toString())
        .isEqualTo("[70.0,80.0,90.0]");
  }

  @Test
  void withoutASummaryTheStatisticsComeFromTheRecords() {
    Path a = new FixtureRun().request(0, 100).ttft(10).add().request(0, 100).ttft(30).add().writeTo(dir.resolve("x"));
    Path b = new FixtureRun().request(0, 100).ttft(20).add().writeTo(dir.resolve("y"));
    JsonNode m = CompareModel.of(List.of(RunFolder.read(a), RunFolder.read(b)));
    assertThat(row(m, "Time to first token", "p50").path("values").toString()).isEqualTo("[20.0,20.0]");
    assertThat(row(m, "Inter-token latency", "p50").path("values").toString()).isEqualTo("[null,null]");
  }

  @Test
  void runsInFoldersOfTheSameNameAreToldApartByTheirParent() {
    Path a = new FixtureRun().request(0, 1).add().writeTo(dir.resolve("before/chat-latency"));
    Path b = new FixtureRun().request(0, 1).add().writeTo(dir.resolve("after/chat-latency"));
    assertThat(CompareModel.labels(List.of(RunFolder.read(a), RunFolder.read(b))))
        .containsExactly("before/chat-latency", "after/chat-latency");
    assertThat(CompareModel.labels(List.of(RunFolder.read(a), RunFolder.read(a))))
        .containsExactly("before/chat-latency", "before/chat-latency #2");
  }

  private Path run(String name, java.util.Map<String, String> settings) {
    tools.jackson.databind.node.ObjectNode s = FixtureRun.summaryJson("chat-latency", 100);
    tools.jackson.databind.node.ObjectNode cfg = s.putObject("input_config");
    settings.forEach((k, v) -> cfg.putObject(k).put("value", v.split("@")[0]).put("source", v.contains("@")
        ? v.split("@")[1] : "system property"));
    return new FixtureRun().summary(s).request(0, 100).ttft(10).add().writeTo(dir.resolve(name));
  }

  @Test
  void runsAreLabelledByTheSettingsAndParametersThatDiffer() {
    Path a = run("20261206T1-inputTokens=128", java.util.Map.of("infermark.concurrency", "8",
        "infermark.param.inputTokens", "128", "infermark.random-seed", "11@default", "infermark.artifact-dir", "x",
        "infermark.model", "m"));
    Path b = run("20261206T2-inputTokens=128", java.util.Map.of("infermark.concurrency", "16",
        "infermark.param.inputTokens", "128", "infermark.random-seed", "22@default", "infermark.artifact-dir", "y",
        "infermark.model", "m"));
    JsonNode m = CompareModel.of(List.of(RunFolder.read(a), RunFolder.read(b)));
    // the drawn seed and where the run wrote do not tell runs apart; what is equal is not repeated
    assertThat(m.path("varied").toString()).isEqualTo("[\"concurrency\"]");
    assertThat(m.path("runs").get(0).path("label").asString()).isEqualTo("concurrency=8");
    assertThat(m.path("runs").get(1).path("label").asString()).isEqualTo("concurrency=16");
    assertThat(m.path("runs").get(1).path("differs").toString()).isEqualTo("{\"concurrency\":\"16\"}");
    assertThat(m.path("runs").get(1).path("folder").asString()).isEqualTo("20261206T2-inputTokens=128");
    // A seed given on purpose is a difference; a parameter by its field's name.
    Path c = run("c", java.util.Map.of("infermark.param.inputTokens", "1024", "infermark.random-seed", "7"));
    Path d = run("d", java.util.Map.of("infermark.param.inputTokens", "128", "infermark.random-seed", "7"));
    assertThat(CompareModel.of(List.of(RunFolder.read(c), RunFolder.read(d))).path("runs").get(0).path("label").asString())
        .isEqualTo("inputTokens=1024");
    // Repeats of one configuration keep their folders' names.
    Path e = run("e", java.util.Map.of("infermark.concurrency", "8"));
    Path f = run("f", java.util.Map.of("infermark.concurrency", "8"));
    JsonNode same = CompareModel.of(List.of(RunFolder.read(e), RunFolder.read(f)));
    assertThat(same.path("runs").get(0).path("label").asString()).isEqualTo("e");
    assertThat(same.path("varied")).isEmpty();
  }

  private static JsonNode row(JsonNode model, String name, String stat) {
    for (JsonNode r : model.path("deltas")) {
      if (r.path("name").asString().equals(name) && r.path("stat").asString().equals(stat)) {
        return r;
      }
    }
    throw new AssertionError("no row " + name + " " + stat + " in " + model.path("deltas"));
  }
}
