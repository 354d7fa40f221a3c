package dev.infermark.metrics;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;
import dev.infermark.settings.Keys;

/**
 * Every run's {@code error_rate} check, one rule for how a profiling request ended (AIPerf's: a
 * response still pending when the grace period runs out is not part of the metrics, nor a failure):
 * <ul>
 *   <li>a request that failed by the server's or the client's doing (HTTP errors, lost connections,
 *       timeouts, {@code client_side}) is a failure: the <b>error rate</b> is the failed share of the
 *       requests that ended on their own, against {@code failed-request-threshold};
 *   <li>a request the harness stopped at its own boundary ({@link RequestError#isCutOff cut off}: a grace
 *       period ran out, an AgentPerf phase stopped its agents) is no failure, but is counted apart: the
 *       <b>cut-off share</b> of all profiling requests, against {@code cut-off-threshold}, so a server that
 *       hangs requests is still caught;
 *   <li>a request the run cancelled (Ctrl+C, an abort) says nothing about the server: left out.
 * </ul>
 * The check passes when both shares are within their thresholds; the SLO checks describe the
 * requests that succeeded.
 *
 * @param requests profiling requests that ended on their own (successful and failed)
 * @param failed failed ones among them
 * @param byKind the failed ones by kind, most frequent first
 * @param leftOut requests cancelled by the run, not counted
 * @param threshold the largest failed share that passes
 * @param cutOff profiling requests the harness cut off at its own boundary
 * @param cutOffThreshold the largest cut-off share (of {@code requests + cutOff}) that passes
 * @param connectionNote when the run could not reach its server and for how many requests, or {@code null}
 */
public record ErrorRate(long requests, long failed, Map<ErrorKind, Long> byKind, long leftOut, double threshold,
    long cutOff, double cutOffThreshold, String connectionNote) {
  public ErrorRate {
    byKind = Map.copyOf(byKind);
  }

  public ErrorRate(long requests, long failed, Map<ErrorKind, Long> byKind, long leftOut, double threshold, long cutOff,
      double cutOffThreshold) {
    this(requests, failed, byKind, leftOut, threshold, cutOff, cutOffThreshold, null);
  }

  /**
   * This rate with what the run saw of a server it could not reach (when, how many requests), said at
   * the end of {@link #message()}; {@code null} for none.
   */
  public ErrorRate withConnectionNote(String note) {
    return new ErrorRate(requests, failed, byKind, leftOut, threshold, cutOff, cutOffThreshold, note);
  }

  /**
   * Sums the profiling summaries of a run's trials ({@code null}s, from recordings that keep none,
   * are skipped).
   *
   * @param runCancelled whether the run was cancelled: then its {@code cancelled} records (not cut off) are left out
   */
  public static ErrorRate of(List<Summary> profiling, double threshold, double cutOffThreshold, boolean runCancelled) {
    long ok = 0;
    long leftOut = 0;
    long cutOff = 0;
    Map<ErrorKind, Long> byKind = new EnumMap<>(ErrorKind.class);
    for (Summary s : profiling) {
      if (s == null) {
        continue;
      }
      ok += s.requestCount();
      for (ErrorCount e : s.errors()) {
        if (e.kind() == ErrorKind.CANCELLED && RequestError.CUT_OFF.equals(e.type())) {
          cutOff += e.count();
        } else if (runCancelled && e.kind() == ErrorKind.CANCELLED) {
          leftOut += e.count();
        } else {
          byKind.merge(e.kind(), e.count(), Long::sum);
        }
      }
    }
    long failed = byKind.values().stream().mapToLong(Long::longValue).sum();
    return new ErrorRate(ok + failed, failed, byKind, leftOut, threshold, cutOff, cutOffThreshold);
  }

  /** The threshold setting, checked to be a fraction. */
  public static double threshold(dev.infermark.settings.Settings settings) {
    return fraction(settings, Keys.FAILED_REQUEST_THRESHOLD);
  }

  /** The cut-off threshold setting, checked to be a fraction. */
  public static double cutOffThreshold(dev.infermark.settings.Settings settings) {
    return fraction(settings, Keys.CUT_OFF_THRESHOLD);
  }

  private static double fraction(dev.infermark.settings.Settings settings, dev.infermark.settings.SettingKey<Double> key) {
    Double t = settings.get(key);
    if (t == null || !(t >= 0 && t <= 1)) {
      throw new IllegalArgumentException(key + ": must be a fraction in [0, 1] (0.1 is 10 %), got " + t);
    }
    return t;
  }

  /** Whether any request was counted (ended on its own, or cut off). */
  public boolean measured() {
    return requests + cutOff > 0;
  }

  /** The failed share of the requests that ended on their own; NaN when none did. */
  public double fraction() {
    return requests == 0 ? Double.NaN : failed / (double) requests;
  }

  /** The cut-off share of the profiling requests counted; NaN when none was. */
  public double cutOffFraction() {
    return measured() ? cutOff / (double) (requests + cutOff) : Double.NaN;
  }

  /** The failed share within its threshold (vacuously, when every request was cut off). */
  public boolean errorsWithin() {
    return requests == 0 || fraction() <= threshold;
  }

  /** The cut-off share within its threshold. */
  public boolean cutOffWithin() {
    return cutOff == 0 || cutOffFraction() <= cutOffThreshold;
  }

  /** Measured, and both shares within their thresholds. */
  public boolean passed() {
    return measured() && errorsWithin() && cutOffWithin();
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

  /** The error-rate line, for the console. */
  public String message() {
    if (!measured()) {
      return "error rate: not measured (no profiling request was recorded"
          + (leftOut > 0 ? "; " + leftOut + " cancelled by the run" : "") + ")";
    }
    if (requests == 0) {
      return "error rate: not measured (no profiling request ended before the run cut it off)";
    }
    StringBuilder b = new StringBuilder("error rate ").append(percent(fraction())).append(": ").append(failed)
        .append(" of ").append(requests).append(" profiling requests failed");
    if (failed > 0) {
      b.append(" (").append(kinds()).append(')');
    }
    b.append(errorsWithin() ? ", within " : ", exceeds ").append(Keys.FAILED_REQUEST_THRESHOLD).append('=')
        .append(percent(threshold));
    if (!errorsWithin()) {
      b.append("; the SLO checks describe only the ").append(requests - failed).append(" requests that succeeded");
    }
    if (cutOff > 0) {
      b.append("; the ").append(cutOff).append(" cut off at the end are counted apart");
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

  /** The cut-off line, for the console: its own line whenever a request was cut off. */
  public String cutOffMessage() {
    StringBuilder b = new StringBuilder("cut off ").append(percent(cutOffFraction())).append(": ").append(cutOff)
        .append(" of ").append(requests + cutOff).append(" profiling requests were still in flight when the run cut "
            + "them off (a grace period ran out)");
    b.append(cutOffWithin() ? ", within " : ", exceeds ").append(Keys.CUT_OFF_THRESHOLD).append('=')
        .append(percent(cutOffThreshold));
    if (!cutOffWithin()) {
      b.append("; the server did not finish them: does it hang requests? (if they were only slow, raise "
          + "benchmark-grace-period)");
    }
    return b.toString();
  }

  /** The console's lines: the error rate, then the cut-offs when there were any. */
  public List<String> lines() {
    return cutOff > 0 ? List.of(message(), cutOffMessage()) : List.of(message());
  }

  /** The check's message: what failed first. */
  public String checkMessage() {
    if (cutOff > 0 && !cutOffWithin()) {
      return errorsWithin() ? cutOffMessage() + "; " + message() : message() + "; " + cutOffMessage();
    }
    return cutOff > 0 ? message() + "; " + cutOffMessage() : message();
  }

  private static String percent(double f) {
    return String.format(Locale.ROOT, "%.1f %%", 100 * f).replace(".0 %", " %");
  }
}
