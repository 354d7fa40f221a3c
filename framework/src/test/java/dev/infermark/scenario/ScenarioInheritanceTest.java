package dev.infermark.scenario;

import static dev.infermark.api.Metric.OUTPUT_SPEED;
import static dev.infermark.api.Metric.TIME_TO_FIRST_TOKEN;
import static dev.infermark.api.Stat.P50;
import static dev.infermark.api.Stat.P95;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.annotation.Annotation;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Dataset;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Endpoint;
import dev.infermark.annotations.Locked;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Param;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.SloTier;
import dev.infermark.annotations.Warmup;
import dev.infermark.annotations.Workload;
import dev.infermark.api.ClosedLoop;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.slo.SloSpec;

/**
 * Annotations behave as JMH's: a scenario class has its superclasses' {@code @Param}s, {@code @Slo}s,
 * defaults and locks, and those of composed annotations; nearer declarations win where one value is kept.
 */
class ScenarioInheritanceTest {
  /** A composed annotation: one line on a scenario brings an SLO, a lock and defaults. */
  @Retention(RetentionPolicy.RUNTIME)
  @Slo(metric = TIME_TO_FIRST_TOKEN, stat = P95, max = 2, unit = "s")
  @Locked(key = "streaming", value = "true")
  @Concurrency(3)
  @Default(key = "benchmark-duration", value = "30s")
  @interface HouseRules {}

  @HouseRules
  @Slo(metric = OUTPUT_SPEED, stat = P50, min = 10)
  @Default(key = "request-count", value = "100")
  abstract static class Base {
    @Param({"128", "1024"})
    int inputTokens;

    @Workload
    ClosedLoop load() {
      return user -> { };
    }
  }

  @Scenario(name = "child")
  @Concurrency(8)
  @Slo(metric = TIME_TO_FIRST_TOKEN, stat = P50, max = 500, unit = "ms")
  static class Child extends Base {
    @Param({"16", "64"})
    int maxTokens;
  }

  @Scenario(name = "restating")
  @Slo(metric = TIME_TO_FIRST_TOKEN, stat = P95, max = 2, unit = "s")
  static class Restating extends Base {}

  @Scenario(name = "overriding")
  static class Overriding extends Base {
    @Override
    @Workload
    ClosedLoop load() {
      return user -> { };
    }
  }

  @Warmup(requests = 2)
  abstract static class WarmedBase {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario(name = "self-phased-child")
  static class SelfPhasedChild extends WarmedBase {}

  @Scenario(name = "tiers")
  @SloTier(name = "SLO #1", outputSpeed = 20, ttft = 10, minAgents = 1)
  @SloTier(name = "SLO #2", outputSpeed = 60, ttft = 500, ttftUnit = "ms")
  static class Tiers {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario(name = "tier-without-objective")
  @SloTier(name = "SLO #1")
  static class TierWithoutObjective {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Test
  void aSubclassSweepsItsSuperclassParametersFirst() {
    ScenarioModel m = ScenarioModel.of(Child.class);
    assertThat(m.params().keySet()).extracting(f -> f.getName()).containsExactly("inputTokens", "maxTokens");
    assertThat(m.runs(k -> Optional.empty())).extracting(RunParams::id)
        .containsExactly("inputTokens=128,maxTokens=16", "inputTokens=128,maxTokens=64", "inputTokens=1024,maxTokens=16",
            "inputTokens=1024,maxTokens=64");
  }

  @Test
  void sloLocksAndDefaultsComeFromSuperclassesAndComposedAnnotations() {
    ScenarioModel m = ScenarioModel.of(Child.class);
    assertThat(m.slos()).extracting(SloSpec::id).containsExactly("p95:time_to_first_token<=2s",
        "p50:output_speed>=10", "p50:time_to_first_token<=500ms"); // the composed one, the superclass's, the class's
    assertThat(m.locks()).extracting(l -> l.key()).containsExactly("streaming");
    // the class's own @Concurrency wins over the composed one; the rest comes from above
    assertThat(m.defaults()).containsEntry("concurrency", "8").containsEntry("benchmark-duration", "30s")
        .containsEntry("request-count", "100");
    assertThat(ScenarioModel.of(Overriding.class).defaults()).as("no own @Concurrency: the composed one")
        .containsEntry("concurrency", "3");
  }

  @Test
  void anSloRestatedBelowIsDeclaredTwice() {
    ScenarioModel m = ScenarioModel.of(Restating.class);
    assertThat(ScenarioCheck.of(m, new dev.infermark.settings.SettingsRegistry(List.of(new dev.infermark.settings.Keys()))))
        .extracting(ScenarioCheck.Problem::message).contains("@Slo p95 time_to_first_token <= 2 s is declared twice");
  }

  @Test
  void anOverriddenWorkloadMethodCountsOnce() {
    assertThat(ScenarioModel.of(Overriding.class).workload().getDeclaringClass()).isEqualTo(Overriding.class);
  }

  @Test
  void inheritedPhasesAreRefusedOnASelfPhasedWorkload() {
    assertThatThrownBy(() -> ScenarioModel.of(SelfPhasedChild.class)).isInstanceOf(InvalidScenarioException.class)
        .hasMessageContaining("@Warmup sets the phases of a closed-loop workload");
  }

  @Test
  void aTierStandsForItsObjectivesInOrder() {
    assertThat(ScenarioModel.of(Tiers.class).slos()).extracting(SloSpec::tier, SloSpec::id).containsExactly(
        org.assertj.core.groups.Tuple.tuple("SLO #1", "SLO #1/p25:output_speed>=20"),
        org.assertj.core.groups.Tuple.tuple("SLO #1", "SLO #1/p95:time_to_first_token<=10s"),
        org.assertj.core.groups.Tuple.tuple("SLO #1", "SLO #1/value:supported_agents>=1"),
        org.assertj.core.groups.Tuple.tuple("SLO #2", "SLO #2/p25:output_speed>=60"),
        org.assertj.core.groups.Tuple.tuple("SLO #2", "SLO #2/p95:time_to_first_token<=500ms"));
    assertThatThrownBy(() -> ScenarioModel.of(TierWithoutObjective.class)).isInstanceOf(InvalidScenarioException.class)
        .hasMessageContaining("@SloTier(name = \"SLO #1\") needs outputSpeed, ttft or both");
  }

  @Test
  void theClassLevelAnnotationsAreInheritedAndComposable() {
    for (Class<? extends Annotation> a : List.of(Concurrency.class, Dataset.class, Default.class, Endpoint.class,
        Locked.class, Measurement.class, Slo.class, SloTier.class, Warmup.class,
        dev.infermark.annotations.RequestRate.class, dev.infermark.annotations.MaxConcurrency.class,
        dev.infermark.annotations.Ramp.class, dev.infermark.annotations.UserCentricRate.class)) {
      assertThat(a.isAnnotationPresent(Inherited.class)).as("@Inherited on @" + a.getSimpleName()).isTrue();
      assertThat(a.getAnnotation(java.lang.annotation.Target.class).value()).as("@" + a.getSimpleName() + " targets")
          .contains(java.lang.annotation.ElementType.ANNOTATION_TYPE);
    }
    assertThat(Scenario.class.isAnnotationPresent(Inherited.class)).as("a subclass names itself a scenario").isFalse();
  }
}
