package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

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
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.settings.SettingKey;
import dev.infermark.settings.SettingsRegistry;
import picocli.CommandLine;

/**
 * The docs' commands, checked as written, so the docs cannot drift from the code: every command of
 * README.md, docs/running.md and docs/cli.md (their {@code bash} blocks, and the commands they quote
 * inline) meets one rule below, or the test fails naming it. A rule runs the command here (the cheap
 * ones: help, list, describe, completion, report, compare, rendering Kubernetes manifests), parses
 * it through the command line's own parser (every flag known, every value parsing, the scenario
 * existing) and says where it runs for real ({@code .ci/run} as written, which this test reads, or
 * another test), or says why it is not ours to run. Placeholders ({@code NAME}, {@code RUN_DIR},
 * {@code <key>}) are filled in first, by one table.
 */
class DocsCommandsTest {
  private static final List<String> DOCS = List.of("README.md", "docs/running.md", "docs/cli.md");
  /** Inline code that is a command (a synopsis included). */
  private static final Pattern INLINE = Pattern.compile(
      "^(bin/infermark( |$)|infermark (profile|list|describe|report|compare|merge|k8s|simulator|completion|COMMAND)|mvn |java -jar )");
  private static final Pattern FENCE = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL);

  @TempDir
  Path tmp;

  /** One command of the docs: where, and its words as written (one alternative of an {@code a|b}). */
  record DocCommand(String where, String text, List<String> words) {}

  /** How a rule checks a command. */
  enum Check { RUN, NAMED, PARSE, MAVEN, NOT_OURS }

  /**
   * A rule: the commands it matches (on the words joined by spaces, placeholders filled in), how
   * they are checked, and where they run for real when not here: {@code .ci/run} (then the exact
   * command must be in it) or a named test.
   */
  record Rule(Pattern matches, Check check, String runsFor, String why) {
    static Rule of(String regex, Check check, String runsFor, String why) {
      return new Rule(Pattern.compile(regex), check, runsFor, why);
    }
  }

  private static final List<Rule> RULES = List.of(
      // The command line: cheap ones run here.
      Rule.of("^infermark (--help|list|describe mmlu|completion|profile --help|k8s render --help)$", Check.RUN, "", ""),
      Rule.of("^infermark (report|compare) ", Check.RUN, "", "on run folders this test writes"),
      Rule.of("^infermark k8s render ", Check.RUN, "", "writes the manifests; nothing is submitted"),
      Rule.of("^infermark( report| compare| merge| profile| k8s| k8s render| k8s run| k8s agentperf)?$", Check.NAMED, "",
          "a command named in prose: it exists (its --help)"),
      // Runs against the embedded simulator: parsed here, run as written by CI.
      Rule.of("^infermark profile --scenario inferencex-agentx-mvp --preset smoke$", Check.PARSE, ".ci/run", ""),
      Rule.of("^infermark profile --scenario mmlu --preset smoke$", Check.PARSE, "",
          "the README's form with another scenario (.ci/run runs the README's, as written)"),
      // A user's own jar or classes: parsed here, run by CliIT with a jar it builds.
      Rule.of("^infermark (profile|list) (--scenario-jar|--classpath) ", Check.PARSE, "CliIT", "needs the user's jar"),
      // Against a live server, a cluster, shard folders, or serving forever: parsed only.
      Rule.of("^infermark profile (--scenario|Qwen|--url)", Check.PARSE, "", "needs a live server"),
      // The trace command: CliIT runs it against the embedded simulator, on a trace it writes.
      Rule.of("^infermark profile --input-file trace\\.jsonl --custom-dataset-type mooncake_trace --fixed-schedule( |$)",
          Check.PARSE, "CliIT", "needs a trace file"),
      Rule.of("^infermark k8s (run|agentperf) ", Check.PARSE, "K8sCommandIT", "needs a Kubernetes cluster (a mock API server there)"),
      Rule.of("^infermark merge ", Check.PARSE, "", "needs a sharded run's folders (docs/scale-out.md; MergeCommandTest)"),
      Rule.of("^infermark simulator ", Check.PARSE, "CliIT", "serves until stopped"),
      // Maven: every -Dinfermark setting checked here; the README's steps run as written by CI.
      Rule.of("^mvn -q test -Dinfermark\\.scenario=inferencex-agentx-mvp -Dinfermark\\.preset=smoke$", Check.MAVEN, ".ci/run", ""),
      Rule.of("^mvn -B verify$", Check.MAVEN, ".ci/run", ""),
      Rule.of("^mvn -q test -Dinfermark\\.scenario=mmlu -Dinfermark\\.preset=smoke$", Check.MAVEN, "",
          "the README's first step with another scenario (.ci/run runs the README's, as written)"),
      Rule.of("^mvn (.*package .*-DskipTests|package)$", Check.MAVEN, "", "mvn -B -ntp verify (.ci/run) builds the same jars"),
      Rule.of("^mvn .*-Dinfermark\\.url=", Check.MAVEN, "", "needs a live server"),
      Rule.of("^mvn test( -Dtest=ChatLatencyScenario)?$", Check.MAVEN, "ExternalProjectTest",
          "a user's project (ExternalProjectTest runs such a project's scenario through the launcher)"),
      Rule.of("^mvn test -Dinfermark\\.scenario=mmlu -Dinfermark\\.(model|KEY)=", Check.MAVEN, "", "a synopsis"),
      Rule.of("^mvn -B -ntp install -DskipTests$", Check.MAVEN, "", "installs into ~/.m2, which CI checks stays free of our artifacts"),
      // Java launchers: what CI runs with its own paths.
      Rule.of("^java -jar junit-platform-console-standalone-6\\.1\\.3\\.jar execute ", Check.NOT_OURS, ".ci/junit6-check",
          "the JUnit 6 ConsoleLauncher, run by .ci/junit6-check with the test class path"),
      Rule.of("^java -jar report/target/infermark-report\\.jar (report|compare) ", Check.NOT_OURS, ".ci/run",
          "the report jar, run by .ci/run on the README example's runs"),
      Rule.of("^java -jar infermark\\.jar$", Check.NOT_OURS, "CliIT", "the jar bin/infermark launches"),
      // Not ours.
      Rule.of("^(git clone|cd |autoload |for |do$|done$)", Check.NOT_OURS, "", "a shell step, not an infermark command"));

  /** Placeholders as the docs write them, and what stands for them here (in order). */
  private Map<String, String> placeholders() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("[--FLAG VALUE]...", "");
    p.put("[--FLAG [VALUE]...]...", "");
    p.put("[--<key> <value> ...]", "");
    p.put("[-Dinfermark.<key>=<value> ...]", "");
    p.put("...the same options...", "--name chat-8 --image registry/infermark:0.1.0 --scenario inferencex-agentx-mvp "
        + "--shards 2 --claim infermark-out");
    p.put("-Dinfermark.KEY=VALUE", "-Dinfermark.model=m");
    p.put("--name NAME", "--name chat-8");
    p.put("--profile NAME", "--profile tiny");
    p.put("<name>", "mmlu");
    p.put("NAME", "mmlu");
    p.put("$rate", "4"); // the shell loop's variable
    p.put("--image IMAGE", "--image registry/infermark:0.1.0");
    p.put("--shards N", "--shards 2");
    p.put("--claim PVC", "--claim infermark-out");
    p.put("--claim-dir DIR", "--claim-dir " + tmp.resolve("claim"));
    p.put("--scenario-jar JAR", "--scenario-jar my-scenarios.jar");
    p.put("COMMAND --help", "profile --help");
    p.put("BASELINE_DIR RUN_DIR...", runA + " " + runB);
    p.put("BASELINE RUN...", runA + " " + runB);
    p.put("RUN_DIR", runA.toString());
    p.put("SHARD_DIR...", tmp.resolve("shard-0") + " " + tmp.resolve("shard-1"));
    p.put("OUT.html", tmp.resolve("out.html").toString());
    p.put("[-o OUT]", "-o " + tmp.resolve("merged"));
    p.put(" -o manifests/", " -o " + tmp.resolve("manifests") + "/");
    p.put(" ...", "");
    return p;
  }

  private Path runA;
  private Path runB;

  /** Every command the docs show. */
  static List<DocCommand> commands() throws IOException {
    List<DocCommand> out = new ArrayList<>();
    for (String doc : DOCS) {
      String text = Files.readString(Path.of("..").resolve(doc));
      Matcher fence = FENCE.matcher(text);
      while (fence.find()) {
        String block = fence.group(1).replaceAll("\\\\\\n\\s*", " ");
        for (String line : block.split("\\n")) {
          for (String part : stripComment(line).split("&&|;")) {
            String c = part.strip();
            if (c.startsWith("source <(") && c.endsWith(")")) {
              c = c.substring("source <(".length(), c.length() - 1);
            }
            if (!c.isEmpty() && !c.equals("bashcompinit")) {
              add(out, doc + " (bash block)", c);
            }
          }
        }
      }
      String prose = text.replaceAll("(?s)```.*?```", "");
      Matcher inline = Pattern.compile("`([^`\\n]+)`").matcher(prose);
      while (inline.find()) {
        String c = inline.group(1).replace("\\|", "|");
        if (INLINE.matcher(c).find()) {
          add(out, doc + " (inline)", c);
        }
      }
    }
    return out;
  }

  /** Adds a command, once per alternative of a word such as {@code render|run}. */
  private static void add(List<DocCommand> out, String where, String text) {
    List<String> words = new ArrayList<>(List.of(text.split("\\s+")));
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.contains("|") && !w.startsWith("'") && i > 0) {
        for (String alt : w.split("\\|")) {
          List<String> one = new ArrayList<>(words);
          one.set(i, alt);
          add(out, where, String.join(" ", one));
        }
        return;
      }
    }
    out.add(new DocCommand(where, text, words));
  }

  private static String stripComment(String line) {
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\'' || c == '"') {
        quoted = !quoted;
      } else if (c == '#' && !quoted && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
        return line.substring(0, i);
      }
    }
    return line;
  }

  /** The command with its placeholders filled in and {@code bin/infermark} as {@code infermark}. */
  private String concrete(DocCommand c) {
    String s = " " + c.text() + " ";
    for (Map.Entry<String, String> p : placeholders().entrySet()) {
      s = s.replace(p.getKey(), p.getValue());
    }
    s = s.replaceAll("\\[([^\\]<]*)\\]", "$1").replaceAll("\\s+", " ").strip();
    return s.startsWith("bin/infermark") ? s.substring("bin/".length()) : s;
  }

  @Test
  void everyCommandOfTheReadmeAndTheRunningAndCliDocsIsCheckedAsWritten() throws Exception {
    runA = FolderFixtures.run(tmp.resolve("runs/chat-latency/20261201T233507Z-inputTokens=128"), 128);
    runB = FolderFixtures.run(tmp.resolve("runs/chat-latency/20261201T233552Z-inputTokens=1024"), 1024);
    List<DocCommand> commands = commands();
    assertThat(commands).as("commands found in the docs").hasSizeGreaterThan(30);
    String ci = Files.readString(Path.of("../.ci/run"));
    List<String> unmatched = new ArrayList<>();
    Map<Check, Integer> counts = new LinkedHashMap<>();
    Properties before = (Properties) System.getProperties().clone();
    try {
      java.util.Set<String> checked = new java.util.HashSet<>();
      for (DocCommand c : commands) {
        String cmd = concrete(c);
        Rule rule = RULES.stream().filter(r -> r.matches().matcher(cmd).find()).findFirst().orElse(null);
        if (rule == null) {
          unmatched.add(c.where() + ": `" + c.text() + "` (as " + cmd + ")");
          continue;
        }
        counts.merge(rule.check(), 1, Integer::sum);
        String what = c.where() + ": `" + c.text() + "`";
        // The same command in several places (list, describe) is run or parsed once; each place's CI rule still holds.
        switch (checked.add(cmd) ? rule.check() : Check.NOT_OURS) {
          case RUN -> {
            List<String> args = new ArrayList<>(ShellWords.split(cmd).subList(1, ShellWords.split(cmd).size()));
            if (args.getFirst().equals("compare") && !args.contains("-o")) {
              args.addAll(List.of("-o", tmp.resolve("compare.html").toString())); // not ./compare.html in the module
            }
            assertThat(run(args)).as("%s exits with 0", what).isZero();
          }
          case NAMED -> {
            List<String> help = new ArrayList<>(ShellWords.split(cmd).subList(1, ShellWords.split(cmd).size()));
            help.add("--help");
            assertThat(run(help)).as("%s exists", what).isZero();
          }
          case PARSE -> parse(what, ShellWords.split(cmd).subList(1, ShellWords.split(cmd).size()));
          case MAVEN -> maven(what, ShellWords.split(cmd));
          case NOT_OURS -> assertThat(rule.check() != Check.NOT_OURS || !rule.why().isBlank()).as(what).isTrue();
        }
        if (rule.runsFor().equals(".ci/run") && !asWritten(c).equals(c.text())) {
          // A synopsis: CI runs it with its own folders in place of the placeholders.
          assertThat(ci).as("%s is run by .ci/run", what).contains(asWritten(c) + " ");
        } else if (rule.runsFor().equals(".ci/run")) {
          String asCi = c.text().startsWith("mvn ") ? c.text().replace("mvn -B ", "mvn -B -ntp ") : c.text();
          assertThat(ci).as("%s is run by .ci/run as written", what).containsAnyOf(c.text() + "\n", asCi + "\n",
              c.text() + " |", c.text() + " >");
        } else if (rule.runsFor().startsWith(".ci/")) {
          assertThat(Path.of("..").resolve(rule.runsFor())).as(what).exists();
        } else if (!rule.runsFor().isEmpty()) {
          assertThat(Files.exists(Path.of("src/test/java/dev/infermark/cli/" + rule.runsFor() + ".java"))
              || Files.exists(Path.of("../examples/src/test/java/dev/infermark/examples/" + rule.runsFor() + ".java")))
              .as("%s: the test that runs it, %s, exists", what, rule.runsFor()).isTrue();
        }
      }
    } finally {
      System.setProperties(before);
    }
    assertThat(unmatched).as("commands in the docs that no rule of DocsCommandsTest checks: add one").isEmpty();
    assertThat(counts).containsKeys(Check.RUN, Check.PARSE, Check.MAVEN);
  }

  /** The command's words up to its first placeholder ({@code RUN_DIR}, {@code <name>}, {@code [-o ...]}). */
  private static String asWritten(DocCommand c) {
    List<String> words = new ArrayList<>();
    for (String w : c.words()) {
      if (w.matches("[A-Z_]{3,}.*|<.*|\\[.*|\\.\\.\\..*")) {
        break;
      }
      words.add(w);
    }
    return String.join(" ", words);
  }

  /** Runs a command line in this JVM; its output is kept off the console. */
  private int run(List<String> args) {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    PrintStream p = new PrintStream(sink, true, StandardCharsets.UTF_8);
    int status = Main.run(args.toArray(String[]::new), p, p);
    if (status != 0) {
      fail("infermark " + String.join(" ", args) + " exited with " + status + ":\n" + sink.toString(StandardCharsets.UTF_8));
    }
    return status;
  }

  /** Parses a command line as {@code infermark} would: no unknown flag, no bad value, a known scenario. */
  private void parse(String what, List<String> args) {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    PrintStream p = new PrintStream(sink, true, StandardCharsets.UTF_8);
    CommandLine cl = Main.commandLine(p, p, args.isEmpty() ? "" : args.getFirst());
    CommandLine.ParseResult parsed;
    try {
      parsed = cl.parseArgs(args.toArray(String[]::new));
    } catch (CommandLine.ParameterException e) {
      throw new AssertionError(what + ": " + e.getMessage(), e);
    }
    CommandLine.ParseResult sub = parsed.subcommand();
    if (sub != null && sub.commandSpec().name().equals("profile")) {
      List<String> problems = new ArrayList<>();
      Map<String, String> settings = ((ProfileCommand) sub.commandSpec().userObject()).settings(problems);
      assertThat(problems).as(what).isEmpty();
      if (!args.contains("--scenario-jar") && !args.contains("--classpath")) {
        assertThat(Scenarios.scan().find(settings.getOrDefault("scenario", ProfileCommand.DEFAULT_SCENARIO))).as(what).isNotNull();
      }
    }
  }

  /** A Maven command: known phases and options, and every {@code -Dinfermark.*} a setting whose value parses. */
  private static void maven(String what, List<String> words) {
    SettingsRegistry registry = SettingsRegistry.load();
    for (String w : words.subList(1, words.size())) {
      if (w.startsWith("-Dinfermark.")) {
        String kv = w.substring("-Dinfermark.".length());
        String key = kv.substring(0, kv.indexOf('='));
        String value = kv.substring(kv.indexOf('=') + 1);
        if (key.equals("scenario")) {
          assertThat(Scenarios.scan().find(value)).as(what).isNotNull();
        } else if (!key.startsWith(SettingsRegistry.PARAM_PREFIX)) {
          SettingKey<?> k = registry.find(key).orElseThrow(() -> new AssertionError(what + ": no setting " + key));
          k.parse(value);
        }
      } else {
        assertThat(w).as("%s: a Maven phase or option the docs may use", what).matches(
            "test|verify|package|install|-q|-B|-ntp|-am|-DskipTests|-pl|report|-Dtest=\\w+");
      }
    }
  }
}
