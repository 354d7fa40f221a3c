package dev.infermark.accuracy.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import dev.infermark.accuracy.data.BuiltinData;
import dev.infermark.accuracy.eval.AccuracyEval;
import dev.infermark.accuracy.eval.TestRuns;
import dev.infermark.api.RunResult;
import dev.infermark.api.Stat;
import dev.infermark.api.SelfPhased;
import dev.infermark.client.OpenAiClient;
import dev.infermark.run.Progress;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.settings.Settings;
import dev.infermark.simulator.Simulator;
import dev.infermark.simulator.SimulatorConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every accuracy scenario's smoke preset, resolved as the engine resolves it (scenario defaults,
 * then the preset), runs offline on the built-in synthetic data against the simulator, with only
 * a RunContext, and writes both accuracy outputs with one row per request and per task.
 */
class SmokePresetTest {
  /** Scenario name to the task rows its smoke run writes into accuracy_results.csv (before OVERALL). */
  static final Map<String, Integer> TASK_ROWS = Map.ofEntries(Map.entry("mmlu", 1), Map.entry("mmlu_pro", 1),
      Map.entry("aime", 1), Map.entry("hellaswag", 1), Map.entry("bigbench", 1), Map.entry("aime24", 1),
      Map.entry("aime25", 1), Map.entry("math_500", 3), Map.entry("gpqa_diamond", 1),
      Map.entry("lcb_codegeneration", 1), Map.entry("gsm8k", 1));

  static Simulator sim;

  @BeforeAll
  static void start() throws Exception {
    sim = Simulator.start(SimulatorConfig.builder().timeScale(0.05).build()); // steps of about 0.1 ms
  }

  @AfterAll
  static void stop() {
    sim.close();
  }

  static Stream<Arguments> scenarios() {
    return ScenariosTest.SCENARIOS.stream().map(c -> Arguments.of(c.getSimpleName(), c));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void smokePresetRunsOnBuiltinData(String simpleName, Class<?> type, @TempDir Path out) throws Exception {
    ScenarioModel model = ScenarioModel.of(type);
    Map<String, String> smoke = model.presets().get("smoke");
    assertThat(smoke).as(simpleName + " smoke preset").containsEntry("accuracy-data-dir", BuiltinData.SMOKE)
        .containsKey("request-count");
    Map<String, String> s = new HashMap<>(model.defaults());
    s.putAll(smoke);
    int n = Integer.parseInt(smoke.get("request-count"));

    Settings settings = Settings.of(s);
    try (OpenAiClient client = OpenAiClient.create(settings, sim.baseUri(), new Progress())) {
      TestRuns runs = new TestRuns();
      SelfPhased gen = (SelfPhased) model.workload().invoke(type.getDeclaredConstructor().newInstance());
      RunResult r = runs.run(gen, runs.context(model.name(), s, client, out, sim.baseUri()));

      assertThat(runs.records).hasSize(n).allMatch(rec -> rec.ok());
      assertThat(r.lookup("", "accuracy_total", Stat.VALUE)).hasValue(n);
      assertThat(r.lookup("", "accuracy", Stat.VALUE).getAsDouble()).isBetween(0.0, 1.0);
      assertThat(Files.readAllLines(out.resolve(AccuracyEval.EXPORT_JSONL))).hasSize(n);
      String csv = Files.readString(out.resolve(AccuracyEval.RESULTS_CSV));
      assertThat(List.of(csv.split("\r\n"))).hasSize(1 + TASK_ROWS.get(model.name()) + 1)
          .first().isEqualTo("task,total,passed,unparsed,accuracy_rate,unparsed_rate");
      assertThat(csv).contains("\r\nOVERALL," + n + ",");
    }
  }
}
