package dev.infermark.engine.execution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.FileEntry;
import org.junit.platform.engine.reporting.ReportEntry;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import dev.infermark.artifact.RunFolders;
import dev.infermark.baseline.RegressionGate;
import dev.infermark.baseline.RegressionResult;
import dev.infermark.engine.descriptor.BrokenScenarioDescriptor;
import dev.infermark.engine.descriptor.ErrorRateDescriptor;
import dev.infermark.engine.descriptor.RegressionDescriptor;
import dev.infermark.engine.descriptor.RunDescriptor;
import dev.infermark.engine.descriptor.ScenarioDescriptor;
import dev.infermark.engine.descriptor.SearchDescriptor;
import dev.infermark.engine.descriptor.SloDescriptor;
import dev.infermark.engine.descriptor.VerdictDescriptor;
import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.ErrorRate;
import dev.infermark.run.Cancellation;
import dev.infermark.run.RunOutcome;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.settings.Keys;
import dev.infermark.slo.SloResult;
import dev.infermark.sweep.LoadSweeps;
import dev.infermark.sweep.SearchOutcome;
import dev.infermark.sweep.SearchRunner;
import dev.infermark.sweep.SweepFiles;
import dev.infermark.verdict.VerdictTable;

/**
 * Executes the descriptor tree: each run on the scenario runner (its load generator uses virtual
 * threads; a run with an SLA search runs its probes, {@link SearchRunner}), then its error-rate, SLO,
 * verdict, search and regression checks as tests. The runs of a scenario that differ in a load
 * setting are then also written as one sweep ({@link LoadSweeps}). Listener events are fired from
 * this thread only.
 */
public final class ScenarioExecutor {
  private final EngineExecutionListener listener;
  private final ScenarioRunner runner;
  private final java.util.function.Consumer<String> out;
  private final Cancellation cancellation = new Cancellation();

  /** @param out the console, where a run that cannot start says why at once, in full */
  public ScenarioExecutor(EngineExecutionListener listener, ScenarioRunner runner, java.util.function.Consumer<String> out) {
    this.listener = listener;
    this.runner = runner;
    this.out = out;
  }

  public void execute(TestDescriptor engine) {
    listener.executionStarted(engine);
    for (TestDescriptor child : engine.getChildren()) {
      if (child instanceof ScenarioDescriptor sd) {
        executeScenario(sd);
      } else if (child instanceof BrokenScenarioDescriptor broken) {
        listener.executionStarted(broken);
        listener.executionFinished(broken, TestExecutionResult.failed(broken.problem()));
      }
    }
    listener.executionFinished(engine, TestExecutionResult.successful());
  }

  private void executeScenario(ScenarioDescriptor sd) {
    listener.executionStarted(sd);
    List<LoadSweeps.Finished> finished = new ArrayList<>();
    for (TestDescriptor child : sd.getChildren()) {
      if (child instanceof RunDescriptor rd) {
        if (cancellation.cancelled()) {
          listener.executionSkipped(rd, "the run was cancelled");
        } else {
          RunOutcome o = executeRun(rd);
          if (o != null && rd.search().isEmpty()) {
            finished.add(new LoadSweeps.Finished(rd.params(), rd.settings().settings(), o));
          }
        }
      }
    }
    if (!cancellation.cancelled()) {
      writeSweep(sd, finished);
    }
    listener.executionFinished(sd, TestExecutionResult.successful());
  }

  /** The runs that differ in a load setting, as one sweep beside them; its files on the scenario node. */
  private void writeSweep(ScenarioDescriptor sd, List<LoadSweeps.Finished> finished) {
    try {
      LoadSweeps.of(sd.model(), finished).ifPresent(sweep -> {
        Path dir = SweepFiles.write(SweepFiles.folder(Path.of(finished.get(0).settings().get(Keys.ARTIFACT_DIR)), sweep, ""),
            sweep, line -> out.accept(line.startsWith("infermark:") ? line : "infermark: " + sd.model().name() + ": " + line));
        listener.reportingEntryPublished(sd, ReportEntry.from("sweep", dir.toString()));
        for (Path file : RunFolders.files(dir)) {
          listener.fileEntryPublished(sd, FileEntry.from(file, mediaType(file)));
        }
      });
    } catch (RuntimeException e) {
      out.accept("infermark: WARNING " + sd.model().name() + ": the sweep could not be written: " + e.getMessage());
    }
  }

  /** Runs one run (or its search) and its checks; returns what it produced, or {@code null} when it failed. */
  private RunOutcome executeRun(RunDescriptor rd) {
    listener.executionStarted(rd);
    RunOutcome outcome;
    SearchOutcome search = null;
    try {
      dev.infermark.lock.LockChecker.Outcome settings;
      try {
        settings = rd.settings();
      } catch (RuntimeException cannotStart) {
        // Found at discovery (a lock violation, an unknown setting): errors first, every line of it.
        List<String> lines = String.valueOf(cannotStart.getMessage()).lines().toList();
        out.accept("infermark: " + rd.getDisplayName() + " cannot start: " + lines.getFirst());
        lines.subList(1, lines.size()).forEach(l -> out.accept("infermark: " + l));
        throw cannotStart;
      }
      if (Boolean.TRUE.equals(settings.settings().get(dev.infermark.settings.Keys.VERBOSE))) {
        uniqueIds(rd).forEach((node, id) -> out.accept("infermark: unique id of " + node + ": " + id));
      }
      if (rd.search().isPresent()) {
        SearchRunner.Result r = SearchRunner.run(runner, rd.model(), rd.params(), settings, rd.search().get(),
            cancellation, out);
        search = r.search();
        outcome = r.representative();
        String title = rd.getDisplayName() + ": search";
        VerdictTable.lines(title, List.of(new VerdictTable.Row(search.passed(), "search " + search.plan().setting().name(),
            search.measured(), "largest passing, precision " + search.plan().precision()))).forEach(out);
        out.accept("  probes: " + search.probes(true) + "; search folder: " + r.folder());
        listener.reportingEntryPublished(rd, ReportEntry.from("search", r.folder().toString()));
        for (Path file : RunFolders.files(r.folder())) {
          listener.fileEntryPublished(rd, FileEntry.from(file, mediaType(file)));
        }
      } else {
        outcome = runner.run(rd.model(), rd.params(), settings, cancellation);
      }
    } catch (Throwable t) {
      for (TestDescriptor check : rd.getChildren()) {
        listener.executionSkipped(check, "the run failed: " + firstLine(t.getMessage()));
      }
      listener.executionFinished(rd, TestExecutionResult.failed(t));
      return null;
    }
    RegressionGate.Report regression = null;
    String gateProblem = null;
    if (rd.gate().isPresent() && !outcome.cancelled()) {
      try {
        regression = rd.gate().get().check(outcome.artifactDir());
        rd.gate().get().lines(rd.getDisplayName(), regression).forEach(out);
      } catch (RuntimeException e) {
        gateProblem = e.getMessage();
        out.accept("infermark: " + rd.getDisplayName() + ": the regression gate could not compare: " + gateProblem);
      }
    }
    Map<String, String> entries = new java.util.LinkedHashMap<>(outcome.result().reportEntries());
    entries.put("artifacts", outcome.artifactDir().toString());
    outcome.verdict().ifPresent(v -> entries.put("submission_valid", Boolean.toString(v.valid())));
    listener.reportingEntryPublished(rd, ReportEntry.from(entries));
    if (!outcome.consoleLines().isEmpty()) {
      // The run's own output (summary tables, verdicts) on its node: IDEs and XML reports show it there.
      listener.reportingEntryPublished(rd, ReportEntry.from("output", String.join("\n", outcome.consoleLines())));
    }
    writeUniqueIds(rd, outcome.artifactDir());
    // The run folder's files (report.html included, written by the runner before it returned) as
    // attachments of the run node: reports that handle file entries link them there.
    for (java.nio.file.Path file : RunFolders.files(outcome.artifactDir())) {
      listener.fileEntryPublished(rd, FileEntry.from(file, mediaType(file)));
    }

    for (TestDescriptor check : rd.getChildren()) {
      listener.executionStarted(check);
      if (check instanceof ErrorRateDescriptor) {
        ErrorRate e = outcome.errorRate();
        if (e.requests() > 0) {
          listener.reportingEntryPublished(check, ReportEntry.from("measured", Double.toString(e.fraction())));
        }
        if (e.cutOff() > 0) {
          listener.reportingEntryPublished(check, ReportEntry.from("cut_off", Double.toString(e.cutOffFraction())));
        }
        listener.executionFinished(check, e.passed() ? TestExecutionResult.successful()
            : e.measured() ? TestExecutionResult.failed(new AssertionFailedError(named(rd, e.checkMessage())))
            : TestExecutionResult.aborted(new TestAbortedException(e.message())));
      } else if (check instanceof SloDescriptor slo) {
        SloResult o = outcome.slos().stream().filter(r -> r.id().equals(slo.slo().id())).findFirst()
            .orElseGet(() -> slo.slo().result(outcome.result()));
        listener.reportingEntryPublished(check, ReportEntry.from(sloEntries(o)));
        listener.executionFinished(check, !o.judged()
            ? TestExecutionResult.aborted(new TestAbortedException(named(rd, o.message())))
            : o.passed() ? TestExecutionResult.successful()
            : TestExecutionResult.failed(new AssertionFailedError(named(rd, o.message()))));
      } else if (check instanceof SearchDescriptor) {
        SearchOutcome s = search;
        if (s == null) {
          listener.executionFinished(check, TestExecutionResult.aborted(new TestAbortedException("no search ran")));
        } else {
          listener.reportingEntryPublished(check, ReportEntry.from(Map.of("largest_passing", s.measured(),
              "probes", s.probes(true))));
          listener.executionFinished(check, s.passed() ? TestExecutionResult.successful()
              : TestExecutionResult.failed(new AssertionFailedError(named(rd, s.message()))));
        }
      } else if (check instanceof RegressionDescriptor rc) {
        RegressionResult r = regression == null ? null : regression.results().stream()
            .filter(x -> x.check().id().equals(rc.check().id())).findFirst().orElse(null);
        if (r == null || !r.judged()) {
          listener.executionFinished(check, TestExecutionResult.aborted(new TestAbortedException(r != null ? r.message()
              : outcome.cancelled() ? "the run was cancelled" : "regression " + rc.check().displayName()
                  + ": the baseline could not be compared: " + gateProblem)));
        } else {
          listener.reportingEntryPublished(check, ReportEntry.from("change", r.change()));
          listener.executionFinished(check, r.passed() ? TestExecutionResult.successful()
              : TestExecutionResult.failed(new AssertionFailedError(named(rd, r.message()))));
        }
      } else if (check instanceof VerdictDescriptor) {
        Optional<SubmissionVerdict> v = outcome.verdict();
        if (v.isEmpty()) {
          listener.executionFinished(check, TestExecutionResult.aborted(new TestAbortedException("no verdict stamped")));
        } else if (v.get().valid()) {
          listener.executionFinished(check, TestExecutionResult.successful());
        } else if (v.get().reasons().equals(java.util.List.of(SubmissionVerdict.UNSAFE_OVERRIDE))) {
          // The user bypassed the locks on purpose (infermark.unsafe-override, e.g. the smoke preset):
          // the run is not a submission, so its check does not apply rather than fail.
          listener.executionFinished(check, TestExecutionResult.aborted(new TestAbortedException(
              "submission_valid: false, reasons [unsafe_override]: the run bypassed the scenario's locks on purpose, "
                  + "so it is not a submission")));
        } else {
          listener.executionFinished(check, TestExecutionResult.failed(new AssertionFailedError(
              named(rd, "submission_valid: false, reasons " + v.get().reasons()))));
        }
      } else {
        listener.executionFinished(check, TestExecutionResult.successful());
      }
    }
    listener.executionFinished(rd, outcome.aborted().isPresent()
        ? TestExecutionResult.failed(new AssertionFailedError("run aborted: " + outcome.aborted().get()
            + "; partial artifacts in " + outcome.artifactDir()))
        : outcome.cancelled()
            ? TestExecutionResult.aborted(new TestAbortedException("run cancelled; partial artifacts in " + outcome.artifactDir()))
            : TestExecutionResult.successful());
    return outcome;
  }

  /** The unique ids of a run's node and its checks, by node name: what the IDE and --select-unique-id take. */
  private static Map<String, String> uniqueIds(RunDescriptor rd) {
    Map<String, String> ids = new java.util.LinkedHashMap<>();
    ids.put(rd.getDisplayName(), rd.getUniqueId().toString());
    for (TestDescriptor check : rd.getChildren()) {
      ids.put(rd.getDisplayName() + " " + check.getDisplayName(), check.getUniqueId().toString());
    }
    return ids;
  }

  /** {@code unique_ids.txt} in the run folder: one node a line, its unique id, a tab, its name. */
  private static void writeUniqueIds(RunDescriptor rd, java.nio.file.Path runDir) {
    if (!java.nio.file.Files.isDirectory(runDir)) {
      return;
    }
    StringBuilder b = new StringBuilder();
    uniqueIds(rd).forEach((node, id) -> b.append(id).append('\t').append(node).append('\n'));
    try {
      java.nio.file.Files.writeString(runDir.resolve(UNIQUE_IDS), b);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + runDir.resolve(UNIQUE_IDS) + ": " + e.getMessage(), e);
    }
  }

  /** The file of a run folder that lists its test nodes' unique ids. */
  public static final String UNIQUE_IDS = "unique_ids.txt";

  /**
   * A check's failure message, led by the run's name when it has parameters: Surefire's console
   * summary names a failure by class and method only, the same for every parameter run.
   */
  private static String named(RunDescriptor rd, String message) {
    return rd.params().values().isEmpty() ? message : rd.getDisplayName() + ": " + message;
  }

  /** What an SLO node publishes, passing or not: measured value (or "not measured"), unit, threshold, verdict. */
  private static Map<String, String> sloEntries(SloResult o) {
    Map<String, String> e = new java.util.LinkedHashMap<>();
    e.put("measured", o.measured().isPresent() ? SloResult.fmt(o.measured().getAsDouble()) : "not measured");
    if (!o.unit().isBlank()) {
      e.put("unit", o.unit());
    }
    e.put("threshold", o.thresholdWithUnit());
    e.put("passed", o.judged() ? Boolean.toString(o.passed()) : "not judged");
    return e;
  }

  /** The media type of an artifact by its extension, or null (none stated) for others. */
  private static String mediaType(java.nio.file.Path file) {
    String name = file.getFileName().toString();
    String ext = name.substring(name.lastIndexOf('.') + 1);
    return switch (ext) {
      case "json" -> "application/json";
      case "jsonl" -> "application/jsonl";
      case "csv" -> "text/csv";
      case "html" -> "text/html";
      case "txt", "log" -> "text/plain";
      default -> null;
    };
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl) + " ...";
  }
}
