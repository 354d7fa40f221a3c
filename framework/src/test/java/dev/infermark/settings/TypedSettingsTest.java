package dev.infermark.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.SettingName;
import dev.infermark.annotations.SettingsPrefix;

class TypedSettingsTest {
  private final SettingsRegistry registry = new SettingsRegistry(List.of(new Keys()));

  /** Package-private, as a scenario's own would often be. */
  interface ChatSettings {
    Duration benchmarkDuration();

    List<Integer> concurrency();

    boolean streaming();

    Optional<List<URI>> url();

    Integer numDatasetEntries();

    @SettingName("request-count")
    int requests();

    /** Derived values stay the interface's own. */
    default long warmupMillis() {
      return benchmarkDuration().toMillis() / 10;
    }
  }

  @SettingsPrefix("warmup-")
  interface WarmupSettings {
    int requestCount();

    Duration duration();
  }

  interface Wrong {
    int concurency();

    String concurrency();

    long randomSeed();

    String model(String which);
  }

  @Test
  void readsEachSettingThroughItsKeyAndMarksItRead() {
    Settings s = Settings.of(Map.of("benchmark-duration", "2m", "concurrency", "4,8", "streaming", "no",
        "request-count", "7", "warmup-request-count", "3", "model", "m"));
    ChatSettings c = TypedSettings.of(ChatSettings.class, s, registry);
    assertThat(c.benchmarkDuration()).isEqualTo(Duration.ofMinutes(2));
    assertThat(c.concurrency()).containsExactly(4, 8);
    assertThat(c.streaming()).isFalse();
    assertThat(c.url()).isEmpty();
    assertThat(c.numDatasetEntries()).isNull();
    assertThat(c.requests()).isEqualTo(7);
    assertThat(c.warmupMillis()).isEqualTo(12_000);
    assertThat(s.unread()).extracting(Settings.Entry::name).containsExactly("model", "warmup-request-count");

    WarmupSettings w = TypedSettings.of(WarmupSettings.class, s, registry);
    assertThat(w.requestCount()).isEqualTo(3);
    assertThat(w.duration()).isEqualTo(Duration.ZERO);
    assertThat(s.unread()).extracting(Settings.Entry::name).containsExactly("model");
    assertThat(TypedSettings.problems(ChatSettings.class, registry)).isEmpty();
  }

  @Test
  void unknownNamesAndTypesThatDoNotFitAreRejectedWithWhatToDeclare() {
    assertThat(TypedSettings.problems(Wrong.class, registry)).containsExactly(
        "Wrong.concurency() reads infermark.concurency, which is not a setting; did you mean infermark.concurrency?",
        "Wrong.concurrency() returns java.lang.String, but infermark.concurrency is a java.util.List<java.lang.Integer> "
            + "(declare List<Integer>)",
        "Wrong.model() must take nothing and return the setting's value",
        "Wrong.randomSeed() returns long, but infermark.random-seed has no default and may be unset (declare Long or "
            + "Optional<Long>)");
    assertThatThrownBy(() -> TypedSettings.of(Wrong.class, Settings.empty(), registry))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("typed settings " + Wrong.class.getName()
            + ": Wrong.concurency() reads infermark.concurency");
  }

  @Test
  void methodNamesBecomeKebabCase() {
    assertThat(TypedSettings.kebab("benchmarkDuration")).isEqualTo("benchmark-duration");
    assertThat(TypedSettings.kebab("useLegacyMaxTokens")).isEqualTo("use-legacy-max-tokens");
    assertThat(TypedSettings.kebab("url")).isEqualTo("url");
  }
}
