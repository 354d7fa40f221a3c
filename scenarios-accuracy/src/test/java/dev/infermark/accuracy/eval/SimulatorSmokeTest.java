package dev.infermark.accuracy.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.accuracy.SharedData;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.client.OpenAiClient;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import dev.infermark.target.EmbeddedServer;
import dev.infermark.target.EmbeddedServerProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The smoke form of mmlu and gsm8k against the embedded simulator, with only a RunContext (no
 * engine), on the real data: it completes and writes every output (scores are near chance).
 */
class SimulatorSmokeTest {
  @ParameterizedTest
  @CsvSource({"mmlu,abstract_algebra,8", "gsm8k,,8"})
  void smokeRunWritesAllOutputs(String benchmark, String tasks, String count, @TempDir Path out) throws Exception {
    Map<String, String> s = new HashMap<>();
    s.put("accuracy-data-dir", SharedData.accuracy().toString());
    s.put("request-count", count);
    s.put("concurrency", "4");
    if (tasks != null) {
      s.put("accuracy-tasks", tasks);
    }
    Settings settings = Settings.of(s);
    EmbeddedServerProvider provider = ServiceLoader.load(EmbeddedServerProvider.class).findFirst().orElseThrow();
    try (EmbeddedServer server = provider.start(settings);
        OpenAiClient client = OpenAiClient.create(settings, server.baseUri(), new Progress())) {
      TestRuns runs = new TestRuns();
      RunResult r = runs.run(AccuracyEval.of(benchmark), runs.context(benchmark, s, client, out, server.baseUri()));
      assertThat(runs.records).hasSize(8).allMatch(rec -> rec.ok());
      assertThat(r.lookup("", "accuracy_total", Stat.VALUE)).hasValue(8.0);
      assertThat(r.lookup("", "accuracy", Stat.VALUE).getAsDouble()).isBetween(0.0, 1.0);
      assertThat(Files.readAllLines(out.resolve("accuracy_export.jsonl"))).hasSize(8);
      assertThat(Files.readString(out.resolve("accuracy_results.csv"))).contains("OVERALL,8,");
    }
  }
}
