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
  void anUnsupportedAiperfFlagFailsWithItsNameAndAnUnknownOneWithADidYouMean() {
    Parsed p = parse("--scenario", "x", "--request-rate-mode", "poisson", "--ui-type", "simple", "--concurency", "4");

    assertThat(p.problems()).containsExactly(
        "AIPerf flags infermark does not support: --request-rate-mode, --ui-type\n"
            + "  --ui-type: infermark prints progress lines instead (--progress-interval)",
        "unknown flag --concurency; did you mean --concurrency?");
  }

  @Test
  void theCommandExitsWithTheUsageStatusAndSaysWhy() {
    assertThat(main("profile", "--scenario", "mmlu", "--server-profiler", "--preset", "smoke")).isEqualTo(ProfileCommand.USAGE);
    assertThat(err.toString()).contains("an AIPerf flag infermark does not support: --server-profiler");
    assertThat(main("profile", "--model", "m")).isEqualTo(ProfileCommand.USAGE);
    assertThat(err.toString()).contains("--scenario NAME is missing");
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
