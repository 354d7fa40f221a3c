package dev.infermark.accuracy.eval;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.infermark.accuracy.py.Py;

/**
 * An accuracy run's scores, the run's accuracy section that {@link AccuracyCsvFormat} writes:
 * per task (in Python's code point order) and overall.
 *
 * @param benchmark the benchmark's name
 * @param tasks counts per task, in order
 * @param overall counts over every graded response (responses without a task count only here)
 */
public record AccuracyScores(String benchmark, Map<String, AccuracySummary.TaskCounts> tasks,
    AccuracySummary.TaskCounts overall) {
  public AccuracyScores {
    tasks = Collections.unmodifiableMap(new LinkedHashMap<>(tasks));
  }

  /** The CSV text: Python {@code csv.DictWriter} layout, {@code \r\n} line ends, Python float text. */
  public String csv() {
    StringBuilder b = new StringBuilder("task,total,passed,unparsed,accuracy_rate,unparsed_rate\r\n");
    tasks.forEach((t, c) -> row(b, t, c));
    row(b, "OVERALL", overall);
    return b.toString();
  }

  private static void row(StringBuilder b, String task, AccuracySummary.TaskCounts c) {
    b.append(csvField(task)).append(',').append(c.total()).append(',').append(c.passed()).append(',')
        .append(c.unparsed()).append(',').append(Py.repr(c.accuracy())).append(',').append(Py.repr(c.unparsedRate()))
        .append("\r\n");
  }

  static String csvField(String s) {
    if (s.contains(",") || s.contains("\"") || s.contains("\r") || s.contains("\n")) {
      return "\"" + s.replace("\"", "\"\"") + "\"";
    }
    return s;
  }
}
