package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.json.Json;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.SettingsRegistry;
import picocli.CommandLine;

/** {@code infermark profile}'s flags: AIPerf's spellings, repeated flags, values, and what fails. */
class ProfileCommandTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** The settings an argument list gives, or the problems it has. */
  private record Parsed(Map<String, String> settings, List<String> problems) {}

  private Parsed parse(String... args) {
    CommandLine profile = ProfileCommand.create(new PrintStream(out), new PrintStream(err));
    profile.parseArgs(args);
    List<String> problems = new ArrayList<>();
    Map<String, String> settings = ((ProfileCommand) profile.getCommand()).settings(problems);
    return new Parsed(settings, problems);
  }

  private int main(String... args) {
    return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void anAiperfCommandLineGivesTheSettingsOfItsFlags() {
    Parsed p = parse("--scenario", "inferencex-agentx-mvp", "--url", "http://gpu-node:8000", "--endpoint",
        "/v1/chat/completions", "--endpoint-type", "chat", "--streaming", "-m", "deepseek-ai/DeepSeek-V4-Pro",
        "--public-dataset", "semianalysis_cc_traces_weka_062126", "--concurrency", "32", "--benchmark-duration", "1800",
        "--random-seed", "42", "--use-server-token-count", "--max-context-length", "200000",
        "--output-artifact-dir", "/tmp/out", "--request-timeout-seconds", "900", "--num-requests", "10");

    assertThat(p.problems()).isEmpty();
    assertThat(p.settings()).containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
        Map.entry("scenario", "inferencex-agentx-mvp"), Map.entry("url", "http://gpu-node:8000"),
        Map.entry("custom-endpoint", "/v1/chat/completions"), Map.entry("endpoint-type", "chat"),
        Map.entry("streaming", "true"), Map.entry("model", "deepseek-ai/DeepSeek-V4-Pro"),
        Map.entry("public-dataset", "semianalysis_cc_traces_weka_062126"), Map.entry("concurrency", "32"),
        Map.entry("benchmark-duration", "1800"), Map.entry("random-seed", "42"), Map.entry("use-server-token-count", "true"),
        Map.entry("max-context-length", "200000"), Map.entry("artifact-dir", "/tmp/out"),
        Map.entry("request-timeout", "900"), Map.entry("request-count", "10")));
  }

  @Test
  void listsTakeRepeatedFlagsAndSeveralValuesAndJsonObjectsMerge() {
    Parsed p = parse("--scenario", "x", "--model", "a", "--model-names", "b", "--server-metrics", "node1:8081",
        "node2:9090/metrics", "--concurrency", "8", "--concurrency", "16",
        "--goodput", "time_to_first_token:200 inter_token_latency:25",
        "--extra-inputs", "ignore_eos:true", "--extra-inputs", "{\"top_k\": 20}");

    assertThat(p.problems()).isEmpty();
    assertThat(p.settings()).containsEntry("model", "a,b").containsEntry("server-metrics", "node1:8081,node2:9090/metrics")
        .containsEntry("concurrency", "8,16").containsEntry("goodput", "time_to_first_token:200,inter_token_latency:25");
    assertThat(Json.parse(p.settings().get("extra-inputs"))).isEqualTo(Json.parse("{\"ignore_eos\":true,\"top_k\":20}"));
  }

  @Test
  void aConcurrencyListSweepsAndAiperfsSearchFlagsSetTheSearch() {
    // AIPerf's sweep spelling (one run per value, also one sweep: docs/sweeps.md) and its search flags.
    Parsed p = parse("--scenario", "x", "--concurrency", "1,2,4,8", "--search-space", "phases.profiling.concurrency:1,1000:int",
        "--search-style", "monotonic", "--search-max-iterations", "12", "--search-sla", "time_to_first_token:p95:lt:200",
        "--search-sla", "inter_token_latency:p95:lt:25", "--search-precision", "5%", "--baseline", "latest",
        "--regression-threshold", "0.03");
    assertThat(p.problems()).isEmpty();
    assertThat(p.settings()).containsEntry("concurrency", "1,2,4,8")
        .containsEntry("search-space", "phases.profiling.concurrency:1,1000:int").containsEntry("search-style", "monotonic")
        .containsEntry("search-max-iterations", "12")
        .containsEntry("search-sla", "time_to_first_token:p95:lt:200,inter_token_latency:p95:lt:25")
        .containsEntry("search-precision", "5%").containsEntry("baseline", "latest").containsEntry("regression-threshold", "0.03");
    // the request rate sweeps the same way (LoadSweeps expands every SweptSetting.LOAD setting into runs)
    Parsed rates = parse("--scenario", "x", "--request-rate", "1,2.5,4", "--arrival-pattern", "gamma", "--vllm-burstiness", "0.5");
    assertThat(rates.problems()).isEmpty();
    assertThat(rates.settings()).containsEntry("request-rate", "1,2.5,4").containsEntry("arrival-pattern", "gamma")
        .containsEntry("arrival-smoothness", "0.5");
  }

  @Test
  void booleansTakeNoValueAValueOrTheirNegation() {
    assertThat(parse("--scenario", "x", "--streaming", "false", "--no-preflight", "--unsafe-override").settings())
        .containsEntry("streaming", "false").containsEntry("preflight", "false").containsEntry("unsafe-override", "true");
    assertThat(parse("--scenario", "x", "--accuracy-no-enable-cot").settings()).containsEntry("accuracy-enable-cot", "false");
    assertThat(parse("--scenario", "x", "--streaming", "--no-streaming").problems())
        .containsExactly("--streaming and --no-streaming are both given");
  }

  @Test
  void paramsReplaceParameterValues() {
    assertThat(parse("--scenario", "chat-latency", "--param", "inputTokens=128,256").settings())
        .containsEntry("param.inputTokens", "128,256");
  }

  @Test
  void aBadValueFailsNamingItsFlag() {
    assertThat(parse("--scenario", "x", "--num-requests", "many", "--benchmark-duration", "soon").problems())
        .containsExactlyInAnyOrder("--request-count: cannot use 'many': expected a whole number",
            "--benchmark-duration: cannot use 'soon': expected a duration such as 90s, 2m or 1h");
  }

  @Test
  void severalServersAndOneValuePerScalar() {
    // AIPerf's repeated --url: several servers, round-robin (infermark.url as a list)
    assertThat(parse("--scenario", "x", "--url", "a:1", "-u", "b:2").settings()).containsEntry("url", "a:1,b:2");
    assertThat(parse("--scenario", "x", "--url", "a:1", "-u", "b:2", "--random-seed", "1", "--random-seed", "2").problems())
        .containsExactly("--random-seed is given 2 times (1, 2); it takes one value");
  }

  @Test
  void aiperfsSpellingsOfThePromptLoadAndGoodputFlagsAreOurSettings() {
    Parsed prompts = parse("--synthetic-input-tokens-mean", "100", "--isl-stddev", "10", "--output-tokens-mean", "20",
        "--prompt-output-tokens-stddev", "2", "--prefix-prompt-pool-size", "4", "--prompt-prefix-length", "32",
        "--shared-system-prompt-length", "64", "--user-context-prompt-length", "16", "--num-prompts", "50",
        "--goodput", "time_to_first_token:200 inter_token_latency:50");
    assertThat(prompts.problems()).isEmpty();
    assertThat(prompts.settings()).containsExactlyInAnyOrderEntriesOf(Map.of("isl", "100", "isl-stddev", "10", "osl", "20",
        "osl-stddev", "2", "num-prefix-prompts", "4", "prefix-prompt-length", "32", "shared-system-prompt-length", "64",
        "user-context-prompt-length", "16", "num-dataset-entries", "50",
        "goodput", "time_to_first_token:200,inter_token_latency:50"));
    Parsed load = parse("--request-rate", "5", "--request-rate-mode", "gamma", "--vllm-burstiness", "0.5",
        "--concurrency-ramp-duration", "10s", "--request-rate-ramp-duration", "5s", "--concurrency", "64");
    assertThat(load.problems()).isEmpty();
    assertThat(load.settings()).containsExactlyInAnyOrderEntriesOf(Map.of("request-rate", "5", "arrival-pattern", "gamma",
        "arrival-smoothness", "0.5", "concurrency-ramp-duration", "10s", "request-rate-ramp-duration", "5s",
        "concurrency", "64"));
    assertThat(parse("--user-centric-rate", "2", "--num-users", "15").settings())
        .containsExactlyInAnyOrderEntriesOf(Map.of("user-centric-rate", "2", "num-users", "15"));
  }

  /** Runs the command in this JVM, leaving the system properties a run sets (one per flag) as they were. */
  private int mainRestoringProperties(String... args) {
    java.util.Properties before = (java.util.Properties) System.getProperties().clone();
    try {
      return main(args);
    } finally {
      System.setProperties(before);
    }
  }

  @Test
  void withoutAScenarioTheSyntheticChatBenchmarkRunsAsAiperfProfileDoes(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) {
    int status = mainRestoringProperties("profile", "--benchmark-duration", "2s", "--isl", "16", "--osl", "4",
        "--num-dataset-entries", "8", "--request-rate", "20", "--request-rate-mode", "poisson",
        "--goodput", "time_to_first_token:5000 inter_token_latency:1000", "--random-seed", "1",
        "--progress-interval", "1m", "--output-artifact-dir", dir.toString());
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as(printed + err).isZero();
    assertThat(printed).contains("infermark: no --scenario: running chat, the synthetic chat benchmark")
        .contains("PASSED   chat run");
    // the run's own lines went to the console; its export says what it asked and measured
    java.nio.file.Path run = dev.infermark.artifact.RunFolders.latest(dir.resolve("chat")).orElseThrow();
    tools.jackson.databind.JsonNode export = Json.parse(readString(run.resolve("profile_export_aiperf.json")));
    assertThat(export.at("/output_sequence_length/min").asDouble()).isEqualTo(4); // exactly 4: --osl is exact
    assertThat(export.at("/output_sequence_length/max").asDouble()).isEqualTo(4);
    assertThat(export.at("/input_config/infermark.isl/value").asString()).isEqualTo("16");
    assertThat(export.at("/good_request_fraction/avg").asDouble()).isEqualTo(1.0);
  }

  /** Six Mooncake rows over 0.5 s: rows 2 and 4 share the first block of row 1, row 5 repeats row 3 whole. */
  static final String MOONCAKE = """
      {"timestamp": 0, "input_length": 40, "output_length": 3, "hash_ids": [1, 2, 3]}
      {"timestamp": 100, "input_length": 30, "output_length": 3, "hash_ids": [1, 4]}
      {"timestamp": 200, "input_length": 20, "output_length": 3, "hash_ids": [5, 6]}
      {"timestamp": 300, "input_length": 16, "output_length": 3, "hash_ids": [1, 7]}
      {"timestamp": 400, "input_length": 20, "output_length": 3, "hash_ids": [5, 6]}
      {"timestamp": 500, "input_length": 10, "output_length": 3, "hash_ids": [8]}
      """;

  @Test
  void aMooncakeTraceWithoutAScenarioReplaysOnItsTimestampsAgainstTheEmbeddedSimulator(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws java.io.IOException {
    java.nio.file.Path trace = java.nio.file.Files.writeString(dir.resolve("trace.jsonl"), MOONCAKE);
    // the command line, with no --url: the embedded simulator; blocks of 10 tokens so the rows share blocks
    int status = mainRestoringProperties("profile", "--input-file", trace.toString(), "--custom-dataset-type",
        "mooncake_trace", "--fixed-schedule", "--prompt-input-tokens-block-size", "10", "--random-seed", "1",
        "--progress-interval", "1m", "--output-artifact-dir", dir.resolve("runs").toString());
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as(printed + err).isZero();
    assertThat(printed).contains("infermark: no --scenario: running trace-replay for the trace given")
        .contains("PASSED   trace-replay run");
    java.nio.file.Path run = dev.infermark.artifact.RunFolders.latest(dir.resolve("runs").resolve("trace-replay"))
        .orElseThrow();
    tools.jackson.databind.JsonNode export = Json.parse(readString(run.resolve("profile_export_aiperf.json")));
    assertThat(export.at("/request_count/avg").asDouble()).isEqualTo(6);
    assertThat(export.at("/input_sequence_length/min").asDouble()).isGreaterThanOrEqualTo(10);
    // hash-id blocks sent 3+2+2+2+2+1 = 12, of which the leading ids an earlier row had: rows 2 and 4 one, row 5 two
    assertThat(export.at("/theoretical_prefix_cache_hit/avg").asDouble()).as(Json.write(export))
        .isCloseTo(100.0 * 4 / 12, org.assertj.core.data.Offset.offset(0.01));
    assertThat(export.at("/metadata/dataset/loader").asString()).isEqualTo("mooncake_trace");
  }

  @Test
  void aConversationFileWithoutAScenarioIsPlayedByChat(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws java.io.IOException {
    java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("conversations.jsonl"), """
        {"session_id": "a", "turns": [{"text": "hello there"}, {"text": "and then?"}]}
        """);
    int status = mainRestoringProperties("profile", "--input-file", file.toString(), "--request-count", "4",
        "--progress-interval", "1m", "--output-artifact-dir", dir.resolve("runs").toString());
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as(printed + err).isZero();
    assertThat(printed).contains("infermark: no --scenario: running chat, the chat benchmark, on the conversations "
        + "of the file given").contains("PASSED   chat run");
    // the file's turns were sent (the run's own lines go to the engine's console, not this command's)
    java.nio.file.Path run = dev.infermark.artifact.RunFolders.latest(dir.resolve("runs").resolve("chat")).orElseThrow();
    assertThat(readString(run.resolve("inputs.json"))).contains("hello there", "and then?");
  }

  private static String readString(java.nio.file.Path p) {
    try {
      return java.nio.file.Files.readString(p);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aPromptFlagTheScenarioDoesNotReadFailsItsRunNamingTheFlag(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    int status = mainRestoringProperties("profile", "--scenario", "mmlu", "--preset", "smoke", "--isl", "64",
        "--output-artifact-dir", dir.toString());
    assertThat(status).isEqualTo(1);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("FAILED   mmlu run: infermark.isl: mmlu's workload does not "
        + "read it, so it would have no effect (it is a setting of the workloads that read it, ChatKeys)");
  }

  @Test
  void anUnsupportedAiperfFlagFailsWithItsNameAndAnUnknownOneWithADidYouMean() {
    Parsed p = parse("--scenario", "x", "--request-cancellation-rate", "5", "--log-level", "debug", "--concurency", "4");

    assertThat(p.problems()).containsExactly(
        "AIPerf flags infermark does not support: --request-cancellation-rate, --log-level\n"
            + "  --log-level: infermark has no log levels; --verbose prints more",
        "unknown flag --concurency; did you mean --concurrency?");
  }

  @Test
  void aiperfsPositionalModelComesFirstAndAStrayValueIsAnError() {
    assertThat(parse("Qwen/Qwen2.5-1.5B-Instruct", "--scenario", "mmlu", "--url", "localhost:8000").settings())
        .containsEntry("model", "Qwen/Qwen2.5-1.5B-Instruct");
    assertThat(parse("a", "b", "--scenario", "x").settings()).containsEntry("model", "a,b");
    assertThat(parse("m1", "--scenario", "x", "--model", "m2").problems())
        .containsExactly("the model is given twice: m1 (first on the line) and --model m2");
    assertThat(parse("--scenario", "x", "--random-seed", "1", "stray").problems()).singleElement().asString()
        .startsWith("unexpected argument 'stray'");
    // A value after a flag infermark does not know is that flag's: the flag is the error.
    assertThat(parse("--scenario", "x", "--server-profiler-timeout-seconds", "5").problems())
        .containsExactly("an AIPerf flag infermark does not support: --server-profiler-timeout-seconds");
  }

  @Test
  void aMisspeltFlagOfSeveralWordsGetsADidYouMeanAndARequestFieldItsExtraInputs() {
    assertThat(parse("--scenario", "x", "--max-token", "64").problems()).containsExactly("unknown flag --max-token; did "
        + "you mean --agentperf-max-tokens, or --extra-inputs max_tokens:VALUE (the max_tokens of every request's body)?");
    assertThat(parse("--scenario", "x", "--temperature", "0").problems()).containsExactly("unknown flag --temperature; "
        + "did you mean --extra-inputs temperature:VALUE (the temperature of every request's body)?");
    assertThat(parse("--scenario", "x", "--context-length", "8").problems())
        .containsExactly("unknown flag --context-length; did you mean --max-context-length?");
  }

  @Test
  void aiperfsUiFlagsChooseTheProgressDisplay() {
    assertThat(parse("--scenario", "x", "--ui", "dashboard").settings()).containsEntry("ui-type", "dashboard");
    assertThat(parse("--scenario", "x", "--ui-type", "none").settings()).containsEntry("ui-type", "none");
    assertThat(parse("--scenario", "x", "-v").settings()).containsEntry("verbose", "true"); // node ids, among others
    assertThat(parse("--scenario", "x", "--ui", "fancy").problems())
        .containsExactly("--ui-type: cannot use 'fancy': expected one of auto, dashboard, simple, none");
  }

  @Test
  void aLockViolationIsPrintedInFullWhenItHappensAndInTheResults() {
    java.util.Properties before = (java.util.Properties) System.getProperties().clone();
    PrintStream console = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8)); // the engine prints on the JVM's console
    try {
      int status = main("profile", "--scenario", "inferencex-agentx-mvp", "--url", "localhost:1", "--model", "m",
          "--public-dataset", "semianalysis_cc_traces_weka_062126", "--ignore-trace-delays", "true");
      String printed = out.toString(StandardCharsets.UTF_8);
      assertThat(status).isEqualTo(ScenarioRun.FAILED);
      // which setting, why, and what to do: at once, and again in the results
      String setting = "infermark.ignore-trace-delays: got 'true', required 'unset' (recorded trace delays are part of the workload)";
      assertThat(printed).contains("infermark: inferencex-agentx-mvp run cannot start: Scenario 'inferencex-agentx-mvp' "
          + "invariants violated (1 conflict):\ninfermark:   - " + setting + "\ninfermark: ");
      assertThat(printed).contains("  FAILED   inferencex-agentx-mvp run: Scenario 'inferencex-agentx-mvp' invariants "
          + "violated (1 conflict):\n" + " ".repeat(11) + "  - " + setting + "\n" + " ".repeat(11));
      assertThat(printed).contains("unsafe-override");
    } finally {
      System.setOut(console);
      System.setProperties(before);
    }
  }

  @Test
  void theResultsListSaysOneMistakeOnce() {
    ScenarioRun.Outcomes o = new ScenarioRun.Outcomes();
    String cause = "the target http://127.0.0.1:9 cannot be benchmarked: nothing is listening at 127.0.0.1:9";
    for (String run : List.of("chat [inputTokens=128]", "chat [inputTokens=1024]")) {
      o.record(new ScenarioRun.Outcome("FAILED", run, cause));
      o.record(new ScenarioRun.Outcome("SKIPPED", run + " error_rate", "the run failed: " + cause));
    }
    ByteArrayOutputStream shown = new ByteArrayOutputStream();
    o.print(new PrintStream(shown, true, StandardCharsets.UTF_8));
    assertThat(shown.toString(StandardCharsets.UTF_8)).contains(
        "  FAILED   chat [inputTokens=128]: " + cause + "\n",
        "  SKIPPED  chat [inputTokens=128] error_rate: the run failed: the same as above\n",
        "  FAILED   chat [inputTokens=1024]: the same as above\n",
        "  SKIPPED  chat [inputTokens=1024] error_rate: the run failed: the same as above\n");
  }

  @Test
  void theCommandExitsWithTheUsageStatusAndSaysWhy() {
    assertThat(main("profile", "--scenario", "mmlu", "--server-profiler", "--preset", "smoke")).isEqualTo(ProfileCommand.USAGE);
    assertThat(err.toString()).contains("an AIPerf flag infermark does not support: --server-profiler");
    assertThat(main("profile", "--scenario", " ")).isEqualTo(ProfileCommand.USAGE);
    assertThat(err.toString()).contains("--scenario is empty");
    assertThat(main("profile", "--scenario", "mmluu")).isEqualTo(ProfileCommand.USAGE);
    assertThat(err.toString()).contains("no scenario is called 'mmluu'. Did you mean mmlu?");
  }

  @Test
  void helpListsEverySettingAsAFlag() {
    assertThat(main("profile", "--help")).isZero();
    String help = out.toString();
    for (SettingKey<?> k : SettingsRegistry.load().keys()) {
      assertThat(help).as(k.name()).contains("--" + k.name());
    }
    assertThat(help).contains("Framework settings (dev.infermark.settings.Keys):")
        .contains("-m, --model, --model-names=<list>...").contains("--streaming[=<bool>]");
  }

  @Test
  void everyAiperfSpellingIsEitherOursOrKnownUnsupported() {
    AiperfFlags aiperf = AiperfFlags.load();
    SettingFlags flags = new SettingFlags(SettingsRegistry.catalogs(getClass().getClassLoader()), aiperf);
    List<String> ours = flags.flags().stream().flatMap(f -> f.names().stream()).toList();

    assertThat(ours).contains("--model", "-m", "--model-names", "-u", "--output-artifact-dir", "--endpoint",
        "--num-requests", "--num-warmup-requests", "--num-prompts", "--transport-type", "--request-timeout-seconds");
    // an AIPerf option is ours under all its spellings or under none
    for (List<String> option : aiperf.options()) {
      long known = option.stream().filter(ours::contains).count();
      assertThat(known).as(option.toString()).isIn(0L, (long) option.size());
    }
  }
}
