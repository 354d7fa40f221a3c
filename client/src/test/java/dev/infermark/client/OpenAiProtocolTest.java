package dev.infermark.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.workload.Conversations;
import dev.infermark.api.workload.Turn;
import dev.infermark.protocol.Protocols;
import dev.infermark.protocol.ServerClient;
import dev.infermark.run.Progress;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.settings.SettingsResolver;
import dev.infermark.shard.ShardKeys;

/** The OpenAI client is the protocol {@code openai}, found on the class path and opened by default. */
class OpenAiProtocolTest {
  @Scenario(name = "protocol-check")
  static class Hello {
    @Workload
    Conversations load() {
      return Conversations.repeat(Turn.user("hi"));
    }
  }

  private static Settings settingsFor(Map<String, String> user) {
    Properties p = new Properties();
    user.forEach((k, v) -> p.setProperty("infermark." + k, v));
    SettingsResolver resolver = new SettingsResolver(new SettingsRegistry(List.of(new Keys(), new ShardKeys())), k -> Optional.empty(),
        Set.of(), p, Map.of());
    return ScenarioRunner.settingsFor(resolver, ScenarioModel.of(Hello.class), RunParams.none()).settings();
  }

  @Test
  void openaiIsOnTheClassPathAndTheDefault() {
    assertThat(Protocols.available().get("openai")).isInstanceOf(OpenAiProtocol.class);
    assertThat(Keys.PROTOCOL.defaultText()).isEqualTo(OpenAiProtocol.NAME);
    try (ServerClient client = Standard.clients().create(Settings.of(Map.of()), List.of(URI.create("http://127.0.0.1:9")),
        new Progress())) {
      assertThat(client).isInstanceOf(OpenAiClient.class);
      assertThat(client.urls()).containsExactly(URI.create("http://127.0.0.1:9"));
      assertThat(client.selfCheck()).isPresent();
    }
  }

  @Test
  void anUnknownProtocolFailsTheRunAtDiscovery() {
    assertThat(settingsFor(Map.of("protocol", "openai")).get(Keys.PROTOCOL)).isEqualTo("openai");
    assertThatThrownBy(() -> settingsFor(Map.of("protocol", "opneai")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("infermark.protocol: unknown protocol 'opneai' (did you mean 'openai'?); known: openai");
  }
}
