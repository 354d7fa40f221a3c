package dev.infermark.cli;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

import dev.infermark.engine.InfermarkTestEngine;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.SettingsRegistry;

/**
 * Runs one scenario class through the JUnit Platform launcher with the infermark engine, as Surefire
 * does under {@code mvn test -Dinfermark.scenario=NAME}: the same discovery, runs, checks, console
 * output and artifacts. The command line's settings reach the engine as {@code -Dinfermark.NAME}
 * does (system properties), except secrets, which it gets as {@code INFERMARK_NAME} environment
 * entries (never system properties); an {@code INFERMARK_NAME} variable of the process gives way to
 * a flag for the same setting.
 */
final class ScenarioRun {
  /** Exit status: every run and check passed (skipped checks included). */
  static final int PASSED = 0;
  /** Exit status: a run, an SLO, the error-rate check or the verdict failed, or nothing ran. */
  static final int FAILED = 1;

  /** One test node's outcome, as printed at the end and read by scripts. */
  record Outcome(String status, String name, String message) {}

  private ScenarioRun() {}

  /**
   * Runs {@code scenario} with {@code settings} ({@code NAME -> text}, {@code param.FIELD} for
   * {@code @Param} overrides).
   *
   * @return {@link #PASSED} or {@link #FAILED}
   */
  static int run(Class<?> scenario, Map<String, String> settings, PrintStream out) {
    SettingsRegistry registry = SettingsRegistry.load();
    Map<String, String> environment = new HashMap<>(System.getenv());
    settings.forEach((name, text) -> {
      Optional<SettingKey<?>> key = registry.find(name);
      String variable = key.map(SettingKey::environmentVariable)
          .orElse("INFERMARK_" + name.toUpperCase(java.util.Locale.ROOT).replace('-', '_').replace('.', '_'));
      environment.remove(variable);
      if (key.isPresent() && key.get().secret()) {
        environment.put(variable, text);
      } else {
        System.setProperty("infermark." + name, text);
      }
    });
    InfermarkTestEngine engine = new InfermarkTestEngine(Standard.clients(), Standard.recordings(), environment);
    Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
        .enableTestEngineAutoRegistration(false)
        .addTestEngines(engine)
        .build());
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(scenario)).build();
    Outcomes outcomes = new Outcomes();
    launcher.execute(request, outcomes);
    return outcomes.print(out);
  }

  /** Collects every test node's outcome (run nodes, checks). */
  static final class Outcomes implements TestExecutionListener {
    /** By unique id, in the order the nodes started (a run before its checks). */
    private final Map<String, Outcome> outcomes = new LinkedHashMap<>();
    private final List<String> artifacts = new ArrayList<>();
    private final List<Outcome> containerFailures = new ArrayList<>();
    private TestPlan plan;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
      this.plan = testPlan;
    }

    @Override
    public void executionStarted(TestIdentifier id) {
      if (id.isTest()) {
        outcomes.put(id.getUniqueId(), new Outcome("STARTED", name(id), ""));
      }
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
      if (id.isTest()) {
        outcomes.put(id.getUniqueId(), new Outcome("SKIPPED", name(id), reason));
      }
    }

    /** A check's name after its run's: {@code chat-latency [inputTokens=128] SLO p95 ...}. */
    private String name(TestIdentifier id) {
      Optional<TestIdentifier> parent = plan == null ? Optional.empty() : plan.getParent(id);
      return parent.filter(TestIdentifier::isTest).map(p -> p.getDisplayName() + " " + id.getDisplayName())
          .orElse(id.getDisplayName());
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
      String message = result.getThrowable().map(t -> String.valueOf(t.getMessage())).orElse("");
      String status = switch (result.getStatus()) {
        case SUCCESSFUL -> "PASSED";
        case ABORTED -> "SKIPPED";
        case FAILED -> "FAILED";
      };
      if (id.isTest()) {
        outcomes.put(id.getUniqueId(), new Outcome(status, name(id), message));
      } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
        containerFailures.add(new Outcome(status, id.getDisplayName(), message));
      }
    }

    @Override
    public void reportingEntryPublished(TestIdentifier id, ReportEntry entry) {
      entry.getKeyValuePairs().forEach((k, v) -> {
        if (k.equals("artifacts")) {
          artifacts.add(v);
        }
      });
    }

    /** An outcome as a launcher would report it (tests). */
    void record(Outcome o) {
      outcomes.put(o.name(), o);
    }

    List<Outcome> outcomes() {
      return List.copyOf(outcomes.values());
    }

    /** How the engine starts a skipped check's reason when its run failed. */
    private static final String RUN_FAILED = "the run failed: ";

    /** What a message says went wrong: its first line, without the engine's "the run failed: " or " ...". */
    private static String cause(String message) {
      String first = message.lines().findFirst().orElse("");
      first = first.startsWith(RUN_FAILED) ? first.substring(RUN_FAILED.length()) : first;
      return first.endsWith(" ...") ? first.substring(0, first.length() - 4) : first;
    }

    /** Prints one line per outcome, then the tally; returns the exit status. */
    int print(PrintStream out) {
      out.println();
      out.println("infermark: results");
      List<Outcome> all = new ArrayList<>(containerFailures);
      all.addAll(outcomes.values());
      java.util.Set<String> said = new java.util.HashSet<>();
      for (Outcome o : all) {
        String line = String.format("  %-8s %s", o.status(), o.name());
        // A failure repeats one printed before when all of it is the same; a skip's reason, when its first line is.
        String full = o.message().startsWith(RUN_FAILED) ? o.message().substring(RUN_FAILED.length()) : o.message();
        String key = o.status().equals("FAILED") ? full : cause(o.message());
        boolean repeat = said.contains(key);
        said.add(full);
        said.add(cause(o.message()));
        if (!o.message().isEmpty() && !o.status().equals("PASSED") && repeat) {
          // One mistake, one message: every @Param run (and its checks) met the same one.
          line += ": " + (o.message().startsWith(RUN_FAILED) ? RUN_FAILED : "") + "the same as above";
        } else if (!o.message().isEmpty() && !o.status().equals("PASSED")) {
          // A failure in full (a lock violation names each setting, why, and what to do on lines of its
          // own); a skip's reason in one line.
          List<String> message = o.status().equals("FAILED") ? o.message().lines().toList()
              : List.of(o.message().lines().findFirst().orElse(""));
          line += ": " + message.getFirst();
          for (String more : message.subList(1, message.size())) {
            line += "\n" + " ".repeat(11) + more;
          }
        }
        out.println(line);
      }
      long failed = all.stream().filter(o -> o.status().equals("FAILED")).count();
      long passed = all.stream().filter(o -> o.status().equals("PASSED")).count();
      long skipped = all.stream().filter(o -> o.status().equals("SKIPPED")).count();
      artifacts.forEach(a -> out.println("infermark: artifacts " + a));
      out.printf("infermark: %d passed, %d failed, %d skipped%n", passed, failed, skipped);
      if (outcomes.isEmpty()) {
        out.println("infermark: nothing ran");
        return FAILED;
      }
      return failed > 0 ? FAILED : PASSED;
    }
  }
}
