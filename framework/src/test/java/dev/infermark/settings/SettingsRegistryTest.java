package dev.infermark.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The one did-you-mean: by edit distance, else by the words a name of several words begins. */
class SettingsRegistryTest {
  private static final List<String> NAMES = List.of("max-context-length", "agentperf-max-tokens", "use-legacy-max-tokens",
      "concurrency", "synthesis-max-osl");

  @Test
  void aTypoIsFoundByEditDistance() {
    assertThat(SettingsRegistry.closest("concurency", NAMES, 3)).contains("concurrency");
  }

  @Test
  void aNameOfSeveralWordsFindsTheFewestWordsThatBeginWithThemInOrder() {
    assertThat(SettingsRegistry.closest("max-token", NAMES, 3)).contains("agentperf-max-tokens");
    assertThat(SettingsRegistry.closest("tokens-max", NAMES, 3)).isEmpty(); // the order counts
    assertThat(SettingsRegistry.closest("tokens", NAMES, 2)).isEmpty(); // one word matches too much to suggest
  }
}
