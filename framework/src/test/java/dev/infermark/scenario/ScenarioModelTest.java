package dev.infermark.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Concurrency;
import dev.infermark.annotations.Default;
import dev.infermark.annotations.Param;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.RunResult;

class ScenarioModelTest {
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.TYPE)
  @Default(preset = "smoke", key = "concurrency", value = "2")
  @Default(preset = "smoke", key = "benchmark-duration", value = "5s")
  @interface SharedSmoke {}

  @Scenario(name = "composed")
  @SharedSmoke
  @Concurrency(8)
  @Default(preset = "smoke", key = "benchmark-duration", value = "7s")
  static class Composed {
    @Param({"1", "2"})
    int a;
    @Param({"x", "y", "z"})
    String b;

    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario
  static class NoWorkload {}

  @Scenario
  static class UninjectableParameter {
    @Workload
    SelfPhased load(StringBuilder notInjected) {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario
  static class TakesTheFrameworksTokenizer {
    @Workload
    SelfPhased load(dev.infermark.tokenizer.Tokenizer tokenizer) {
      return ctx -> RunResult.empty();
    }
  }

  @Scenario
  abstract static class AbstractScenario {
    @Workload
    SelfPhased load() {
      return ctx -> RunResult.empty();
    }
  }

  @Test
  void readsNameDefaultsComposedPresetsAndParameterRuns() {
    ScenarioModel m = ScenarioModel.of(Composed.class);
    assertThat(m.name()).isEqualTo("composed");
    assertThat(m.defaults()).containsEntry("concurrency", "8");
    // the composed annotation's preset applies, the class's own preset default wins
    assertThat(m.presets().get("smoke")).containsEntry("concurrency", "2").containsEntry("benchmark-duration", "7s");
    assertThat(m.runs(k -> Optional.empty())).extracting(RunParams::id)
        .containsExactly("a=1,b=x", "a=1,b=y", "a=1,b=z", "a=2,b=x", "a=2,b=y", "a=2,b=z");
    assertThat(m.runs(k -> k.equals("infermark.param.b") ? Optional.of("q") : Optional.empty())).extracting(RunParams::id)
        .containsExactly("a=1,b=q", "a=2,b=q");
  }

  @Test
  void aWorkloadTakesApiTypesOnly() {
    assertThatThrownBy(() -> ScenarioModel.of(TakesTheFrameworksTokenizer.class)).isInstanceOf(InvalidScenarioException.class)
        .hasMessageContaining("@Workload parameter tokenizer of type dev.infermark.tokenizer.Tokenizer cannot be injected: "
            + "Tokenizer is not part of the scenario API");
  }

  @Test
  void explainsWhatIsWrongWithAScenarioClass() {
    assertThatThrownBy(() -> ScenarioModel.of(NoWorkload.class)).isInstanceOf(InvalidScenarioException.class)
        .hasMessageContaining("needs exactly one @Workload method, found 0");
    assertThatThrownBy(() -> ScenarioModel.of(UninjectableParameter.class))
        .hasMessageContaining("@Workload parameter notInjected of type java.lang.StringBuilder cannot be injected");
    assertThatThrownBy(() -> ScenarioModel.of(AbstractScenario.class)).hasMessageContaining("is abstract");
    assertThat(ScenarioModel.of(Composed.class).stampsVerdict()).isFalse();
  }
}
