package dev.infermark.baseline;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.infermark.api.Stat;
import dev.infermark.artifact.RunFolders;
import dev.infermark.json.Json;
import dev.infermark.metrics.MetricDefs;
import dev.infermark.slo.SloSpec;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.verdict.VerdictTable;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run's regression gate ({@code infermark.baseline}), resolved when the run is discovered: the
 * baseline read (a run of the same scenario, {@code latest} taken as it is then, or another tool's
 * result), and the statistics to compare (the run's {@code @Slo}s on infermark's metrics and
 * {@code regression-metrics}), each a test node. After the run, {@link #check} judges each and writes
 * {@code regression.json} into the run's folder.
 *
 * @param baseline the baseline run
 * @param checks the statistics compared, in order
 * @param threshold the largest tolerated worsening
 * @param confidence the intervals' confidence level
 * @param resamples bootstrap resamples
 */
public record RegressionGate(ComparedRun baseline, List<RegressionCheck> checks, double threshold, double confidence,
    int resamples) {
  /** The file written into the run's folder. */
  public static final String FILE = "regression.json";
  /** Settings that differ between any two runs without changing what was measured. */
  private static final Set<String> IGNORED = Set.of(Keys.ARTIFACT_DIR.name(), Keys.PROGRESS_INTERVAL.name(),
      BaselineKeys.BASELINE.name(), BaselineKeys.REGRESSION_THRESHOLD.name(), BaselineKeys.REGRESSION_METRICS.name(),
      BaselineKeys.REGRESSION_RESAMPLES.name(), "run-id", Keys.RESULT_FORMATS.name());

  /**
   * What one run's gate found.
   *
   * @param results one per check
   * @param differences the settings whose values differ from the baseline's: name, then {baseline, current}
   * @param file the {@code regression.json} written
   */
  public record Report(List<RegressionResult> results, Map<String, List<String>> differences, Path file) {
    /** The verdict table's rows. */
    public List<VerdictTable.Row> rows() {
      return results.stream().map(r -> new VerdictTable.Row(r.judged() ? r.passed() : null, "regression " + r.check().displayName(),
          r.change(), "worse by <= " + SloSpec.fmt(r.threshold() * 100) + " %")).toList();
    }
  }

  /**
   * The gate of a run of {@code scenario}, or empty without {@code infermark.baseline}.
   *
   * @param slos the run's SLOs
   * @throws IllegalArgumentException naming the setting: no such folder, a run of another scenario,
   *     nothing to compare, a bad {@code regression-metrics} entry
   */
  public static Optional<RegressionGate> of(String scenario, Settings s, List<SloSpec> slos) {
    String text = s.get(BaselineKeys.BASELINE);
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    Path dir;
    if (text.strip().equals(RunFolders.LATEST)) {
      Path scenarioDir = Path.of(s.get(Keys.ARTIFACT_DIR)).resolve(scenario).toAbsolutePath();
      dir = RunFolders.latest(scenarioDir).orElseThrow(() -> new IllegalArgumentException(BaselineKeys.BASELINE
          + "=latest: " + scenarioDir + " has no run of " + scenario + " yet to compare with"));
    } else {
      dir = Path.of(text.strip()).toAbsolutePath().normalize();
    }
    ComparedRun run;
    try {
      run = ComparedRun.read(dir);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      throw new IllegalArgumentException(BaselineKeys.BASELINE + ": " + e.getMessage(), e);
    }
    if (run.scenario() != null && !run.scenario().equals(scenario)) {
      throw new IllegalArgumentException(BaselineKeys.BASELINE + ": " + dir + " is a run of scenario '" + run.scenario()
          + "', not '" + scenario + "': a baseline must be a run of the same scenario");
    }
    Map<String, RegressionCheck> checks = new LinkedHashMap<>();
    for (SloSpec slo : slos) {
      if (slo.tier().isBlank() && MetricDefs.get(slo.metric()) != null && knownStat(slo.stat())) {
        RegressionCheck c = new RegressionCheck(slo.metric(), slo.stat());
        checks.putIfAbsent(c.id(), c);
      }
    }
    for (String entry : s.get(BaselineKeys.REGRESSION_METRICS)) {
      RegressionCheck c = RegressionCheck.parse(entry);
      checks.putIfAbsent(c.id(), c);
    }
    if (checks.isEmpty()) {
      throw new IllegalArgumentException(BaselineKeys.BASELINE + " is set, but " + scenario + " has nothing to compare: no "
          + "@Slo on one of infermark's metrics; name some with " + BaselineKeys.REGRESSION_METRICS
          + " (e.g. request_latency:p50)");
    }
    double threshold = s.get(BaselineKeys.REGRESSION_THRESHOLD);
    if (!(threshold >= 0)) {
      throw new IllegalArgumentException(BaselineKeys.REGRESSION_THRESHOLD + " must be 0 or more, got " + threshold);
    }
    int resamples = s.get(BaselineKeys.REGRESSION_RESAMPLES);
    if (resamples < 100) {
      throw new IllegalArgumentException(BaselineKeys.REGRESSION_RESAMPLES + " must be at least 100, got " + resamples);
    }
    return Optional.of(new RegressionGate(run, List.copyOf(checks.values()), threshold, s.get(Keys.CONFIDENCE_LEVEL),
        resamples));
  }

  private static boolean knownStat(String stat) {
    try {
      Stat.of(stat);
      return !stat.equals("count");
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** Judges the run in {@code runDir} (one trial or {@code run_N} trials) and writes {@code regression.json} there. */
  public Report check(Path runDir) {
    ComparedRun current = ComparedRun.read(runDir);
    List<RegressionResult> results = new ArrayList<>();
    for (RegressionCheck c : checks) {
      results.add(judge(c, current));
    }
    Map<String, List<String>> differences = differences(baseline.settings(), current.settings());
    Path file = runDir.resolve(FILE);
    try {
      Files.writeString(file, Json.PRETTY.writeValueAsString(json(results, differences)), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
    return new Report(results, differences, file);
  }

  private RegressionResult judge(RegressionCheck c, ComparedRun current) {
    double[] ta = baseline.trialValues(c.metric(), c.stat().equals("value") ? "avg" : c.stat());
    double[] tb = current.trialValues(c.metric(), c.stat().equals("value") ? "avg" : c.stat());
    if (ta.length >= 2 && tb.length >= 2) {
      return new RegressionResult(c, ChangeInterval.trials(ta, tb, confidence), threshold, confidence, null);
    }
    if (c.stat().equals("value")) {
      return new RegressionResult(c, null, threshold, confidence, "a per-run value needs num-profile-runs >= 2 on both "
          + "runs for a confidence interval (baseline " + ta.length + ", this run " + tb.length + " trial(s))");
    }
    double[] a = baseline.samples(c.metric());
    double[] b = current.samples(c.metric());
    if (a.length < 2 || b.length < 2) {
      return new RegressionResult(c, null, threshold, confidence, "per-request values: baseline " + a.length
          + ", this run " + b.length + " (" + baseline.tool().title() + (a.length < 2 && baseline.tool() == ComparedRun.Tool.VLLM
              ? " results hold summary statistics only)" : ")"));
    }
    // The same seed for the same pair of runs: the interval does not move between two reads.
    long seed = (long) a.length * 1_000_003L + b.length + c.id().hashCode();
    return new RegressionResult(c, ChangeInterval.bootstrap(a, b, c.stat(), resamples, confidence, seed), threshold,
        confidence, null);
  }

  /** Settings present on both sides with different values (volatile ones left out). */
  static Map<String, List<String>> differences(Map<String, String> baseline, Map<String, String> current) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : baseline.entrySet()) {
      String now = current.get(e.getKey());
      if (now != null && !IGNORED.contains(e.getKey()) && !now.equals(e.getValue())) {
        out.put(e.getKey(), List.of(e.getValue(), now));
      }
    }
    return out;
  }

  private ObjectNode json(List<RegressionResult> results, Map<String, List<String>> differences) {
    ObjectNode o = Json.object();
    ObjectNode b = o.putObject("baseline");
    b.put("path", baseline.path().toString());
    b.put("tool", baseline.tool().title());
    if (baseline.scenario() != null) {
      b.put("scenario", baseline.scenario());
    }
    o.put("threshold", threshold);
    o.put("confidence_level", confidence);
    o.put("passed", results.stream().allMatch(RegressionResult::passed));
    ArrayNode d = o.putArray("settings_differ");
    differences.forEach((k, v) -> d.addObject().put("setting", k).put("baseline", v.get(0)).put("current", v.get(1)));
    ArrayNode r = o.putArray("checks");
    results.forEach(x -> r.add(x.toJson()));
    return o;
  }

  /** The console lines of a report: the verdict table, then the settings that differ. */
  public List<String> lines(String run, Report report) {
    List<String> out = new ArrayList<>(VerdictTable.lines(run + ": regression gate against " + baseline.path()
        + (baseline.tool() == ComparedRun.Tool.INFERMARK ? "" : " (" + baseline.tool().title() + ")"), report.rows()));
    if (!report.differences().isEmpty()) {
      List<String> d = new ArrayList<>();
      report.differences().forEach((k, v) -> d.add(k + " " + v.get(0) + " -> " + v.get(1)));
      out.add("  settings that differ from the baseline's: " + String.join(", ", d));
    }
    out.add("  " + FILE + ": " + report.file());
    return out;
  }
}
