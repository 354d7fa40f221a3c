package dev.infermark.accuracy.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.accuracy.benchmark.Benchmark;
import dev.infermark.accuracy.data.BuiltinData;
import dev.infermark.accuracy.eval.AccuracyEval;
import dev.infermark.accuracy.eval.AccuracyKeys;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.api.Metric;
import dev.infermark.annotations.Workload;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingKey;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Each benchmark has one scenario class whose defaults are the reference's and whose workload needs only a RunContext. */
class ScenariosTest {
  static final List<Class<?>> SCENARIOS = List.of(MmluScenario.class, MmluProScenario.class, AimeScenario.class,
      HellaSwagScenario.class, BigBenchScenario.class, Aime24Scenario.class, Aime25Scenario.class, Math500Scenario.class,
      GpqaDiamondScenario.class, LcbCodegenScenario.class, Gsm8kScenario.class);

  @Test
  void oneScenarioPerBenchmarkWithReferenceDefaultsAndASmokePreset() throws Exception {
    Set<String> known = new HashSet<>();
    ServiceLoader.load(KeyCatalog.class).forEach(c -> c.keys().forEach(k -> known.add(k.name())));
    assertThat(known).contains("accuracy-tasks", "accuracy-n-shots", "accuracy-enable-cot", "accuracy-grader",
        "accuracy-system-prompt", "accuracy-verbose", "accuracy-data-dir");
    new Keys().keys().stream().map(SettingKey::name).forEach(known::add);
    Set<String> names = new HashSet<>();
    for (Class<?> c : SCENARIOS) {
      String name = c.getAnnotation(Scenario.class).name();
      names.add(name);
      Benchmark b = Benchmark.byName(name);
      ScenarioModel model = ScenarioModel.of(c);
      Map<String, String> defaults = model.defaults();
      Map<String, String> smoke = model.presets().get("smoke");
      assertThat(known).as(c.getSimpleName() + " @Default keys").containsAll(defaults.keySet()).containsAll(smoke.keySet());
      assertThat(c.isAnnotationPresent(AccuracySmoke.class)).as(c.getSimpleName() + " is @AccuracySmoke").isTrue();
      assertThat(defaults).containsEntry("accuracy-n-shots", String.valueOf(b.defaultNShots()))
          .containsEntry("accuracy-enable-cot", String.valueOf(b.defaultCot()))
          .containsEntry("accuracy-grader", b.defaultGrader());
      if (b.defaultSystemPrompt() != null) {
        assertThat(defaults).containsEntry("accuracy-system-prompt", b.defaultSystemPrompt());
      }
      assertThat(smoke).containsEntry("accuracy-data-dir", BuiltinData.SMOKE).containsKey("request-count");
      assertThat(c.getAnnotationsByType(Slo.class)).extracting(Slo::metric).contains(Metric.ACCURACY);
      Method w = Arrays.stream(c.getDeclaredMethods()).filter(m -> m.isAnnotationPresent(Workload.class)).findFirst().orElseThrow();
      assertThat(w.getParameterCount()).isZero();
      Object gen = w.invoke(c.getDeclaredConstructor().newInstance());
      assertThat(gen).isInstanceOf(AccuracyEval.class);
      assertThat(((AccuracyEval) gen).benchmark().name()).isEqualTo(name);
    }
    assertThat(names).containsExactlyInAnyOrderElementsOf(Benchmark.NAMES);
    assertThat(new AccuracyKeys().keys()).allMatch(k -> k.doc() != null && !k.doc().isBlank());
  }
}
