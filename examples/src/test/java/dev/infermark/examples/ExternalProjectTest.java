package dev.infermark.examples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

import dev.infermark.annotations.Scenario;
import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * A user's scenario project (src/test/external-project) compiles against infermark-api alone and
 * runs with the engine (which brings the framework and the simulator) on the runtime class path
 * only: compiled here with javac whose class path is the API's classes and nothing else, then run
 * through the JUnit Platform launcher like any test class.
 */
class ExternalProjectTest {
  private static final Path PROJECT = Path.of("src/test/external-project/src/test/java");

  @TempDir
  Path dir;

  /** The API's classes (infermark-api's jar, or its classes folder in the reactor): what a user compiles against. */
  private static Path api() throws Exception {
    return Path.of(Scenario.class.getProtectionDomain().getCodeSource().getLocation().toURI());
  }

  /** Compiles {@code sources} with only {@code classPath} (javac's default would be this JVM's whole class path). */
  private static List<String> compile(List<Path> sources, Path classPath, Path out) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, UTF_8)) {
      javac.getTask(null, files, diagnostics, List.of("--release", "21", "-proc:none", "-classpath", classPath.toString(),
          "-d", out.toString()), null, files.getJavaFileObjectsFromPaths(sources)).call();
    }
    return diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
        .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT)).toList();
  }

  @Test
  void theApiAloneHoldsNoFrameworkClass() throws Exception {
    try (URLClassLoader only = new URLClassLoader(new URL[] {api().toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      assertThat(only.loadClass("dev.infermark.api.workload.Conversations")).isNotNull();
      assertThatThrownBy(() -> only.loadClass("dev.infermark.run.HarnessContext")).isInstanceOf(ClassNotFoundException.class);
    }
    // and javac with that class path refuses framework code, so the project below truly saw the API alone
    Path internal = Files.createDirectories(dir.resolve("internal/src")).resolve("UsesFramework.java");
    Files.writeString(internal, "class UsesFramework { dev.infermark.run.HarnessContext ctx; }");
    assertThat(compile(List.of(internal), api(), Files.createDirectories(dir.resolve("internal/classes"))))
        .singleElement().asString().contains("package dev.infermark.run does not exist");
  }

  /** What running one scenario class of the project left: each test's outcome by display name, and its artifacts. */
  private record Ran(Map<String, TestExecutionResult.Status> tests, long failures, Path artifacts) {
    JsonNode export() throws Exception {
      List<Path> runs;
      try (Stream<Path> s = Files.walk(artifacts)) {
        runs = s.filter(p -> p.getFileName().toString().equals("profile_export_aiperf.json")).toList();
      }
      assertThat(runs).hasSize(1);
      return Json.parse(Files.readString(runs.get(0)));
    }

    List<String> phases() throws Exception {
      try (Stream<Path> s = Files.walk(artifacts)) {
        Path jsonl = s.filter(p -> p.getFileName().toString().equals("profile_export.jsonl")).findFirst().orElseThrow();
        return Files.readAllLines(jsonl).stream().map(l -> Json.parse(l).get("metadata").get("benchmark_phase").asString())
            .toList();
      }
    }
  }

  /** Compiles the project against the API alone, then runs {@code className} through the JUnit Platform launcher. */
  private Ran runProjectScenario(String className) throws Exception {
    List<Path> sources;
    try (Stream<Path> s = Files.walk(PROJECT)) {
      sources = s.filter(p -> p.toString().endsWith(".java")).toList();
    }
    assertThat(sources).isNotEmpty();
    Path classes = Files.createDirectories(dir.resolve("classes"));
    assertThat(compile(sources, api(), classes)).as("compiled against infermark-api alone").isEmpty();

    Path artifacts = dir.resolve("artifacts");
    Map<String, TestExecutionResult.Status> tests = new ConcurrentHashMap<>();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    try (URLClassLoader project = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
      Class<?> scenario = project.loadClass(className);
      assertThat(scenario.getClassLoader()).isSameAs(project);
      LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
          .selectors(selectClass(scenario))
          .filters(EngineFilter.includeEngines("infermark"))
          .configurationParameter("infermark.artifact-dir", artifacts.toString())
          .configurationParameter("infermark.random-seed", "42")
          .configurationParameter("infermark.progress-interval", "1h")
          .build();
      LauncherFactory.create().execute(request, summary, new TestExecutionListener() {
        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
          if (id.isTest()) {
            tests.put(id.getDisplayName(), result.getStatus());
          }
        }
      });
    }
    return new Ran(Map.copyOf(tests), summary.getSummary().getTotalFailureCount(), artifacts);
  }

  @Test
  void aProjectCompiledAgainstTheApiAloneRunsOnTheEngine() throws Exception {
    Ran ran = runProjectScenario("com.example.bench.GreetingScenario");
    assertThat(ran.failures()).as("failures").isZero();
    assertThat(ran.tests()).containsEntry("SLO p95 time_to_first_token <= 30 s", TestExecutionResult.Status.SUCCESSFUL)
        .hasSizeGreaterThanOrEqualTo(2).allSatisfy((name, status) -> assertThat(status).as(name)
            .isEqualTo(TestExecutionResult.Status.SUCCESSFUL));

    JsonNode aiperf = ran.export();
    assertThat(aiperf.get("request_count").get("avg").asLong()).as("@Measurement(requests = 6)").isEqualTo(6);
    JsonNode errors = aiperf.get("error_request_count");
    assertThat(errors == null || errors.isNull() ? 0 : errors.get("avg").asLong()).as("no request failed").isZero();
    assertThat(ran.phases()).as("@Warmup(requests = 2), then the measured six, each recorded once")
        .containsExactlyInAnyOrder("warmup", "warmup", "profiling", "profiling", "profiling", "profiling", "profiling",
            "profiling");
  }

  @Test
  void aMethodologyOfItsOwnWrittenAgainstTheApiAloneRunsItsPhasesAndExportsItsSection() throws Exception {
    Ran ran = runProjectScenario("com.example.bench.ProbeScenario");
    assertThat(ran.failures()).as("failures").isZero();
    assertThat(ran.tests()).containsEntry("SLO every probe turn answered", TestExecutionResult.Status.SUCCESSFUL)
        .allSatisfy((name, status) -> assertThat(status).as(name).isEqualTo(TestExecutionResult.Status.SUCCESSFUL));
    assertThat(ran.phases()).as("its own phases: one warmup request, then three measured")
        .containsExactly("warmup", "profiling", "profiling", "profiling");
    JsonNode probe = ran.export().get("probe");
    assertThat(probe).as("its own export section").isNotNull();
    assertThat(probe.get("turns").asInt()).isEqualTo(3);
    assertThat(probe.get("answered").asInt()).isEqualTo(3);
    assertThat(probe.get("phases").toString()).isEqualTo("[\"warmup\",\"profiling\"]");
  }
}
