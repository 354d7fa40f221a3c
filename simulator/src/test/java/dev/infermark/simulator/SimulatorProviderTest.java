package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.Settings;
import dev.infermark.settings.SettingsRegistry;
import dev.infermark.target.EmbeddedServer;
import dev.infermark.target.EmbeddedServerProvider;

class SimulatorProviderTest {
  @Test
  void theProviderIsFoundAndStartsASimulatorSizedForTheRun() throws Exception {
    EmbeddedServerProvider provider = ServiceLoader.load(EmbeddedServerProvider.class).findFirst().orElseThrow();
    assertThat(provider).isInstanceOf(SimulatorProvider.class);
    try (EmbeddedServer server = provider.start(Settings.of(Map.of("concurrency", "8,300", "model", "my-model,other")));
        TestClient c = new TestClient(server.baseUri())) {
      assertThat(server.baseUri().getHost()).isEqualTo("127.0.0.1");
      assertThat(server.baseUri().getPort()).isPositive();
      assertThat(server.description()).contains("profile tiny").contains("max-num-seqs 300");
      // every name the run sends is listed, so the run's preflight finds them all
      var data = c.get("/v1/models").json().path("data");
      assertThat(data.get(0).path("id").asString()).isEqualTo("my-model");
      assertThat(data.get(1).path("id").asString()).isEqualTo("other");
    }
  }

  @Test
  void settingsTuneTheEmbeddedSimulator() {
    SimulatorConfig cfg = SimulatorConfig.fromSettings(Settings.of(Map.of("simulator-profile", "llama-8b-h100",
        "simulator-max-model-len", "2048", "simulator-fault-500-rate", "0.25", "simulator-overflow-style", "llamacpp",
        "random-seed", "9")));
    assertThat(cfg.profile()).isEqualTo(Profile.LLAMA_8B_H100);
    assertThat(cfg.maxModelLen()).isEqualTo(2048);
    assertThat(cfg.kvBlocks()).isEqualTo(Profile.LLAMA_8B_H100.kvBlocks());
    assertThat(cfg.faults().rate(Fault.HTTP_500)).isEqualTo(0.25);
    assertThat(cfg.overflowStyle()).isEqualTo(OverflowStyle.LLAMACPP);
    assertThat(cfg.seed()).isEqualTo(9);
    assertThatThrownBy(() -> SimulatorConfig.fromSettings(Settings.of(Map.of("simulator-profile", "gpt-9"))))
        .hasMessageContaining("infermark.simulator-profile").hasMessageContaining("gpt-9").hasMessageContaining("tiny");
    assertThatThrownBy(() -> SimulatorConfig.fromSettings(Settings.of(Map.of("simulator-fault-reset-rate", "0.8",
        "simulator-fault-429-rate", "0.5")))).hasMessageContaining("infermark.simulator-fault-*-rate");
  }

  @Test
  void theKeyCatalogIsRegisteredAlongsideTheFrameworkKeys() {
    SettingsRegistry registry = SettingsRegistry.load();
    assertThat(registry.find("simulator-profile")).isPresent();
    assertThat(registry.find("simulator-max-num-seqs")).isPresent();
    assertThat(registry.find("url")).isPresent();
    for (var k : SimulatorKeys.all()) {
      assertThat(k.name()).startsWith(SimulatorKeys.PREFIX);
      assertThat(k.doc()).isNotBlank();
    }
  }
}
