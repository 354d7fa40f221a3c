package dev.infermark.agentx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Locked;
import dev.infermark.lock.Lock;
import dev.infermark.lock.LockChecker;
import dev.infermark.lock.ScenarioLockException;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;

class InferencexAgentxMvpLocksTest {
  private static final List<Lock> LOCKS = Arrays.stream(InferencexAgentxMvp.class.getAnnotationsByType(Locked.class))
      .map(Lock::of).toList();

  private static LockChecker.Outcome check(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return LockChecker.apply("inferencex-agentx-mvp", LOCKS, Settings.of(m));
  }

  @Test
  void canonicalInvocationIsValidAndGetsTheLockedValuesInjected() {
    LockChecker.Outcome o = check("public-dataset", "semianalysis_cc_traces_weka_062126", "concurrency", "32");
    assertThat(o.violations()).isEmpty();
    assertThat(o.verdict().valid()).isTrue();
    Settings s = o.settings();
    assertThat(s.get(Keys.STREAMING)).isTrue();
    assertThat(s.get(Keys.EXTRA_INPUTS).get("ignore_eos").asBoolean()).isTrue();
    assertThat(s.text("cache-bust")).contains("first_turn_prefix");
    assertThat(s.text("system-idle-gap-cap-seconds")).contains("10");
    assertThat(s.isSet(Keys.INPUT_FILE)).isFalse();
    assertThat(s.text("hf-weka-dataset")).as("never injected").isEmpty();
  }

  @Test
  void everyRuleBreakingFlagIsReportedTogether() {
    assertThatThrownBy(() -> check("public-dataset", "sharegpt", "streaming", "false", "extra-inputs",
        "ignore_eos:false", "ignore-trace-delays", "true", "synthesis-max-isl", "4096", "request-rate", "5",
        "inter-turn-delay-cap-seconds", "30", "concurrency", "8,16", "benchmark-duration", "600", "cache-bust", "none",
        "system-idle-gap-cap-seconds", "60"))
        .isInstanceOf(ScenarioLockException.class)
        .hasMessageContaining("(11 conflicts)")
        .hasMessageContaining("infermark.streaming: got 'false', required 'true' (the scenario requires streaming because "
            + "the per-token latency metrics (TTFT, ITL) need it)")
        .hasMessageContaining("infermark.extra-inputs.ignore_eos: got 'false'")
        .hasMessageContaining("infermark.concurrency: got '8,16', required 'a single value' (does not support parameter sweeps")
        .hasMessageContaining("infermark.benchmark-duration: got '600', required '>= 900' (requires duration >= 900s")
        .hasMessageContaining("infermark.cache-bust: got 'none', required 'first_turn_prefix'")
        .hasMessageContaining("Pass -Dinfermark.unsafe-override=true");
  }

  @Test
  void localCorpusNeedsUnsafeOverrideAndIsStampedInvalid() {
    assertThatThrownBy(() -> check("input-file", "/data/traces")).isInstanceOf(ScenarioLockException.class)
        .hasMessageContaining("infermark.input-file: got '/data/traces', required 'unset'");
    LockChecker.Outcome o = check("input-file", "/data/traces", "unsafe-override", "true", "benchmark-duration", "60");
    assertThat(o.violations()).hasSize(2);
    assertThat(o.verdict().reasons()).containsExactly("unsafe_override");
  }

  @Test
  void smokePresetBreaksLocksAndIsStampedInvalid() {
    Settings s = Settings.empty();
    for (Map.Entry<String, String> e : dev.infermark.scenario.ScenarioModel.of(InferencexAgentxMvp.class).presets()
        .get("smoke").entrySet()) {
      s = s.with(e.getKey(), e.getValue(), dev.infermark.settings.Source.PRESET);
    }
    LockChecker.Outcome o = LockChecker.apply("inferencex-agentx-mvp", LOCKS, s);
    assertThat(o.violations()).extracting(v -> v.flag())
        .contains("infermark.input-file", "infermark.benchmark-duration");
    assertThat(o.verdict().valid()).isFalse();
    assertThat(o.verdict().reasons()).containsExactly("unsafe_override");
  }

  @Test
  void noDatasetCannotBeBypassed() {
    assertThatThrownBy(() -> check("unsafe-override", "true")).isInstanceOf(ScenarioLockException.class)
        .hasMessageContaining("infermark.public-dataset: got None, required 'one of infermark.public-dataset, "
            + "infermark.hf-weka-dataset, infermark.input-file'")
        .hasMessageContaining("cannot be bypassed");
  }

  @Test
  void hfLoaderOnlyOnThePinnedCorpus() {
    assertThat(check("hf-weka-dataset", "semianalysisai/cc-traces-weka-062126").violations()).isEmpty();
    assertThatThrownBy(() -> check("hf-weka-dataset", "someone/else")).hasMessageContaining("infermark.hf-weka-dataset");
  }

  @Test
  void trajectoryRatiosAreNotValidated() {
    assertThat(check("public-dataset", "semianalysis_cc_traces_weka_with_subagents", "trajectory-start-min-ratio", "0.3",
        "trajectory-start-max-ratio", "0.4").verdict().valid()).isTrue();
  }
}
