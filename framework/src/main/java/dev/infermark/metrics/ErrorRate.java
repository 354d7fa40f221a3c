package dev.infermark.metrics;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.settings.Keys;

/**
 * Every run's error-rate check: the failed share of its profiling requests against
 * {@code infermark.failed-request-threshold}. A request the run itself cancelled (Ctrl+C, an abort)
 * is left out of both counts; every other failure counts, whoever caused it, so a run whose
 * requests mostly failed is never green. The SLO checks still describe the requests that succeeded.
 *
 * @param requests profiling requests counted (successful and failed)
 * @param failed failed ones among them
 * @param byKind the failed ones by kind, most frequent first
 * @param leftOut requests cancelled by the run, not counted
 * @param threshold the largest failed share that passes
 * @param connectionNote when the run could not reach its server and for how many requests, or {@code null}
 */
public record ErrorRate(long requests, long failed, Map<ErrorKind, Long> byKind, long leftOut, double threshold,
    String connectionNote) {
  public ErrorRate {
    byKind = Map.copyOf(byKind);
  }

  public ErrorRate(long requests, long failed, Map<ErrorKind, Long> byKind, long leftOut, double threshold) {
    this(requests, failed, byKind, leftOut, threshold, null);
  }

  /**
   * This rate with what the run saw of a server it could not reach (when, how many requests), said at
   * the end of {@link #message()}; {@code null} for none.
   */
  public ErrorRate withConnectionNote(String note) {
    return new ErrorRate(requests, failed, byKind, leftOut, threshold, note);
  }

  /**
   * Sums the profiling summaries of a run's trials ({@code null}s, from recordings that keep none,
   * are skipped).
   *
   * @param runCancelled whether the run was cancelled: then its {@code cancelled} records are left out
   */
  public static ErrorRate of(List<Summary> profiling, double threshold, boolean runCancelled) {
    long ok = 0;
    long leftOut = 0;
    Map<ErrorKind, Long> byKind = new EnumMap<>(ErrorKind.class);
    for (Summary s : profiling) {
      if (s == null) {
        continue;
      }
      ok += s.requestCount();
      for (ErrorCount e : s.errors()) {
        if (runCancelled && e.kind() == ErrorKind.CANCELLED) {
          leftOut += e.count();
        } else {
          byKind.merge(e.kind(), e.count(), Long::sum);
        }
      }
    }
    long failed = byKind.values().stream().mapToLong(Long::longValue).sum();
    return new ErrorRate(ok + failed, failed, byKind, leftOut, threshold);
  }

  /** The threshold setting, checked to be a fraction. */
  public static double threshold(dev.infermark.settings.Settings settings) {
    Double t = settings.get(Keys.FAILED_REQUEST_THRESHOLD);
    if (t == null || !(t >= 0 && t <= 1)) {
      throw new IllegalArgumentException(Keys.FAILED_REQUEST_THRESHOLD + ": must be a fraction in [0, 1] (0.1 is 10 %), got " + t);
    }
    return t;
  }

  /** Whether any request was counted. */
  public boolean measured() {
    return requests > 0;
  }

  public double fraction() {
    return requests == 0 ? Double.NaN : failed / (double) requests;
  }

  /** Measured and at most the threshold. */
  public boolean passed() {
    return measured() && fraction() <= threshold;
  }

  /** Failures inside infermark's own client (out of file descriptors, ...), not the server's. */
  public long clientSide() {
    return byKind.getOrDefault(ErrorKind.CLIENT_SIDE, 0L);
  }

  /** The counts by kind: {@code server_error 800, connection_reset 300}. */
  public String kinds() {
    List<Map.Entry<ErrorKind, Long>> e = new ArrayList<>(byKind.entrySet());
    e.sort(Map.Entry.<ErrorKind, Long>comparingByValue().reversed());
    return e.stream().map(x -> x.getKey().name().toLowerCase(Locale.ROOT) + " " + x.getValue())
        .collect(Collectors.joining(", "));
  }

  /** One line for the console and the check's message. */
  public String message() {
    if (!measured()) {
      return "error rate: not measured (no profiling request was recorded"
          + (leftOut > 0 ? "; " + leftOut + " cancelled by the run" : "") + ")";
    }
    StringBuilder b = new StringBuilder("error rate ").append(percent(fraction())).append(": ").append(failed)
        .append(" of ").append(requests).append(" profiling requests failed");
    if (failed > 0) {
      b.append(" (").append(kinds()).append(')');
    }
    b.append(passed() ? ", within " : ", exceeds ").append(Keys.FAILED_REQUEST_THRESHOLD).append('=')
        .append(percent(threshold));
    if (!passed()) {
      b.append("; the SLO checks describe only the ").append(requests - failed).append(" requests that succeeded");
    }
    if (leftOut > 0) {
      b.append("; ").append(leftOut).append(" requests cancelled by the run are not counted");
    }
    if (clientSide() > 0) {
      b.append("; ").append(clientSide()).append(" failed inside infermark's client, not at the server")
          .append(" (see their messages in error_summary: e.g. too many open files: raise ulimit -n or lower the concurrency)");
    }
    if (connectionNote != null) {
      b.append("; ").append(connectionNote);
    }
    return b.toString();
  }

  private static String percent(double f) {
    return String.format(Locale.ROOT, "%.1f %%", 100 * f).replace(".0 %", " %");
  }
}
