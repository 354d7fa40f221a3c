package dev.infermark.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.Source;

class LockCheckerTest {
  private static Lock value(String key, String v) {
    return new Lock(key, Optional.of(v), List.of(), Optional.empty(), Optional.empty(), false, false, false, List.of(), true, "why");
  }

  private static Lock min(String key, String v) {
    return new Lock(key, Optional.empty(), List.of(), Optional.of(v), Optional.empty(), false, false, false, List.of(), true, "");
  }

  private static Lock forbidden(String key) {
    return new Lock(key, Optional.empty(), List.of(), Optional.empty(), Optional.empty(), true, false, false, List.of(), true, "");
  }

  @Test
  void injectsUnsetLockedValuesAndRecordsThem() {
    LockChecker.Outcome o = LockChecker.apply("s", List.of(value("streaming", "true"), value("extra-inputs.ignore_eos", "true")),
        Settings.empty());
    assertThat(o.violations()).isEmpty();
    assertThat(o.verdict().valid()).isTrue();
    assertThat(o.settings().get(Keys.STREAMING)).isTrue();
    assertThat(o.settings().source(Keys.STREAMING)).isEqualTo(Source.LOCK);
    assertThat(o.settings().get(Keys.EXTRA_INPUTS).get("ignore_eos").asBoolean()).isTrue();
    assertThat(o.applied()).containsExactly("auto-set infermark.streaming=true", "auto-set infermark.extra-inputs.ignore_eos=true");
  }

  @Test
  void keepsOtherExtraInputsWhenInjectingAField() {
    Settings s = Settings.of(Map.of("extra-inputs", "{\"top_k\": 20}"));
    LockChecker.Outcome o = LockChecker.apply("s", List.of(value("extra-inputs.ignore_eos", "true")), s);
    assertThat(o.settings().get(Keys.EXTRA_INPUTS).get("top_k").asInt()).isEqualTo(20);
    assertThat(o.settings().get(Keys.EXTRA_INPUTS).get("ignore_eos").asBoolean()).isTrue();
  }

  @Test
  void falsyIgnoreEosVariantsAreViolationsAndTruthyOnesPass() {
    for (String falsy : List.of("false", "\"false\"", "\"0\"", "\"No\"", "0")) {
      Settings s = Settings.of(Map.of("extra-inputs", "{\"ignore_eos\": " + falsy + "}"));
      assertThatThrownBy(() -> LockChecker.apply("s", List.of(value("extra-inputs.ignore_eos", "true")), s))
          .as(falsy).isInstanceOf(ScenarioLockException.class).hasMessageContaining("infermark.extra-inputs.ignore_eos");
    }
    Settings ok = Settings.of(Map.of("extra-inputs", "{\"ignore_eos\": \"yes\"}"));
    assertThat(LockChecker.apply("s", List.of(value("extra-inputs.ignore_eos", "true")), ok).violations()).isEmpty();
  }

  @Test
  void listsEveryViolationWithFlagGivenRequiredAndReason() {
    Settings s = Settings.of(Map.of("streaming", "false", "benchmark-duration", "15m", "input-file", "x"));
    assertThatThrownBy(() -> LockChecker.apply("agentx", List.of(value("streaming", "true"), min("benchmark-duration", "900"),
        forbidden("input-file"), min("concurrency", "1")), s))
        .isInstanceOf(ScenarioLockException.class)
        .hasMessageContaining("Scenario 'agentx' invariants violated (2 conflicts):")
        .hasMessageContaining("  - infermark.streaming: got 'false', required 'true' (why)")
        .hasMessageContaining("  - infermark.input-file: got 'x', required 'unset'")
        .hasMessageContaining("Pass -Dinfermark.unsafe-override=true (infermark profile --unsafe-override) to convert to warnings");
  }

  @Test
  void durationBoundsCompareInSeconds() {
    Settings ok = Settings.of(Map.of("benchmark-duration", "15m"));
    assertThat(LockChecker.apply("s", List.of(min("benchmark-duration", "900")), ok).violations()).isEmpty();
    Settings bad = Settings.of(Map.of("benchmark-duration", "899s"));
    assertThatThrownBy(() -> LockChecker.apply("s", List.of(min("benchmark-duration", "900")), bad))
        .hasMessageContaining("got '899s', required '>= 900'");
  }

  @Test
  void unsafeOverrideTurnsBypassableViolationsIntoAnInvalidVerdict() {
    Settings s = Settings.of(Map.of("streaming", "false", "unsafe-override", "true"));
    LockChecker.Outcome o = LockChecker.apply("s", List.of(value("streaming", "true")), s);
    assertThat(o.violations()).hasSize(1);
    assertThat(o.verdict().valid()).isFalse();
    assertThat(o.verdict().reasons()).containsExactly(SubmissionVerdict.UNSAFE_OVERRIDE);
    assertThat(o.settings().get(Keys.STREAMING)).isFalse();
  }

  @Test
  void nonBypassableRequirementFailsEvenWithUnsafeOverride() {
    Lock need = new Lock("public-dataset", Optional.empty(), List.of(), Optional.empty(), Optional.empty(), false, false,
        true, List.of("input-file"), false, "a dataset is needed");
    assertThatThrownBy(() -> LockChecker.apply("s", List.of(need), Settings.of(Map.of("unsafe-override", "true"))))
        .hasMessageContaining("cannot be bypassed")
        .hasMessageContaining("required 'one of infermark.public-dataset, infermark.input-file'");
    assertThat(LockChecker.apply("s", List.of(need), Settings.of(Map.of("input-file", "t.json"))).violations()).isEmpty();
  }

  @Test
  void presetValuesAreCheckedButScenarioDefaultsAreNot() {
    Settings preset = Settings.empty().with("benchmark-duration", "90s", Source.PRESET).with("unsafe-override", "true", Source.PRESET);
    LockChecker.Outcome o = LockChecker.apply("s", List.of(min("benchmark-duration", "900")), preset);
    assertThat(o.violations()).extracting(LockViolation::flag).containsExactly("infermark.benchmark-duration");
    assertThat(o.verdict().reasons()).containsExactly(SubmissionVerdict.UNSAFE_OVERRIDE);
    Settings scenario = Settings.empty().with("benchmark-duration", "90s", Source.SCENARIO);
    assertThat(LockChecker.apply("s", List.of(min("benchmark-duration", "900")), scenario).violations()).isEmpty();
  }

  @Test
  void verdictReasonsAreAddedOnceInOrder() {
    SubmissionVerdict v = new SubmissionVerdict();
    v.add("unsafe_override");
    v.add("run_cancelled");
    v.add("run_cancelled");
    assertThat(v.reasons()).containsExactly("unsafe_override", "run_cancelled");
    assertThat(v.valid()).isFalse();
  }
}
