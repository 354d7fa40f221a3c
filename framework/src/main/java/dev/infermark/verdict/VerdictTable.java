package dev.infermark.verdict;

import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.infermark.lock.SubmissionVerdict;
import dev.infermark.metrics.ErrorRate;
import dev.infermark.api.RunResult;
import dev.infermark.slo.SloResult;

/**
 * The end-of-run verdicts of one run as an aligned console table: each SLO (✓/✗, tier, stat and
 * metric, measured value with unit, threshold), the error-rate check, {@code submission_valid}
 * with its reasons, then the run's answer ({@link RunResult.Headline}: AgentPerf's capacity per
 * tier, accuracy per task).
 */
public final class VerdictTable {
  private static final String[] HEAD = {"", "check", "measured", "threshold"};

  private VerdictTable() {}

  /** The table's lines, marks as ✓/✗ when the console can print them, else PASS/FAIL. */
  public static List<String> lines(String run, List<SloResult> slos, ErrorRate errorRate,
      Optional<SubmissionVerdict> verdict, List<RunResult.Headline> headlines) {
    return lines(run, slos, errorRate, verdict, headlines, unicodeConsole());
  }

  static List<String> lines(String run, List<SloResult> slos, ErrorRate errorRate, Optional<SubmissionVerdict> verdict,
      List<RunResult.Headline> headlines, boolean unicode) {
    String pass = unicode ? "✓" : "PASS";
    String fail = unicode ? "✗" : "FAIL";
    String skip = unicode ? "–" : "n/a";
    List<String[]> rows = new ArrayList<>();
    for (SloResult r : slos) {
      String check = (r.tier().isBlank() ? "" : "[" + r.tier() + "] ") + ("value".equals(r.stat()) ? "" : r.stat() + " ")
          + r.metric();
      String measured = r.measured().isPresent()
          ? SloResult.fmt(r.measured().getAsDouble()) + (r.unit().isBlank() ? "" : " " + r.unit())
          : "not measured";
      if (!r.judged()) {
        measured += " (not judged)"; // a run that did not complete: shown, neither passed nor failed
      }
      rows.add(new String[] {!r.judged() ? skip : r.passed() ? pass : fail, check, measured, r.thresholdWithUnit()});
    }
    rows.add(new String[] {
        errorRate.requests() > 0 ? errorRate.errorsWithin() ? pass : fail : skip,
        "error_rate",
        errorRate.requests() > 0 ? percent(errorRate.fraction()) + " (" + errorRate.failed() + " of " + errorRate.requests()
            + ")" : "not measured",
        "<= " + percent(errorRate.threshold())});
    if (errorRate.cutOff() > 0) {
      // The harness's own boundary, apart from the server's failures (ErrorRate).
      rows.add(new String[] {errorRate.cutOffWithin() ? pass : fail, "cut_off",
          percent(errorRate.cutOffFraction()) + " (" + errorRate.cutOff() + " of " + (errorRate.requests()
              + errorRate.cutOff()) + ")", "<= " + percent(errorRate.cutOffThreshold())});
    }
    verdict.ifPresent(v -> rows.add(new String[] {
        v.valid() ? pass : v.reasons().equals(List.of(SubmissionVerdict.UNSAFE_OVERRIDE)) ? skip : fail,
        "submission_valid", Boolean.toString(v.valid()), v.valid() ? "" : "reasons " + String.join(", ", v.reasons())}));
    List<String> out = new ArrayList<>();
    out.add("infermark: " + run + ": verdicts");
    int[] w = widths(rows, HEAD);
    out.add(row(HEAD, w));
    rows.forEach(r -> out.add(row(r, w)));
    if (!headlines.isEmpty()) {
      List<String[]> hs = new ArrayList<>();
      headlines.forEach(h -> hs.add(new String[] {"", h.group(), h.name(), unicode ? h.value() : h.value().replace("≥", ">=")}));
      String[] head = {"", "", "result", "value"};
      int[] hw = widths(hs, head);
      out.add("infermark: " + run + ": results");
      hs.forEach(r -> out.add(row(r, hw)));
    }
    return out;
  }

  /**
   * One row of a table of other checks (a search's result, a regression gate's comparisons).
   *
   * @param passed whether it passed; {@code null} when it could not be judged
   */
  public record Row(Boolean passed, String check, String measured, String threshold) {}

  /** Such a table, headed {@code infermark: <title>}, in the verdicts' columns and marks. */
  public static List<String> lines(String title, List<Row> rows) {
    return lines(title, rows, unicodeConsole());
  }

  static List<String> lines(String title, List<Row> rows, boolean unicode) {
    List<String[]> cells = new ArrayList<>();
    for (Row r : rows) {
      String mark = r.passed() == null ? unicode ? "–" : "n/a" : r.passed() ? unicode ? "✓" : "PASS" : unicode ? "✗" : "FAIL";
      cells.add(new String[] {mark, r.check(), unicode ? r.measured() : r.measured().replace("≥", ">="), r.threshold()});
    }
    List<String> out = new ArrayList<>();
    out.add("infermark: " + title);
    int[] w = widths(cells, HEAD);
    out.add(row(HEAD, w));
    cells.forEach(c -> out.add(row(c, w)));
    return out;
  }

  private static int[] widths(List<String[]> rows, String[] head) {
    int[] w = new int[head.length];
    for (int i = 0; i < head.length; i++) {
      w[i] = head[i].codePointCount(0, head[i].length());
    }
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        w[i] = Math.max(w[i], r[i].codePointCount(0, r[i].length()));
      }
    }
    return w;
  }

  private static String row(String[] cells, int[] w) {
    StringBuilder b = new StringBuilder("  ");
    for (int i = 0; i < cells.length; i++) {
      b.append(cells[i]);
      if (i < cells.length - 1) {
        b.append(" ".repeat(w[i] - cells[i].codePointCount(0, cells[i].length()) + 2));
      }
    }
    return b.toString().stripTrailing();
  }

  private static String percent(double f) {
    return String.format(java.util.Locale.ROOT, "%.2f %%", 100 * f).replace(".00 %", " %");
  }

  /** Whether standard output can print ✓ and ✗ (a POSIX locale prints them as '?'). */
  static boolean unicodeConsole() {
    String enc = System.getProperty("stdout.encoding");
    try {
      Charset cs = enc == null ? Charset.defaultCharset() : Charset.forName(enc);
      return cs.newEncoder().canEncode("✓✗–");
    } catch (RuntimeException e) {
      return false;
    }
  }
}
