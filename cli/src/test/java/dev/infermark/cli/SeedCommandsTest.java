package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.infermark.settings.Keys;
import dev.infermark.testdata.SharedData;
import picocli.CommandLine;

/**
 * Every {@code aiperf profile} command line the seed documents print parses as an
 * {@code infermark profile} command line (with {@code aiperf} replaced by {@code infermark}): no
 * unknown or unsupported flag, every value parses, the scenario (or accuracy benchmark) exists. The
 * runs themselves need a server or data, so the check stops there.
 */
class SeedCommandsTest {
  /** {@code aiperf profile ...} up to the end of its code block, the next command or a comment. */
  private static final Pattern COMMAND = Pattern.compile("(?:aiperf|agentx) profile\\b(.*?)(?=```|(?:aiperf|agentx) profile\\b| # |$)",
      Pattern.DOTALL);

  /**
   * Values the seeds' text lost (their {@code <MODEL>}-style placeholders were stripped, leaving
   * {@code --model --url /v1}): put back so the line can parse.
   */
  private static final Map<String, String> LOST_VALUES = Map.of("--model", "my-model", "--tokenizer", "my-model");

  private static Map<String, List<String>> seedCommands() throws IOException {
    Map<String, List<String>> out = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(SharedData.seeds())) {
      for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
        Matcher m = COMMAND.matcher(Files.readString(f));
        while (m.find()) {
          out.put(f.getFileName() + ": " + m.group().strip(), restore(ShellWords.split(m.group(1))));
        }
      }
    }
    return out;
  }

  /** The words of a seed's command line as it means them: "..." (the rest as before) dropped, lost values put back. */
  private static List<String> restore(List<String> words) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.equals("...")) {
        continue;
      }
      out.add(w);
      boolean valueLost = i + 1 == words.size() || words.get(i + 1).startsWith("--");
      if (LOST_VALUES.containsKey(w) && valueLost) {
        out.add(LOST_VALUES.get(w));
      } else if (w.equals("--url") && i + 1 < words.size() && words.get(i + 1).startsWith("/")) {
        out.add("http://localhost:8000" + words.get(++i)); // <URL>/v1
      }
    }
    return out;
  }

  /** The settings of one command line; fails listing its usage errors. */
  static Map<String, String> parse(List<String> args) {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    PrintStream p = new PrintStream(sink, true, StandardCharsets.UTF_8);
    CommandLine profile = ProfileCommand.create(p, p);
    profile.parseArgs(args.toArray(String[]::new));
    List<String> problems = new ArrayList<>();
    Map<String, String> settings = ((ProfileCommand) profile.getCommand()).settings(problems);
    assertThat(problems).as("usage errors of infermark profile %s", String.join(" ", args)).isEmpty();
    return settings;
  }

  @Test
  void everyCommandTheSeedsPrintParsesWithAiperfReplacedByInfermark() throws IOException {
    Map<String, List<String>> commands = seedCommands();
    assertThat(commands.keySet().stream().filter(c -> c.startsWith("000_"))).hasSizeGreaterThanOrEqualTo(2);
    assertThat(commands.keySet().stream().filter(c -> c.startsWith("003_"))).hasSizeGreaterThanOrEqualTo(9);
    Scenarios scenarios = Scenarios.scan();
    commands.forEach((seed, args) -> {
      Map<String, String> settings = parse(args);
      assertThat(scenarios.find(settings.get(Keys.SCENARIO.name()))).as(seed).isNotNull();
    });
  }

  @Test
  void theAgentxQuickStartParsesItsUiFlagAndTheAccuracySeedItsPositionalModel() {
    // The two commands of issue 30 §0, pinned here should the seeds be absent.
    Map<String, String> agentx = parse(List.of("--scenario", "inferencex-agentx-mvp", "--url", "localhost:8000", "--model",
        "deepseek-ai/DeepSeek-V4-Pro", "--max-context-length", "128000", "--endpoint-type", "chat", "--public-dataset",
        "semianalysis_cc_traces_weka_with_subagents", "--concurrency", "32", "--use-server-token-count", "--streaming",
        "--extra-inputs", "ignore_eos:true", "--cache-bust", "first_turn_prefix", "--system-idle-gap-cap-seconds", "10",
        "--trajectory-start-min-ratio", "0.0", "--trajectory-start-max-ratio", "1.0", "--benchmark-duration", "1800",
        "--random-seed", "20260707", "--ui", "simple"));
    assertThat(agentx).containsEntry("ui-type", "simple").containsEntry("model", "deepseek-ai/DeepSeek-V4-Pro");

    Map<String, String> mmlu = parse(List.of("Qwen/Qwen2.5-1.5B-Instruct", "--url", "http://localhost:8000", "--endpoint-type",
        "chat", "--accuracy-benchmark", "mmlu", "--accuracy-n-shots", "5", "--num-requests", "15000", "--concurrency", "10",
        "--extra-inputs", "{\"temperature\": 0, \"stop\": [\"\\n\"]}"));
    assertThat(mmlu).containsEntry("model", "Qwen/Qwen2.5-1.5B-Instruct").containsEntry("scenario", "mmlu")
        .containsEntry("request-count", "15000");
  }
}
