package dev.infermark.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.infermark.lock.LockChecker;
import dev.infermark.run.Cancellation;
import dev.infermark.run.RunOutcome;
import dev.infermark.scenario.RunParams;
import dev.infermark.scenario.ScenarioModel;
import dev.infermark.scenario.ScenarioRunner;
import dev.infermark.slo.SloSpec;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.settings.Source;

/**
 * Runs one SLA search: each probe is a whole run of the scenario (its own folder, artifacts and
 * verdicts) with the searched setting at the probe's value; a probe passes when every check of the
 * run passes ({@link SweepPoint#failures}). The probes form a {@link Sweep} written beside the runs.
 */
public final class SearchRunner {
  /**
   * What the search did.
   *
   * @param search its outcome
   * @param points one point per probe, in probe order
   * @param representative the run the search's checks report: the largest passing probe, else the first
   * @param folder the search's folder ({@code sweep.json}, {@code sweep.html})
   */
  public record Result(SearchOutcome search, List<SweepPoint> points, RunOutcome representative, Path folder) {}

  /** Thrown out of a probe when the run was cancelled: the search stops where it is. */
  static final class Stopped extends RuntimeException {
    Stopped() {
      super("the search was cancelled", null, false, false);
    }
  }

  private SearchRunner() {}

  /**
   * Searches, running probes on {@code runner}.
   *
   * @param locks the run's settings resolved at discovery (the searched setting unset)
   * @throws Exception a probe's failure (its artifacts are written; the search stops)
   */
  public static Result run(ScenarioRunner runner, ScenarioModel model, RunParams params, LockChecker.Outcome locks,
      SearchPlan plan, Cancellation cancellation, Consumer<String> out) throws Exception {
    SweptSetting setting = plan.setting();
    Map<Double, RunOutcome> runs = new LinkedHashMap<>();
    List<SweepPoint> points = new ArrayList<>();
    String title = model.name() + (params.values().isEmpty() ? "" : " [" + params.id() + "]");
    out.accept("infermark: " + title + ": searching " + plan.describe());
    LimitSearch.Outcome outcome;
    try {
      outcome = plan.search().run(value -> {
        if (cancellation.cancelled()) {
          throw new Stopped();
        }
        String text = setting.format(value);
        out.accept("infermark: " + title + ": search probe " + (points.size() + 1) + ": " + setting.name() + "=" + text);
        Settings s = locks.settings().with(setting.name(), text, Source.SCENARIO);
        Map<String, String> p = new LinkedHashMap<>(params.values());
        p.put(setting.name(), text);
        RunOutcome o;
        try {
          o = runner.run(model, new RunParams(p), LockChecker.apply(model.name(), model.locks(), s), cancellation);
        } catch (InterruptedException | RuntimeException e) {
          throw e;
        } catch (Exception e) {
          throw new ProbeFailed(e);
        }
        if (runs.isEmpty() && !s.wasRead(setting.name())) {
          throw new IllegalArgumentException(model.name() + " never read infermark." + setting.name() + ": its load "
              + "generator cannot be searched over it (a methodology with its own search, such as AA-AgentPerf, runs it "
              + "with its own settings)");
        }
        runs.put(value, o);
        SweepPoint point = SweepPoint.of(new RunParams(p).id(), "", value, o);
        points.add(point);
        if (o.cancelled()) {
          throw new Stopped();
        }
        return point.pass();
      });
    } catch (ProbeFailed e) {
      throw e.cause;
    } catch (Stopped e) {
      outcome = null;
    }
    RunOutcome representative = outcome != null && outcome.found() ? runs.get(outcome.largestPass())
        : runs.isEmpty() ? null : runs.values().iterator().next();
    if (outcome == null) {
      // Cancelled: the probes so far, as a search that did not converge.
      List<LimitSearch.Step> steps = new ArrayList<>();
      for (SweepPoint p : points) {
        steps.add(new LimitSearch.Step(p.value(), p.pass(), LimitSearch.EXPONENTIAL));
      }
      double pass = points.stream().filter(SweepPoint::pass).mapToDouble(SweepPoint::value).max().orElse(0);
      double fail = points.stream().filter(p -> !p.pass()).mapToDouble(SweepPoint::value).min().orElse(Double.NaN);
      outcome = new LimitSearch.Outcome(pass, fail, false, false, steps);
      if (representative == null) {
        throw new IllegalStateException("the search was cancelled before its first probe");
      }
    }
    SearchOutcome search = new SearchOutcome(plan, outcome);
    List<String> checks = representative.slos().stream().filter(r -> r.tier().isBlank()).map(r -> r.metric().isEmpty()
        ? r.message() : ("value".equals(r.stat()) ? "" : r.stat() + " ") + r.metric() + " " + r.thresholdWithUnit()).toList();
    List<String> all = new ArrayList<>(checks);
    all.add("error_rate <= " + SloSpec.fmt(representative.errorRate().threshold() * 100) + " %");
    Sweep sweep = new Sweep(model.name(), setting, all, points, search);
    Path folder = SweepFiles.folder(Path.of(locks.settings().get(Keys.ARTIFACT_DIR)), sweep, params.folderSuffix());
    SweepFiles.write(folder, sweep, line -> out.accept(line.startsWith("infermark:") ? line : "infermark: " + line));
    return new Result(search, points, representative, folder);
  }

  /** A probe's checked exception, carried out of the search's probe interface. */
  private static final class ProbeFailed extends RuntimeException {
    final Exception cause;

    ProbeFailed(Exception cause) {
      super(cause.getMessage(), cause, false, false);
      this.cause = cause;
    }
  }
}
