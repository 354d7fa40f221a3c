package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.Settings;

/** {@code infermark.event-loops}: how many Netty event loops read the client's connections. */
class EventLoopsTest {
  @Test
  void automaticIsTwoFromTwoCoresThenOnePerEightUpToFour() {
    assertThat(OpenAiClient.eventLoops(0, 1)).isEqualTo(1);
    assertThat(OpenAiClient.eventLoops(0, 2)).isEqualTo(2);
    assertThat(OpenAiClient.eventLoops(0, 16)).isEqualTo(2);
    assertThat(OpenAiClient.eventLoops(0, 24)).isEqualTo(3);
    assertThat(OpenAiClient.eventLoops(0, 224)).isEqualTo(4);
    assertThat(OpenAiClient.eventLoops(6, 2)).isEqualTo(6);
  }

  @Test
  void theSettingReachesTheTransport() {
    Settings s = Settings.of(Map.of("model", "m", "event-loops", "3", "transport", "netty"));
    try (OpenAiClient c = OpenAiClient.create(s, URI.create("http://127.0.0.1:9"), null)) {
      assertThat(((NettyTransport) c.transport()).eventLoops()).isEqualTo(3);
    }
  }

  @Test
  void aNegativeCountNamesTheSetting() {
    Settings s = Settings.of(Map.of("model", "m", "event-loops", "-1"));
    assertThatThrownBy(() -> OpenAiClient.create(s, URI.create("http://127.0.0.1:9"), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("event-loops").hasMessageContaining("-1");
  }
}
