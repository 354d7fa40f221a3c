package dev.infermark.metrics.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.Metric;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.Stat;
import dev.infermark.scenario.ScenarioCheck;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.slo.SloNames;
import dev.infermark.testkit.ContextJar;

/** One definition per metric: the harness's in {@link Metric}, a methodology's in its catalog, found by ServiceLoader. */
class MetricCatalogsTest {
  @TempDir
  Path dir;

  /** A third-party methodology's metrics. */
  public static final class Widgets implements MetricCatalog {
    @Override
    public List<MetricDef> metrics() {
      return List.of(MetricDef.value("widgets_built", "Widgets Built", "widgets").preferLarger(),
          MetricDef.distribution("widget_latency", "Widget Latency", "ms").runAndTier());
    }

    @Override
    public Set<String> alsoPerTier() {
      return Set.of(Metric.REQUEST_THROUGHPUT.tag());
    }
  }

  /** Defines a metric the harness defines already. */
  public static final class RedefinesTtft implements MetricCatalog {
    @Override
    public List<MetricDef> metrics() {
      return List.of(MetricDef.distribution(Metric.TIME_TO_FIRST_TOKEN.tag(), "TTFT", "ms"));
    }
  }

  /** Defines a metric {@link Widgets} defines. */
  public static final class AlsoWidgets implements MetricCatalog {
    @Override
    public List<MetricDef> metrics() {
      return List.of(MetricDef.value("widgets_built", "Widgets", "widgets"));
    }
  }

  @Scenario(name = "widgets")
  @Slo(custom = "widgets_built", min = 10)
  @Slo(tier = "gold", custom = "widget_latency", stat = Stat.P95, max = 3, unit = "s")
  @Slo(tier = "gold", metric = Metric.REQUEST_THROUGHPUT, min = 1)
  static class WidgetScenario {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario(name = "typo")
  @Slo(custom = "widgets_biult", min = 10)
  static class Typo {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario(name = "trees")
  @Slo(metric = Metric.TREES_PLAYED, min = 1)
  static class Trees {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  private final SettingsRegistry registry = new SettingsRegistry(List.of(new Keys()));

  @Test
  void theHarnessMetricsAreMetricsDefinedConstantsInDeclarationOrderWithTheirDefinition() {
    MetricCatalogs core = new MetricCatalogs(List.of());
    assertThat(core.tags()).containsExactlyElementsOf(
        Arrays.stream(Metric.values()).filter(Metric::defined).map(Metric::tag).toList());
    assertThat(core.get("time_to_first_token")).contains(
        new MetricDef("time_to_first_token", "Time to First Token", "ms", true, false, MetricDef.Scope.RUN));
    assertThat(core.get("request_throughput").orElseThrow().largerIsBetter()).isTrue();
    // a methodology's metric is only named by the enum: its module defines it
    assertThat(Metric.TREES_PLAYED.defined()).isFalse();
    assertThat(core.get(Metric.TREES_PLAYED.tag())).isEmpty();
    assertThatThrownBy(() -> MetricDef.of(Metric.TREES_PLAYED)).hasMessageContaining("only names a metric");
  }

  @Test
  void aCatalogAddsItsMetricsAndReportsHarnessMetricsPerTier() {
    MetricCatalogs all = new MetricCatalogs(List.of(new Widgets()));
    assertThat(all.get("widgets_built")).hasValueSatisfying(d -> {
      assertThat(d.header()).isEqualTo("Widgets Built");
      assertThat(d.largerIsBetter()).isTrue();
      assertThat(d.distribution()).isFalse();
      assertThat(d.perRun()).isTrue();
      assertThat(d.perTier()).isFalse();
    });
    assertThat(all.get("widget_latency").orElseThrow().perTier()).isTrue();
    assertThat(all.get("request_throughput").orElseThrow().perTier()).isTrue();
    assertThat(new MetricCatalogs(List.of()).get("request_throughput").orElseThrow().perTier()).isFalse();
    assertThat(all.closest("widgets_biult", 2)).contains("widgets_built");
  }

  @Test
  void aTagDefinedTwiceFailsNamingBothDefinitions() {
    assertThatThrownBy(() -> new MetricCatalogs(List.of(new RedefinesTtft())))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("metric time_to_first_token is defined twice: by dev.infermark.api.Metric and by "
            + RedefinesTtft.class.getName());
    assertThatThrownBy(() -> new MetricCatalogs(List.of(new Widgets(), new AlsoWidgets())))
        .hasMessageStartingWith("metric widgets_built is defined twice: by " + AlsoWidgets.class.getName() + " and by "
            + Widgets.class.getName());
  }

  @Test
  void aCatalogNamingAnUnknownMetricPerTierFailsWithDidYouMean() {
    MetricCatalog bad = new MetricCatalog() {
      @Override
      public List<MetricDef> metrics() {
        return List.of();
      }

      @Override
      public Set<String> alsoPerTier() {
        return Set.of("request_througput");
      }
    };
    assertThatThrownBy(() -> new MetricCatalogs(List.of(bad))).hasMessageContaining("no metric request_througput")
        .hasMessageContaining("did you mean request_throughput?");
  }

  @Test
  void aMetricTheApiNamesWithoutItsModuleOnTheClassPathIsANoteSayingSo() {
    // scenarios-agentx (ReplayMetrics) is not on the framework's class path
    assertThat(ScenarioCheck.of(ScenarioModel.of(Trees.class), registry)).singleElement().satisfies(p -> {
      assertThat(p.level()).isEqualTo(ScenarioCheck.Level.NOTE);
      assertThat(p.message()).contains("trees_played is a methodology's metric (Metric.TREES_PLAYED), but no "
          + "MetricCatalog on the class path defines it");
    });
  }

  @Test
  void aDefinitionStatesATagInSnakeCaseAndAHeader() {
    assertThatThrownBy(() -> MetricDef.value("Widgets", "W", "")).hasMessageContaining("not snake case");
    assertThatThrownBy(() -> MetricDef.value("widgets", " ", "")).hasMessageContaining("no header");
  }

  @Test
  void aCatalogInAJarOnTheClassPathIsFoundAndItsMetricsCheckedAtDiscovery() throws Exception {
    // without the jar, the scenario's own metrics are not known: notes, and no check of kind, unit or tier
    assertThat(SloNames.metric("widgets_built")).isEmpty();
    assertThat(ScenarioCheck.of(ScenarioModel.of(WidgetScenario.class), registry)).isNotEmpty();
    Path jar = ContextJar.registering(dir.resolve("widgets.jar"), MetricCatalog.class, Widgets.class);
    ContextJar.with(jar, () -> {
      assertThat(SloNames.metric("widgets_built")).isPresent();
      assertThat(SloNames.metricNames()).contains("widgets_built", "widget_latency", "time_to_first_token");
      assertThat(ScenarioCheck.of(ScenarioModel.of(WidgetScenario.class), registry)).isEmpty();
      assertThat(ScenarioCheck.fatal(ScenarioModel.of(Typo.class), registry)).get().extracting(Throwable::getMessage)
          .asString().contains("unknown metric 'widgets_biult'; did you mean 'widgets_built'?");
      return null;
    });
    // two catalogs defining one tag: the lookup fails, naming both
    Path twice = ContextJar.registering(dir.resolve("twice.jar"), MetricCatalog.class, Widgets.class, AlsoWidgets.class);
    ContextJar.with(twice, () -> {
      assertThatThrownBy(() -> SloNames.metric("widgets_built")).hasMessageContaining("widgets_built is defined twice");
      return null;
    });
  }
}
