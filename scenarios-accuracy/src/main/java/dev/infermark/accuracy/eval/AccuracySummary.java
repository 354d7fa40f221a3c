package dev.infermark.accuracy.eval;

import dev.infermark.accuracy.py.Py;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per-task and overall counts, and their CSV ({@code accuracy_results.csv}) and console forms.
 * Responses without a task count only in the overall numbers.
 */
public final class AccuracySummary {
  /** Counts of one task. */
  public record TaskCounts(int total, int passed, int unparsed) {
    public double accuracy() {
      return (double) passed / total;
    }

    public double unparsedRate() {
      return (double) unparsed / total;
    }
  }

  private final Map<String, int[]> tasks = new TreeMap<>(Py.CODE_POINT_ORDER);
  private int total;
  private int passed;
  private int unparsed;

  public synchronized void add(String task, boolean correct, boolean wasUnparsed) {
    total++;
    passed += correct ? 1 : 0;
    unparsed += wasUnparsed ? 1 : 0;
    if (task != null) {
      int[] c = tasks.computeIfAbsent(task, k -> new int[3]);
      c[0]++;
      c[1] += correct ? 1 : 0;
      c[2] += wasUnparsed ? 1 : 0;
    }
  }

  public synchronized TaskCounts overall() {
    return new TaskCounts(total, passed, unparsed);
  }

  /** Tasks sorted by name (code point order, as Python sorts). */
  public synchronized Map<String, TaskCounts> tasks() {
    Map<String, TaskCounts> m = new TreeMap<>(Py.CODE_POINT_ORDER);
    tasks.forEach((k, c) -> m.put(k, new TaskCounts(c[0], c[1], c[2])));
    return m;
  }

  /** An immutable snapshot of the counts, the run's accuracy section ({@code accuracy_results.csv}). */
  public AccuracyScores scores(String benchmark) {
    return new AccuracyScores(benchmark, tasks(), overall());
  }

  /** The console table ({@code Accuracy Benchmark Results}), one string per line. */
  public List<String> table() {
    Map<String, TaskCounts> t = tasks();
    TaskCounts o = overall();
    int w = Math.max(30, t.keySet().stream().mapToInt(String::length).max().orElse(0));
    List<String> lines = new ArrayList<>();
    String fmt = "%-" + w + "s  %8s  %8s  %8s  %8s";
    lines.add("Accuracy Benchmark Results");
    lines.add(String.format(fmt, "Task", "Correct", "Total", "Unparsed", "Accuracy"));
    lines.add("-".repeat(w + 40));
    t.forEach((k, c) -> lines.add(String.format(fmt, k, c.passed(), c.total(), c.unparsed(), Py.percent2(c.accuracy()))));
    if (o.total() > 0) {
      lines.add("-".repeat(w + 40));
      lines.add(String.format(fmt, "OVERALL", o.passed(), o.total(), o.unparsed(), Py.percent2(o.accuracy())));
      if (o.unparsed() == o.total()) {
        lines.add("Warning: every accuracy response was unparsed (accuracy=0). The grader could not extract an answer from "
            + "any model output. Verify the inference server returns valid completions for this benchmark before trusting "
            + "the accuracy CSV.");
      }
    }
    return lines;
  }
}
