package dev.infermark.agentperf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.infermark.agentperf.results.ResultsJson;
import dev.infermark.agentperf.scenarios.AaAgentPerf;
import dev.infermark.agentperf.scenarios.AaAgentPerfDeepSeekV4Pro;
import dev.infermark.agentperf.scenarios.AaAgentPerfGptOss120b;
import dev.infermark.api.RunResult;
import dev.infermark.client.OpenAiClient;
import dev.infermark.json.Json;
import dev.infermark.run.Cancellation;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.target.EmbeddedServer;
import dev.infermark.target.EmbeddedServerProvider;
import dev.infermark.testkit.ScenarioTestKit;
import tools.jackson.databind.JsonNode;

/**
 * Each shipped scenario's smoke preset end to end against the embedded simulator (about a minute
 * each, so only with {@code -Dagentperf.smoke=true}). The engine runs these the same way; this
 * test needs no engine.
 */
class SmokePresetTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(classes = {AaAgentPerfDeepSeekV4Pro.class, AaAgentPerfGptOss120b.class, AaAgentPerf.class})
  void smokePresetFinishesAgainstTheEmbeddedSimulator(Class<?> scenario) throws Exception {
    Assumptions.assumeTrue(Boolean.getBoolean("agentperf.smoke"), "set -Dagentperf.smoke=true to run the smoke presets");
    dev.infermark.scenario.ScenarioModel model = dev.infermark.scenario.ScenarioModel.of(scenario);
    Map<String, String> values = new HashMap<>(model.defaults());
    values.putAll(model.presets().get("smoke"));
    values.put("model", "sim");
    Settings settings = Settings.of(values);
    EmbeddedServerProvider provider = ServiceLoader.load(EmbeddedServerProvider.class).findFirst().orElseThrow();
    long t0 = System.nanoTime();
    try (EmbeddedServer server = provider.start(settings);
        OpenAiClient client = OpenAiClient.create(settings, server.baseUri(), new Progress())) {
      Path artifacts = Files.createDirectories(dir.resolve("run"));
      Object workload = scenario.getDeclaredConstructor().newInstance();
      var method = scenario.getDeclaredMethod("agentPerf");
      method.setAccessible(true);
      RunResult result = ScenarioTestKit.settings(values).scenario(scenario.getSimpleName()).server(client)
          .artifactDir(artifacts).seed(11L).log(System.out::println).run((AgentPerf) method.invoke(workload)).resultOrThrow();
      double seconds = (System.nanoTime() - t0) / 1e9;
      result.consoleLines().forEach(System.out::println);
      System.out.printf("%s smoke: %.1f s%n", scenario.getSimpleName(), seconds);
      JsonNode json = Json.parse(Files.readString(artifacts.resolve(ResultsJson.FILE)));
      assertThat(json.path("finished").asBoolean()).isTrue();
      assertThat(json.path("phases").size()).isPositive();
      assertThat(seconds).as("smoke run length").isLessThan(240);
    }
  }
}
