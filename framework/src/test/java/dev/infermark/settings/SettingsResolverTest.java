package dev.infermark.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

class SettingsResolverTest {
  private final SettingsRegistry registry = new SettingsRegistry(List.of(new Keys()));

  private SettingsResolver resolver(Map<String, String> config, Properties sys, Map<String, String> env) {
    return new SettingsResolver(registry, k -> Optional.ofNullable(config.get(k)), config.keySet(), sys, env);
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void precedenceIsScenarioThenPresetThenConfigurationThenSystemPropertyThenEnvironment() {
    Map<String, String> scenario = Map.of("concurrency", "1", "benchmark-duration", "10m", "model", "m-scenario",
        "request-count", "5", "artifact-dir", "a-scenario");
    Map<String, Map<String, String>> presets = Map.of("smoke", Map.of("concurrency", "2", "benchmark-duration", "30s"));
    Settings s = resolver(Map.of("infermark.preset", "smoke", "infermark.benchmark-duration", "45s", "infermark.model", "m-config"),
        props("infermark.model", "m-sys", "infermark.request-count", "7"),
        Map.of("INFERMARK_REQUEST_COUNT", "9")).resolve(scenario, presets);
    assertThat(s.get(Keys.CONCURRENCY)).containsExactly(2);
    assertThat(s.source(Keys.CONCURRENCY)).isEqualTo(Source.PRESET);
    assertThat(s.get(Keys.BENCHMARK_DURATION)).isEqualTo(Duration.ofSeconds(45));
    assertThat(s.source(Keys.BENCHMARK_DURATION)).isEqualTo(Source.CONFIGURATION);
    assertThat(s.get(Keys.MODEL)).containsExactly("m-sys");
    assertThat(s.get(Keys.REQUEST_COUNT)).isEqualTo(9);
    assertThat(s.source(Keys.REQUEST_COUNT)).isEqualTo(Source.ENVIRONMENT);
    assertThat(s.get(Keys.ARTIFACT_DIR)).isEqualTo("a-scenario");
    assertThat(s.source(Keys.ARTIFACT_DIR)).isEqualTo(Source.SCENARIO);
    assertThat(s.get(Keys.STREAMING)).isTrue();
    assertThat(s.source(Keys.STREAMING)).isEqualTo(Source.DEFAULT);
    assertThat(s.isExplicit(Keys.MODEL)).isTrue();
    assertThat(s.isExplicit(Keys.CONCURRENCY)).isFalse();
  }

  @Test
  void unknownKeysFromEverySourceAreReportedWithDidYouMean() {
    assertThatThrownBy(() -> resolver(Map.of("infermark.concurency", "3"), props("infermark.benchmark-duraton", "1"),
        Map.of("INFERMARK_STREEMING", "true")).resolve(Map.of(), Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown setting infermark.concurency (from junit-platform.properties); did you mean infermark.concurrency?")
        .hasMessageContaining("unknown setting infermark.benchmark-duraton (from -Dinfermark.benchmark-duraton); did you mean infermark.benchmark-duration?")
        .hasMessageContaining("unknown setting infermark.streeming (from INFERMARK_STREEMING); did you mean infermark.streaming?");
  }

  @Test
  void unparsableValuesNameTheKey() {
    assertThatThrownBy(() -> resolver(Map.of(), props("infermark.concurrency", "many"), Map.of()).resolve(Map.of(), Map.of()))
        .hasMessageContaining("infermark.concurrency: cannot use 'many': expected a whole number");
    assertThatThrownBy(() -> resolver(Map.of(), props("infermark.benchmark-duration", "soon"), Map.of()).resolve(Map.of(), Map.of()))
        .hasMessageContaining("infermark.benchmark-duration").hasMessageContaining("duration");
  }

  @Test
  void apiKeyComesFromOpenAiKeyAndIsRedactedInProvenance() {
    Settings s = resolver(Map.of(), new Properties(), Map.of("OPENAI_API_KEY", "sk-secret-123")).resolve(Map.of(), Map.of());
    assertThat(s.get(Keys.API_KEY)).isEqualTo("sk-secret-123");
    assertThat(s.provenance(registry).get("infermark.api-key")).containsEntry("value", "<redacted>")
        .containsEntry("source", "environment");
    assertThat(s.provenance(registry).toString()).doesNotContain("sk-secret-123");
  }

  @Test
  void openAiKeyIsNotUsedWhenAKeyFileIsSet() {
    Settings s = resolver(Map.of(), props("infermark.api-key-file", "/run/secrets/key"),
        Map.of("OPENAI_API_KEY", "sk-from-env")).resolve(Map.of(), Map.of());
    assertThat(s.get(Keys.API_KEY)).isNull();
    assertThat(s.get(Keys.API_KEY_FILE)).isEqualTo("/run/secrets/key");
  }

  @Test
  void aJvmResolverReadsTheSystemPropertiesOnceWhenMade() {
    System.setProperty("infermark.concurrency", "41");
    try {
      SettingsResolver r = SettingsResolver.fromSystem(registry);
      System.setProperty("infermark.concurrency", "42"); // too late: one discovery, one reading
      assertThat(r.resolve(Map.of(), Map.of()).get(Keys.CONCURRENCY)).containsExactly(41);
      assertThat(SettingsResolver.fromSystem(registry).resolve(Map.of(), Map.of()).get(Keys.CONCURRENCY)).containsExactly(42);
    } finally {
      System.clearProperty("infermark.concurrency");
    }
  }

  @Test
  void secretSystemPropertiesAreTakenOutOfTheJvmButStillResolve() {
    String property = Keys.API_KEY.property();
    System.setProperty(property, "sk-sysprop-5150");
    try {
      Properties seen = SystemPropertySecrets.systemProperties(registry);
      assertThat(System.getProperty(property)).isNull();
      assertThat(System.getProperties().toString()).doesNotContain("sk-sysprop-5150");
      assertThat(SystemPropertySecrets.kept(property)).isTrue();
      assertThat(seen.getProperty(property)).isEqualTo("sk-sysprop-5150");
      Settings s = resolver(Map.of(), seen, Map.of()).resolve(Map.of(), Map.of());
      assertThat(s.get(Keys.API_KEY)).isEqualTo("sk-sysprop-5150");
      assertThat(s.source(Keys.API_KEY)).isEqualTo(Source.SYSTEM_PROPERTY);
    } finally {
      // a blank value unsets the kept one
      System.setProperty(property, "");
      SystemPropertySecrets.take(registry);
    }
    assertThat(SystemPropertySecrets.kept(property)).isFalse();
    assertThat(SystemPropertySecrets.systemProperties(registry).getProperty(property)).isNull();
  }

  @Test
  void parsesDurationsListsAndJsonObjects() {
    Settings s = Settings.of(Map.of("benchmark-duration", "1500ms", "concurrency", "8, 16",
        "extra-inputs", "ignore_eos:true,top_k:20,label:x"));
    assertThat(s.get(Keys.BENCHMARK_DURATION)).isEqualTo(Duration.ofMillis(1500));
    assertThat(s.get(Keys.CONCURRENCY)).containsExactly(8, 16);
    assertThat(s.get(Keys.EXTRA_INPUTS).get("ignore_eos").asBoolean()).isTrue();
    assertThat(s.get(Keys.EXTRA_INPUTS).get("top_k").asInt()).isEqualTo(20);
    assertThat(s.get(Keys.EXTRA_INPUTS).get("label").asString()).isEqualTo("x");
    assertThat(SettingKey.parseDuration("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(SettingKey.parseDuration("900")).isEqualTo(Duration.ofSeconds(900));
  }

  @Test
  void userSourcesAreReadOnceWithOnePrecedenceForDiscoveryToo() {
    Properties sys = props("infermark.scenario", "from-sys", "infermark.param.scale", "2");
    SettingsResolver r = resolver(Map.of("infermark.scenario", "from-config"), sys,
        Map.of("INFERMARK_PARAM_SCALE", "3"));
    sys.setProperty("infermark.scenario", "changed-later");
    assertThat(r.user("scenario")).contains("from-sys");
    assertThat(r.user("param.scale")).contains("3");
    assertThat(r.userKeys()).containsExactly("param.scale", "scenario");
    assertThat(r.resolve(Map.of(), Map.of()).text("scenario")).contains("from-sys");
  }

  @Test
  void problemsOfTheUsersSettingsAreKnownBeforeAnyScenarioResolves() {
    SettingsResolver r = resolver(Map.of("infermark.concurency", "3"), props("infermark.streaming", "maybe"), Map.of());
    assertThat(r.problems()).containsExactly(
        "unknown setting infermark.concurency (from junit-platform.properties); did you mean infermark.concurrency? "
            + "The known settings are listed in docs/settings.md.",
        "infermark.streaming: cannot use 'maybe': expected true or false (from a -D system property)");
    assertThatThrownBy(() -> r.resolve(Map.of(), Map.of())).hasMessageContaining("concurency").hasMessageContaining("maybe");
  }

  @Test
  void paramOverridesAreKnownKeys() {
    Settings s = resolver(Map.of(), props("infermark.param.inputTokens", "64"), Map.of()).resolve(Map.of(), Map.of());
    assertThat(s.text("param.inputTokens")).contains("64");
    assertThat(registry.isKnown("param.anything")).isTrue();
    assertThat(Set.of()).isEmpty();
  }
}
