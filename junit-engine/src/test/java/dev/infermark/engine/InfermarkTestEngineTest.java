package dev.infermark.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns;
import static org.junit.platform.engine.discovery.PackageNameFilter.excludePackageNames;
import static org.junit.platform.engine.discovery.PackageNameFilter.includePackageNames;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;
import static org.junit.platform.testkit.engine.EventConditions.abortedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;
import static org.junit.platform.testkit.engine.EventConditions.started;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.EventConditions.uniqueIdSubstring;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.EngineExecutionResults;

import dev.infermark.engine.fixtures.BrokenScenario;
import dev.infermark.engine.fixtures.FailingScenario;
import dev.infermark.engine.fixtures.FixedResultScenario;
import dev.infermark.engine.fixtures.LockedScenario;
import dev.infermark.engine.fixtures.NoDatasetScenario;
import dev.infermark.engine.fixtures.SettingsEchoScenario;

class InfermarkTestEngineTest {
  @TempDir
  Path artifacts;

  private EngineTestKit.Builder kit(DiscoverySelector... selectors) {
    return EngineTestKit.engine(TestRuntime.engine()).selectors(selectors)
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.progress-interval", "1h");
  }

  @Test
  void classSelectorRunsEveryParameterWithOneNodePerSlo() {
    EngineExecutionResults r = kit(selectClass(FixedResultScenario.class)).execute();
    // 2 runs, each a test with an error_rate child (aborted: the fixture sends no request) and 3 SLO children: 10 tests
    r.testEvents().assertStatistics(s -> s.started(10).succeeded(4).failed(4).aborted(2));
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("SLO p95 time_to_first_token <= 150"), uniqueIdSubstring("scale=1"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("SLO p95 time_to_first_token <= 150"), uniqueIdSubstring("scale=2"),
            finishedWithFailure(message(m -> m.contains("measured 200 ms") && m.contains("violates <= 150 ms")))))
        .haveExactly(1, event(test(), displayName("SLO p95 time_to_first_token <= 0.12 s"), uniqueIdSubstring("scale=2"),
            finishedWithFailure(message(m -> m.contains("measured 0.2 s")))))
        .haveExactly(1, event(test(), displayName("SLO accuracy >= 0.5"), uniqueIdSubstring("scale=1"),
            finishedWithFailure(message(m -> m.contains("not measured")))))
        .haveExactly(1, event(test(), displayName("SLO accuracy >= 0.5"), uniqueIdSubstring("scale=2"),
            finishedWithFailure(message(m -> m.contains("not measured")))));
  }

  @Test
  void methodSelectorSelectsTheScenario() throws NoSuchMethodException {
    kit(selectMethod(FixedResultScenario.class, "load")).execute().testEvents().assertStatistics(s -> s.started(10));
  }

  @Test
  void packageSelectorScansAndHonoursClassNameFilters() {
    // The scan finds the package's scenarios (discovered, not run: running all of them costs half a minute).
    assertThat(kit(selectPackage("dev.infermark.engine.fixtures")).discover().getEngineDescriptor().getChildren())
        .map(d -> d.getUniqueId().getLastSegment().getValue())
        .contains(FixedResultScenario.class.getName(), SettingsEchoScenario.class.getName(), LockedScenario.class.getName())
        .hasSizeGreaterThanOrEqualTo(10);
    EngineExecutionResults some = kit(selectPackage("dev.infermark.engine.fixtures"))
        .filters(includeClassNamePatterns(".*FixedResult.*")).execute();
    some.testEvents().assertStatistics(s -> s.started(10));
  }

  @Test
  void classpathRootSelectorScans() throws URISyntaxException {
    Path root = Path.of(FixedResultScenario.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    EngineExecutionResults r = kit(selectClasspathRoots(Set.of(root)).toArray(DiscoverySelector[]::new))
        .filters(includeClassNamePatterns(".*FixedResult.*")).execute();
    r.testEvents().assertStatistics(s -> s.started(10));
  }

  @Test
  void uniqueIdSelectsOneRunOrOneSlo() {
    UniqueId scenario = UniqueId.forEngine("infermark").append("scenario", FixedResultScenario.class.getName());
    UniqueId run = scenario.append("run", "scale=2");
    kit(selectUniqueId(run)).execute().testEvents().assertStatistics(s -> s.started(5));
    UniqueId slo = run.append("slo", "p95:time_to_first_token<=150");
    EngineExecutionResults one = kit(selectUniqueId(slo)).execute();
    one.testEvents().assertStatistics(s -> s.started(2).failed(1).succeeded(1));
    kit(selectUniqueId(scenario)).execute().testEvents().assertStatistics(s -> s.started(10));
  }

  @Test
  void uniqueIdSelectsTheErrorRateOrTheVerdictAlone() {
    UniqueId run = UniqueId.forEngine("infermark").append("scenario", FixedResultScenario.class.getName()).append("run", "scale=1");
    EngineExecutionResults r = kit(selectUniqueId(run.append("check", "error_rate"))).execute();
    r.testEvents().assertStatistics(s -> s.started(2));
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("error_rate"), started()));
    UniqueId locked = UniqueId.forEngine("infermark").append("scenario", LockedScenario.class.getName()).append("run", "default");
    EngineExecutionResults v = kit(selectUniqueId(locked.append("verdict", "submission_valid"))).execute();
    v.testEvents().assertStatistics(s -> s.started(2).succeeded(2));
    v.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("submission_valid"), finishedSuccessfully()));
  }

  @Test
  void aUniqueIdAndItsScenarioTogetherSelectEachNodeOnce() {
    UniqueId scenario = UniqueId.forEngine("infermark").append("scenario", FixedResultScenario.class.getName());
    kit(selectUniqueId(scenario.append("run", "scale=2").append("slo", "p95:time_to_first_token<=150")),
        selectClass(FixedResultScenario.class)).execute().testEvents().assertStatistics(s -> s.started(10));
  }

  @Test
  void aUniqueIdOfARunThisDiscoveryDoesNotHaveSelectsNothing() {
    UniqueId scenario = UniqueId.forEngine("infermark").append("scenario", FixedResultScenario.class.getName());
    EngineTestKit.Builder k = kit(selectUniqueId(scenario.append("run", "scale=3")));
    assertThat(k.discover().getEngineDescriptor().getDescendants()).noneMatch(d -> d.getUniqueId().toString().contains("scale="));
  }

  @Test
  void packageNameFiltersApplyToScans() {
    EngineExecutionResults none = kit(selectPackage("dev.infermark.engine.fixtures"))
        .filters(excludePackageNames("dev.infermark.engine.fixtures")).execute();
    none.testEvents().assertStatistics(s -> s.started(0));
    EngineExecutionResults some = kit(selectPackage("dev.infermark.engine"))
        .filters(includePackageNames("dev.infermark.engine.invalid"), includeClassNamePatterns(".*TypoLock.*")).execute();
    some.testEvents().assertStatistics(s -> s.started(1).failed(1));
  }

  @Test
  void aMethodSelectorOfAnotherMethodSelectsNothingAndSaysWhichMethodWouldInOneLine() {
    var discovered = kit(selectMethod(FixedResultScenario.class, "toString")).discover();
    assertThat(discovered.getEngineDescriptor().getChildren()).isEmpty();
    assertThat(discovered.getDiscoveryIssues()).singleElement().satisfies(i -> {
      assertThat(i.message()).isEqualTo("method selector " + FixedResultScenario.class.getName() + "#toString selects "
          + "nothing: the scenario's @Workload method is load (select " + FixedResultScenario.class.getName()
          + "#load, or the class)");
      assertThat(i.cause()).isEmpty();
    });
  }

  @Test
  void everyNodesUniqueIdIsPrintedWhenVerboseAndListedInItsRunFolderAndSelectsItAlone() throws Exception {
    java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
    java.io.PrintStream console = System.out;
    System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      kit(selectClass(FixedResultScenario.class)).configurationParameter("infermark.preflight", "false")
          .configurationParameter("infermark.verbose", "true").execute();
    } finally {
      System.setOut(console);
    }
    String slo = "[engine:infermark]/[scenario:" + FixedResultScenario.class.getName() + "]/[run:scale=1]/"
        + "[slo:p95%3Atime_to_first_token<=150]";
    assertThat(printed.toString(java.nio.charset.StandardCharsets.UTF_8))
        .contains("infermark: unique id of fixed-result [scale=1] SLO p95 time_to_first_token <= 150: " + slo + "\n");
    Path run = dev.infermark.artifact.RunFolders.all(artifacts).stream()
        .filter(p -> p.getFileName().toString().endsWith("-scale=1")).findFirst().orElseThrow();
    java.util.List<String> lines = java.nio.file.Files.readAllLines(run.resolve("unique_ids.txt"));
    assertThat(lines).hasSize(5).contains(slo + "\tfixed-result [scale=1] SLO p95 time_to_first_token <= 150");
    for (String line : lines) {
      String id = line.substring(0, line.indexOf('\t'));
      var plan = kit(selectUniqueId(id)).discover().getEngineDescriptor();
      java.util.List<String> leaves = new java.util.ArrayList<>();
      plan.accept(d -> {
        if (d.getChildren().isEmpty()) {
          leaves.add(d.getUniqueId().toString());
        }
      });
      if (id.endsWith("[run:scale=1]")) {
        assertThat(leaves).as(id).hasSize(4).allMatch(l -> l.startsWith(id + "/"));
      } else {
        assertThat(leaves).as(id).containsExactly(id);
      }
      assertThat(plan.findByUniqueId(UniqueId.parse(id))).as(id).isPresent();
    }
  }

  @Test
  void theEnvironmentCountsAtDiscoveryToo() {
    // INFERMARK_SCENARIO and INFERMARK_PARAM_* are read by discovery with the one precedence (-D < environment)
    EngineTestKit.engine(TestRuntime.engine(Map.of("INFERMARK_SCENARIO", "fixed-result", "INFERMARK_PARAM_SCALE", "2")))
        .selectors(selectClass(LockedScenario.class))
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.param.scale", "1")
        .execute().testEvents().assertStatistics(s -> s.started(5))
        .assertThatEvents().haveExactly(1, event(test(), displayName("fixed-result [scale=2]"), finishedSuccessfully()));
  }

  @Test
  void executionUsesTheSettingsDiscoveryRead() {
    String key = "infermark.concurrency";
    String prior = System.getProperty(key);
    System.setProperty(key, "5");
    try {
      Launcher launcher = LauncherFactory.create(LauncherConfig.builder().enableTestEngineAutoRegistration(false)
          .addTestEngines(TestRuntime.engine()).build());
      TestPlan plan = launcher.discover(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(SettingsEchoScenario.class))
          .configurationParameter("infermark.url", "127.0.0.1:9")
          .configurationParameter("infermark.artifact-dir", artifacts.toString()).build());
      System.setProperty(key, "7"); // after discovery: not seen by the run
      Map<String, String> entries = new java.util.HashMap<>();
      launcher.execute(plan, new TestExecutionListener() {
        @Override
        public void reportingEntryPublished(TestIdentifier id, ReportEntry entry) {
          entries.putAll(entry.getKeyValuePairs());
        }
      });
      assertThat(entries).containsEntry("concurrency", "5@SYSTEM_PROPERTY");
    } finally {
      if (prior == null) {
        System.clearProperty(key);
      } else {
        System.setProperty(key, prior);
      }
    }
  }

  @Test
  void paramOverrideReplacesAnnotationValues() {
    kit(selectClass(FixedResultScenario.class)).configurationParameter("infermark.param.scale", "1")
        .execute().testEvents().assertStatistics(s -> s.started(5));
  }

  @Test
  void lockViolationsAreAllListedInOneError() {
    EngineExecutionResults r = kit(selectClass(LockedScenario.class))
        .configurationParameter("infermark.streaming", "false")
        .configurationParameter("infermark.benchmark-duration", "60")
        .configurationParameter("infermark.extra-inputs", "{\"ignore_eos\": \"no\"}")
        .configurationParameter("infermark.concurrency", "8,16")
        .execute();
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("locked-fixture run"),
        finishedWithFailure(message(m -> m.contains("(4 conflicts)")
            && m.contains("infermark.streaming: got 'false', required 'true' (TTFT needs streaming)")
            && m.contains("infermark.extra-inputs.ignore_eos: got 'no', required 'true'")
            && m.contains("infermark.benchmark-duration: got '60', required '>= 900'")
            && m.contains("infermark.concurrency: got '8,16', required 'a single value'")
            && m.contains("unsafe-override")))));
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("submission_valid"),
        skippedWithReason(reason -> reason.startsWith("the run failed"))));
  }

  @Test
  void unsafeOverrideRunsAndStampsSubmissionInvalid() {
    EngineExecutionResults r = kit(selectClass(LockedScenario.class))
        .configurationParameter("infermark.streaming", "false")
        .configurationParameter("infermark.unsafe-override", "true")
        .execute();
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("locked-fixture run"), finishedSuccessfully()))
        .haveExactly(1, event(test(), displayName("submission_valid"),
            abortedWithReason(message(m -> m.contains("unsafe_override")))));
  }

  @Test
  void unsetLockedValuesAreInjectedAndTheRunIsValid() {
    EngineExecutionResults r = kit(selectClass(LockedScenario.class)).execute();
    r.testEvents().assertThatEvents()
        .haveExactly(1, event(test(), displayName("submission_valid"), finishedSuccessfully()));
  }

  @Test
  void nonBypassableViolationAbortsEvenWithUnsafeOverride() {
    EngineExecutionResults r = kit(selectClass(NoDatasetScenario.class))
        .configurationParameter("infermark.unsafe-override", "true").execute();
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), displayName("no-dataset-fixture run"),
        finishedWithFailure(message(m -> m.contains("cannot be bypassed")
            && m.contains("infermark.public-dataset: got None, required 'one of infermark.public-dataset'")))));
  }

  @Test
  void unknownSettingFailsWithDidYouMean() {
    EngineExecutionResults r = kit(selectClass(FixedResultScenario.class))
        .configurationParameter("infermark.concurency", "4").execute();
    r.testEvents().assertThatEvents().haveAtLeastOne(event(test(),
        finishedWithFailure(message(m -> m.contains("unknown setting infermark.concurency")
            && m.contains("did you mean infermark.concurrency?")))));
  }

  @Test
  void brokenScenarioFailsWithTheReason() {
    kit(selectClass(BrokenScenario.class)).execute().testEvents().assertThatEvents().haveExactly(1,
        event(test(), finishedWithFailure(message(m -> m.contains("needs exactly one @Workload method")))));
  }

  @Test
  void failingLoadGeneratorFailsTheRunAndSkipsItsChecks() {
    EngineExecutionResults r = kit(selectClass(FailingScenario.class)).execute();
    r.testEvents().assertStatistics(s -> s.started(1).failed(1).skipped(2));
  }

  @Test
  void namedScenarioIsDiscoveredWhenNothingIsSelected() {
    // Surefire executes with a second request that selects only the classes its first discovery found tests in
    EngineTestKit.engine(TestRuntime.engine())
        .configurationParameter("infermark.url", "127.0.0.1:9")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.scenario", "fixed-result")
        .execute().testEvents().assertStatistics(s -> s.started(10));
  }

  @Test
  void namedScenarioSettingSelectsExactlyThatScenario() {
    EngineExecutionResults r = kit(selectClass(LockedScenario.class))
        .configurationParameter("infermark.scenario", "fixed-result").execute();
    r.testEvents().assertStatistics(s -> s.started(10));
  }
}
