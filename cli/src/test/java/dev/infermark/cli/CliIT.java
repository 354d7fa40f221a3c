package dev.infermark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import dev.infermark.annotations.Scenario;
import dev.infermark.cli.user.UserChat;
import dev.infermark.cli.user.UserKeys;
import dev.infermark.json.Json;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.SettingsRegistry;
import io.github.classgraph.ClassGraph;
import io.github.classgraph.ScanResult;
import tools.jackson.databind.JsonNode;

/**
 * The executable jar ({@code cli/target/infermark.jar}, after {@code mvn package}), run as a process
 * through {@code bin/infermark},
 * against the same scenario run in this JVM the way Surefire runs it under
 * {@code mvn test -Dinfermark.scenario=NAME -Dinfermark.KEY=VALUE}: the same settings (values and
 * sources), artifacts, verdict and test outcomes; timings and measured values are not compared.
 */
class CliIT {
  private static final Path LAUNCHER = Path.of(System.getProperty("cli.launcher", "../bin/infermark"));
  private static final Pattern OUTCOME = Pattern.compile("^  (PASSED|FAILED|SKIPPED)\\s+(.+?)(: .*)?$");

  @TempDir
  Path tmp;

  /** What a process printed and how it ended. */
  private record Result(int exit, String out, String err) {
    /** The outcome lines after {@code infermark: results}: name → status. */
    Map<String, String> outcomes() {
      Map<String, String> m = new TreeMap<>();
      boolean in = false;
      for (String line : out.lines().toList()) {
        if (line.equals("infermark: results")) {
          in = true;
        } else if (in) {
          Matcher x = OUTCOME.matcher(line);
          if (!x.matches()) {
            break;
          }
          m.put(x.group(2), x.group(1));
        }
      }
      return m;
    }
  }

  private Result infermark(Path cwd, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", LAUNCHER.toAbsolutePath().toString()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(tmp, "out", ".txt");
    Path err = Files.createTempFile(tmp, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().keySet().removeIf(k -> k.startsWith("INFERMARK_"));
    Process p = pb.start();
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("infermark " + String.join(" ", args) + " did not finish within 10 minutes");
    }
    return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /**
   * Runs {@code scenario} in this JVM as Surefire does: the JUnit Platform launcher with the engines
   * it finds, the class selected, settings as {@code -Dinfermark.*} system properties.
   */
  private static Map<String, String> runLikeMaven(Class<?> scenario, Map<String, String> systemProperties) {
    systemProperties.forEach((k, v) -> System.setProperty("infermark." + k, v));
    try {
      ScenarioRun.Outcomes outcomes = new ScenarioRun.Outcomes();
      LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(scenario)).build(),
          outcomes);
      Map<String, String> m = new TreeMap<>();
      outcomes.outcomes().forEach(o -> m.put(o.name(), o.status()));
      return m;
    } finally {
      systemProperties.keySet().forEach(k -> System.clearProperty("infermark." + k));
    }
  }

  /** The one run folder under {@code artifactDir}: {@code <scenario>/<timestamp>[-params]/}, the one {@code latest} names. */
  private static Path onlyRunFolder(Path artifactDir) throws IOException {
    try (Stream<Path> exports = Files.find(artifactDir, 3, (p, a) -> a.isRegularFile()
        && p.getFileName().toString().equals("profile_export_aiperf.json"))) {
      List<Path> runs = exports.map(Path::getParent).toList();
      assertThat(runs).hasSize(1);
      Path run = runs.getFirst();
      assertThat(run.resolveSibling("latest").toRealPath()).isEqualTo(run.toRealPath());
      return run;
    }
  }

  /** What must be equal between two runs of the same command: everything but timings and measurements. */
  private static void assertSameRun(Path cliRun, Path mavenRun) throws IOException {
    // <scenario>/<timestamp>[-params]: the same scenario folder, the same parameters after the timestamp
    assertThat(cliRun.getParent().getFileName()).isEqualTo(mavenRun.getParent().getFileName());
    assertThat(cliRun.getFileName().toString().replaceFirst("^[^-]*", ""))
        .isEqualTo(mavenRun.getFileName().toString().replaceFirst("^[^-]*", ""));
    assertThat(files(cliRun)).isEqualTo(files(mavenRun));
    JsonNode cli = Json.parse(Files.readString(cliRun.resolve("profile_export_aiperf.json")));
    JsonNode maven = Json.parse(Files.readString(mavenRun.resolve("profile_export_aiperf.json")));
    assertThat(settings(cli)).isEqualTo(settings(maven));
    for (String field : List.of("/run_info/scenario", "/run_info/random_seed", "/was_cancelled", "/is_complete",
        "/incomplete_reason", "/metadata/scenario", "/metadata/submission_valid", "/metadata/submission_invalid_reasons",
        "/metadata/dataset", "/metadata/agentic_replay/lanes", "/metadata/agentic_replay/cache_bust_target",
        "/error_request_count")) {
      assertThat(String.valueOf(cli.at(field))).as(field).isEqualTo(String.valueOf(maven.at(field)));
    }
    assertThat(metrics(cli)).isEqualTo(metrics(maven));
  }

  private static TreeSet<String> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
    }
  }

  /** input_config (value and source of every setting) without the artifact folder (each run writes into its own). */
  private static Map<String, JsonNode> settings(JsonNode export) {
    Map<String, JsonNode> m = new TreeMap<>();
    export.get("input_config").properties().forEach(e -> {
      if (!e.getKey().equals("infermark.artifact-dir")) {
        m.put(e.getKey(), e.getValue());
      }
    });
    return m;
  }

  /** The names of the metrics the export holds (those with a unit). */
  private static TreeSet<String> metrics(JsonNode export) {
    TreeSet<String> names = new TreeSet<>();
    export.properties().forEach(e -> {
      if (e.getValue().isObject() && e.getValue().has("unit")) {
        names.add(e.getKey());
      }
    });
    return names;
  }

  /** AIPerf's flags for the settings, as the InferenceX recipes write them (docs/cli.md). */
  private static List<String> flags(Map<String, String> aiperfFlags) {
    List<String> args = new ArrayList<>();
    aiperfFlags.forEach((flag, value) -> {
      args.add(flag);
      if (!value.isEmpty()) {
        args.add(value);
      }
    });
    return args;
  }

  @Test
  void anAiperfCommandLineRunsAgentxSmokeAsMavenRunsIt() throws Exception {
    Path cliArtifacts = tmp.resolve("cli");
    Path mavenArtifacts = tmp.resolve("maven");
    // aiperf profile --scenario inferencex-agentx-mvp ... (agentx.md §1.1), in the smoke preset's short form.
    Map<String, String> aiperf = new LinkedHashMap<>();
    aiperf.put("--scenario", "inferencex-agentx-mvp");
    aiperf.put("--preset", "smoke");
    aiperf.put("--endpoint", "/v1/chat/completions");
    aiperf.put("--endpoint-type", "chat");
    aiperf.put("--streaming", "");
    aiperf.put("--model", "agentx-smoke-model");
    aiperf.put("--concurrency", "4");
    aiperf.put("--benchmark-duration", "15");
    aiperf.put("--random-seed", "42");
    aiperf.put("--use-server-token-count", "");
    aiperf.put("--max-context-length", "100000");
    aiperf.put("--progress-interval", "1m");
    List<String> args = new ArrayList<>(List.of("profile"));
    args.addAll(flags(aiperf));
    args.addAll(List.of("--output-artifact-dir", cliArtifacts.toString()));
    // The same as mvn test -Dinfermark.KEY=VALUE.
    Map<String, String> maven = new LinkedHashMap<>();
    maven.put("scenario", "inferencex-agentx-mvp");
    maven.put("preset", "smoke");
    maven.put("custom-endpoint", "/v1/chat/completions");
    maven.put("endpoint-type", "chat");
    maven.put("streaming", "true");
    maven.put("model", "agentx-smoke-model");
    maven.put("concurrency", "4");
    maven.put("benchmark-duration", "15");
    maven.put("random-seed", "42");
    maven.put("use-server-token-count", "true");
    maven.put("max-context-length", "100000");
    maven.put("progress-interval", "1m");
    maven.put("artifact-dir", mavenArtifacts.toString());

    Result cli = infermark(Path.of("").toAbsolutePath(), args.toArray(String[]::new));
    Map<String, String> mavenOutcomes = runLikeMaven(Class.forName("dev.infermark.agentx.InferencexAgentxMvp"), maven);

    assertThat(cli.exit()).as(cli.err()).isZero();
    assertThat(cli.outcomes()).isEqualTo(mavenOutcomes).containsValue("PASSED").containsValue("SKIPPED");
    Path run = onlyRunFolder(cliArtifacts);
    assertSameRun(run, onlyRunFolder(mavenArtifacts));
    JsonNode export = Json.parse(Files.readString(run.resolve("profile_export_aiperf.json")));
    assertThat(export.at("/metadata/submission_invalid_reasons").toString()).contains("unsafe_override");
    assertThat(export.at("/input_config/infermark.custom-endpoint/source").asString()).isEqualTo("system_property");
  }

  @Test
  void aUsersScenarioJarRunsAsMavenRunsItAndAFailedSloFailsTheCommand() throws Exception {
    Path jar = userJar();
    Path cliArtifacts = tmp.resolve("cli");
    Path mavenArtifacts = tmp.resolve("maven");

    Result cli = infermark(tmp, "profile", "--scenario-jar", jar.toString(), "--scenario", "cli-user-chat",
        "--model", "user-model", "--random-seed", "7", "--output-artifact-dir", cliArtifacts.toString());
    Map<String, String> mavenOutcomes = runLikeMaven(UserChat.class, Map.of("scenario", "cli-user-chat",
        "model", "user-model", "random-seed", "7", "artifact-dir", mavenArtifacts.toString()));

    assertThat(cli.exit()).as(cli.out() + cli.err()).isZero();
    assertThat(cli.outcomes()).isEqualTo(mavenOutcomes).hasSize(3).doesNotContainValue("FAILED");
    assertSameRun(onlyRunFolder(cliArtifacts), onlyRunFolder(mavenArtifacts));
    JsonNode export = Json.parse(Files.readString(onlyRunFolder(cliArtifacts).resolve("profile_export_aiperf.json")));
    assertThat(export.at("/request_count/avg").asDouble()).isEqualTo(12);

    Result strict = infermark(tmp, "profile", "--scenario-jar", jar.toString(), "--scenario", "cli-user-strict",
        "--output-artifact-dir", tmp.resolve("strict").toString());
    assertThat(strict.exit()).as(strict.out() + strict.err()).isEqualTo(1);
    assertThat(strict.outcomes()).containsValue("FAILED");

    Result help = infermark(tmp, "profile", "--scenario-jar", jar.toString(), "--help");
    assertThat(help.out()).contains("UserKeys settings (dev.infermark.cli.user.UserKeys):").contains("--" + UserKeys.GREETING.name());

    // report and compare are the report module's, on the command line's run and the Maven run.
    Path cliRun = onlyRunFolder(cliArtifacts);
    Files.delete(cliRun.resolve("report.html")); // the run wrote one; the command writes it again
    Result report = infermark(tmp, "report", cliRun.toString());
    assertThat(report.exit()).as(report.out() + report.err()).isZero();
    assertThat(cliRun.resolve("report.html")).isNotEmptyFile();
    Path comparison = tmp.resolve("compare.html");
    Result compare = infermark(tmp, "compare", onlyRunFolder(mavenArtifacts).toString(), cliRun.toString(), "-o",
        comparison.toString());
    assertThat(compare.exit()).as(compare.out() + compare.err()).isZero();
    assertThat(Files.readString(comparison)).contains("cli-user-chat");
    Result noRun = infermark(tmp, "report", tmp.resolve("no-such-run").toString());
    assertThat(noRun.exit()).isEqualTo(1);
    assertThat(noRun.err()).startsWith("infermark report: ");
  }

  @Test
  void theSimulatorCommandServesOnLoopback() throws Exception {
    Result help = infermark(tmp, "simulator", "--help");
    assertThat(help.exit()).isZero();
    for (SettingKey<?> k : dev.infermark.simulator.SimulatorKeys.all()) {
      assertThat(help.out()).as(k.name()).contains("--" + k.name().substring(dev.infermark.simulator.SimulatorKeys.PREFIX.length()));
    }

    ProcessBuilder pb = new ProcessBuilder("bash", LAUNCHER.toAbsolutePath().toString(), "simulator", "--host", "127.0.0.1",
        "--port", "0", "--model", "cli-sim-model").directory(tmp.toFile()).redirectErrorStream(true);
    pb.environment().keySet().removeIf(k -> k.startsWith("INFERMARK_"));
    Process p = pb.start();
    try (java.io.BufferedReader out = p.inputReader(StandardCharsets.UTF_8);
        var reader = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      // the line the simulator prints once it listens; read off this thread so a silent process cannot hang the test
      String listening = reader.submit(() -> {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          if (line.startsWith("infermark simulator listening on ")) {
            return line;
          }
        }
        return "(ended without listening)";
      }).get(2, TimeUnit.MINUTES);
      Matcher m = Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+) ").matcher(listening);
      assertThat(m.find()).as(listening).isTrue();
      java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
      java.net.http.HttpResponse<String> models = http.send(java.net.http.HttpRequest.newBuilder(
          java.net.URI.create(m.group(1) + "/v1/models")).timeout(java.time.Duration.ofSeconds(30)).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertThat(models.statusCode()).isEqualTo(200);
      assertThat(models.body()).contains("cli-sim-model");
    } finally {
      p.destroy();
      if (!p.waitFor(1, TimeUnit.MINUTES)) {
        p.destroyForcibly();
      }
    }
  }

  /** The user package of the test classes, with its key catalog registered, as a jar of its own. */
  private Path userJar() throws IOException, java.net.URISyntaxException {
    Path classes = Path.of(UserChat.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path pkg = classes.resolve("dev/infermark/cli/user");
    Path jar = tmp.resolve("user-scenarios.jar");
    try (OutputStream f = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(f);
        Stream<Path> files = Files.list(pkg)) {
      for (Path c : files.filter(p -> p.toString().endsWith(".class")).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(c).toString().replace('\\', '/')));
        out.write(Files.readAllBytes(c));
        out.closeEntry();
      }
      out.putNextEntry(new JarEntry("META-INF/services/dev.infermark.settings.KeyCatalog"));
      out.write((UserKeys.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return jar;
  }

  @Test
  void helpListsEverySettingAndAnUnsupportedAiperfFlagFailsWithItsName() throws Exception {
    Result help = infermark(tmp, "profile", "--help");
    assertThat(help.exit()).isZero();
    for (SettingKey<?> k : SettingsRegistry.load().keys()) {
      assertThat(help.out()).as(k.name()).contains("--" + k.name());
    }

    Result unsupported = infermark(tmp, "profile", "--scenario", "mmlu", "--preset", "smoke", "--request-cancellation-rate",
        "5", "--workers-max", "4");
    assertThat(unsupported.exit()).isEqualTo(2);
    assertThat(unsupported.err()).contains("AIPerf flags infermark does not support: --request-cancellation-rate, --workers-max")
        .contains("--workers-max: infermark runs in one JVM");
    assertThat(unsupported.out()).doesNotContain("infermark: results");
  }

  @Test
  void theIssuesTraceCommandReplaysAMooncakeTraceOnItsTimestamps() throws Exception {
    // infermark profile --input-file trace.jsonl --custom-dataset-type mooncake_trace --fixed-schedule, as README shows
    // it, against the embedded simulator (no --url)
    Files.writeString(tmp.resolve("trace.jsonl"), ProfileCommandTest.MOONCAKE);
    Result r = infermark(tmp, "profile", "--input-file", "trace.jsonl", "--custom-dataset-type", "mooncake_trace",
        "--fixed-schedule", "--prompt-input-tokens-block-size", "10", "--output-artifact-dir",
        tmp.resolve("trace-runs").toString());
    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("no --scenario: running trace-replay").contains("PASSED   trace-replay run");
    JsonNode export = Json.parse(Files.readString(onlyRunFolder(tmp.resolve("trace-runs")).resolve("profile_export_aiperf.json")));
    assertThat(export.at("/request_count/avg").asDouble()).isEqualTo(6);
    assertThat(export.at("/theoretical_prefix_cache_hit/avg").asDouble()).isCloseTo(100.0 * 4 / 12,
        org.assertj.core.data.Offset.offset(0.01));
  }

  @Test
  void anAiperfProfileLineWithoutAScenarioRunsTheSyntheticChatBenchmark() throws Exception {
    // aiperf profile -m M --isl 32 --osl 8 --request-rate 10 --request-rate-mode poisson --goodput ... : aiperf replaced
    Result r = infermark(tmp, "profile", "-m", "chat-model", "--synthetic-input-tokens-mean", "32", "--isl-stddev", "4",
        "--output-tokens-mean", "8", "--request-rate", "10", "--request-rate-mode", "poisson", "--benchmark-duration", "3",
        "--goodput", "time_to_first_token:5000 inter_token_latency:1000", "--random-seed", "5",
        "--output-artifact-dir", tmp.resolve("chat-runs").toString());
    assertThat(r.exit()).as(r.out() + r.err()).isZero();
    assertThat(r.out()).contains("no --scenario: running chat").contains("input 32 ± 4 tokens, output exactly 8 tokens");
    JsonNode export = Json.parse(Files.readString(onlyRunFolder(tmp.resolve("chat-runs")).resolve("profile_export_aiperf.json")));
    assertThat(export.at("/output_sequence_length/min").asDouble()).isEqualTo(8);
    assertThat(export.at("/output_sequence_length/max").asDouble()).isEqualTo(8);
    assertThat(export.at("/good_request_fraction/avg").asDouble()).isEqualTo(1.0);

    Result refused = infermark(tmp, "profile", "--scenario", "mmlu", "--preset", "smoke", "--osl", "64",
        "--output-artifact-dir", tmp.resolve("refused").toString());
    assertThat(refused.exit()).isEqualTo(1);
    assertThat(refused.out()).contains("infermark.osl: mmlu's workload does not read it");
  }

  /**
   * The command line finds its scenarios through the jar's scenario index alone (a jar with one is
   * not scanned): a module compiled without the index's processor, or an index the shading dropped,
   * would leave its scenarios out of every run, silently. Read from the class files, as a scan would.
   */
  @Test
  void theJarsScenarioIndexListsEveryScenarioClassItHolds() throws Exception {
    Path jar = Path.of("target/infermark.jar");
    Set<String> indexed = new TreeSet<>();
    try (ZipFile z = new ZipFile(jar.toFile())) {
      String text = new String(z.getInputStream(z.getEntry("META-INF/infermark/scenarios")).readAllBytes(),
          StandardCharsets.UTF_8);
      text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).forEach(indexed::add);
    }
    Set<String> held = new TreeSet<>();
    try (ScanResult scan = new ClassGraph().overrideClasspath(jar.toString())
        .acceptPackages("dev.infermark").enableClassInfo().enableAnnotationInfo().scan()) {
      scan.getClassesWithAnnotation(Scenario.class.getName()).stream()
          .filter(c -> !c.isAbstract() && !c.isInterface() && !c.isAnnotation()).forEach(c -> held.add(c.getName()));
    }
    assertThat(indexed).contains("dev.infermark.chat.scenarios.ChatScenario").containsAll(held);
  }

  @Test
  void listDescribeAndCompletionKnowTheBuiltInScenarios() throws Exception {
    Result list = infermark(tmp, "list");
    assertThat(list.exit()).isZero();
    assertThat(list.out()).contains("inferencex-agentx-mvp").contains("aa-agentperf-gpt-oss-120b").contains("gsm8k")
        .contains("chat ");

    Result describe = infermark(tmp, "describe", "inferencex-agentx-mvp");
    assertThat(describe.exit()).isZero();
    assertThat(describe.out()).contains("--benchmark-duration >= 900: requires duration >= 900s")
        .contains("--streaming = true (set when unset)").contains("smoke:").contains("submission_valid");

    Result completion = infermark(tmp, "completion");
    assertThat(completion.exit()).isZero();
    assertThat(completion.out()).contains("complete -F").contains("--concurrency").contains("inferencex-agentx-mvp")
        .contains("_picocli_infermark_k8s_render").contains("--api-key-secret");
  }

  @Test
  void theLauncherPassesTheAotCacheBesideTheJarOnlyWhileItIsNewerAndGoesOnWhereTheJvmRefusesIt() throws Exception {
    Assumptions.assumeTrue(Runtime.version().feature() >= 25, "AOT caches from JDK 25");
    // an install: the launcher with the jar beside it, and a "cache" no JVM can map
    Path install = Files.createDirectories(tmp.resolve("install"));
    Files.copy(LAUNCHER, install.resolve("infermark"));
    Path jar = Files.createSymbolicLink(install.resolve("infermark.jar"), Path.of("target/infermark.jar").toAbsolutePath());
    Path aot = Files.writeString(install.resolve("infermark.aot"), "not an AOT cache");
    long jarTime = Files.getLastModifiedTime(jar).toMillis();

    aot.toFile().setLastModified(jarTime + 60_000);
    Result newer = launch(install, "-XX:+PrintCommandLineFlags", "--version");
    assertThat(newer.exit()).as(newer.err()).isZero();
    assertThat(newer.out()).contains("-XX:AOTCache=" + aot).contains("infermark ");
    assertThat(newer.err()).doesNotContain("aot").doesNotContain("AOT");

    aot.toFile().setLastModified(jarTime - 60_000); // the jar was rebuilt since
    Result older = launch(install, "-XX:+PrintCommandLineFlags", "--version");
    assertThat(older.exit()).as(older.err()).isZero();
    assertThat(older.out()).doesNotContain("AOTCache");
  }

  /** {@code bin/infermark ARGS} from {@code install} with {@code javaOpts} as {@code JAVA_OPTS}. */
  private Result launch(Path install, String javaOpts, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", install.resolve("infermark").toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(tmp.toFile());
    pb.environment().put("JAVA_OPTS", javaOpts);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
    return new Result(p.exitValue(), out, err);
  }
}
