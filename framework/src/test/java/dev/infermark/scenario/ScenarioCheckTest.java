package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.annotations.Default;
import dev.infermark.annotations.Locked;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.Metric;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.metrics.catalog.MetricCatalog;
import dev.infermark.metrics.catalog.MetricDef;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.testkit.ContextJar;

/** The engine-independent part of the discovery checks (the engine's DiscoveryIssuesTest shows the rest). */
class ScenarioCheckTest {
  private final SettingsRegistry registry = new SettingsRegistry(List.of(new Keys()));
  private Path capacity;

  /** A methodology reporting its capacity per SLO tier only, as AA-AgentPerf's catalog (not on this class path) does. */
  public static final class Capacity implements MetricCatalog {
    @Override
    public List<MetricDef> metrics() {
      return List.of(MetricDef.value(Metric.SUPPORTED_AGENTS.tag(), "Supported Agents", "agents").tierOnly());
    }
  }

  @BeforeEach
  void capacityCatalog(@TempDir Path dir) throws Exception {
    capacity = ContextJar.registering(dir.resolve("capacity.jar"), MetricCatalog.class, Capacity.class);
  }

  @Scenario(name = "fine")
  @Locked(key = "extra-inputs.ignore_eos", value = "true")
  @Locked(key = "benchmark-duration", min = "15m")
  @Locked(key = "public-dataset", required = true, orKeys = "input-file")
  @Default(key = "streaming", value = "yes")
  @Default(preset = "smoke", key = "benchmark-duration", value = "5s")
  @Slo(metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 2, unit = "s")
  @Slo(metric = Metric.INTER_TOKEN_LATENCY, stat = Stat.P99, max = 40)
  @Slo(tier = "gold", metric = Metric.SUPPORTED_AGENTS, min = 1)
  static class Fine {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario(name = "wrong")
  @Locked(key = "concurrency", anyOf = {"1", "two"}, orKeys = "requst-count")
  @Default(key = "param.scale", value = "2")
  @Slo(metric = Metric.SUPPORTED_AGENTS, min = 1)
  @Slo(metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 2)
  @Slo(metric = Metric.TIME_TO_FIRST_TOKEN, stat = Stat.P95, max = 2)
  static class Wrong {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Test
  void aWellWrittenScenarioHasNoProblems() throws Exception {
    ContextJar.with(capacity, () -> {
      assertThat(ScenarioCheck.of(ScenarioModel.of(Fine.class), registry)).isEmpty();
      assertThat(ScenarioCheck.fatal(ScenarioModel.of(Fine.class), registry)).isEmpty();
      return null;
    });
  }

  @Test
  void everyProblemIsFoundAtOnceFatalOnesFirst() throws Exception {
    List<ScenarioCheck.Problem> p = ContextJar.with(capacity, () -> ScenarioCheck.of(ScenarioModel.of(Wrong.class), registry));
    assertThat(p).extracting(ScenarioCheck.Problem::message).containsExactly(
        "@Locked(key = \"concurrency\") orKeys: unknown setting infermark.requst-count; did you mean \"request-count\"? "
            + "(the known settings are listed in docs/settings.md)",
        "@Locked(key = \"concurrency\") anyOf: infermark.concurrency: cannot use 'two': expected a whole number",
        "@Default(key = \"param.scale\"): @Param values are declared on the field (@Param({...})), not as defaults",
        "@Slo p95 time_to_first_token <= 2 is declared twice",
        "@Slo(metric = \"supported_agents\", stat = \"value\"): infermark's generators report supported_agents only per "
            + "SLO tier (give tier = \"...\"), so this check fails as not measured unless the scenario's load generator "
            + "reports it");
    assertThat(p).extracting(ScenarioCheck.Problem::level).containsExactly(ScenarioCheck.Level.FATAL,
        ScenarioCheck.Level.FATAL, ScenarioCheck.Level.FATAL, ScenarioCheck.Level.FATAL, ScenarioCheck.Level.WARNING);
    assertThat(ScenarioCheck.fatal(ScenarioModel.of(Wrong.class), registry)).get()
        .satisfies(e -> assertThat(e.problems()).hasSize(4)).extracting(Throwable::getMessage).asString()
        .startsWith("scenario " + Wrong.class.getName() + ": 4 problems:\n  - @Locked");
  }
}
