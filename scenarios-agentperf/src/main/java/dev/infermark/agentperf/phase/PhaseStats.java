package dev.infermark.agentperf.phase;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

import dev.infermark.api.Metric;
import dev.infermark.api.request.RequestRecord;

/**
 * The measurements of one phase's steady-state window, over every request sent in it. Per request:
 * TTFT (ms), output speed (tokens/s after the first token: {@code (OSL-1)/(end-first token)}),
 * E2E speed ({@code OSL/(end-start)}). Token counts are the server's ({@code usage}); failed
 * requests are counted but take no part in the statistics.
 *
 * @param requests requests sent in the window
 * @param errors of which failed
 * @param ttftMs sorted TTFTs (ms)
 * @param outputSpeed sorted output speeds (tokens/s); requests with fewer than 2 output tokens have none
 * @param e2eSpeed sorted E2E speeds (tokens/s)
 * @param outputTokens total output tokens (OSL, reasoning included) of the window's successful requests
 * @param spanSeconds first request start to last response end in the window, or NaN without requests
 */
public record PhaseStats(int requests, int errors, double[] ttftMs, double[] outputSpeed, double[] e2eSpeed,
    long outputTokens, double spanSeconds) {

  /** The statistics of {@code windowRecords}. */
  public static PhaseStats of(List<RequestRecord> windowRecords) {
    int errors = 0;
    double[] ttft = new double[windowRecords.size()];
    double[] speed = new double[windowRecords.size()];
    double[] e2e = new double[windowRecords.size()];
    int nt = 0;
    int ns = 0;
    int ne = 0;
    long tokens = 0;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (RequestRecord r : windowRecords) {
      first = Math.min(first, r.startNs());
      last = Math.max(last, r.endNs());
      if (!r.ok()) {
        errors++;
        continue;
      }
      long t = r.ttftNs();
      if (t >= 0) {
        ttft[nt++] = t / 1e6;
      }
      Integer osl = r.outputSequenceLength();
      if (osl == null) {
        continue;
      }
      tokens += osl;
      if (osl >= 2 && t >= 0 && r.endNs() > r.contentChunkNs()[0]) {
        speed[ns++] = (osl - 1) / ((r.endNs() - r.contentChunkNs()[0]) / 1e9);
      }
      if (osl >= 1 && r.endNs() > r.startNs()) {
        e2e[ne++] = osl / ((r.endNs() - r.startNs()) / 1e9);
      }
    }
    double span = windowRecords.isEmpty() || last <= first ? Double.NaN : (last - first) / 1e9;
    return new PhaseStats(windowRecords.size(), errors, Percentiles.sorted(java.util.Arrays.copyOf(ttft, nt)),
        Percentiles.sorted(java.util.Arrays.copyOf(speed, ns)), Percentiles.sorted(java.util.Arrays.copyOf(e2e, ne)), tokens, span);
  }

  /** System output throughput (tokens/s over the window), or NaN when not measured. */
  public double outputThroughput() {
    return Double.isNaN(spanSeconds) ? Double.NaN : outputTokens / spanSeconds;
  }

  /** The share of failed requests, or NaN without requests. */
  public double errorRate() {
    return requests == 0 ? Double.NaN : (double) errors / requests;
  }

  /** P25 output speed (tokens/s), NaN when not measured. */
  public double p25OutputSpeed() {
    return Percentiles.of(outputSpeed, 25);
  }

  /** P95 TTFT (ms), NaN when not measured. */
  public double p95TtftMs() {
    return Percentiles.of(ttftMs, 95);
  }

  /** P25 E2E speed (tokens/s), NaN when not measured. */
  public double p25E2eSpeed() {
    return Percentiles.of(e2eSpeed, 25);
  }

  /**
   * A statistic by name, as {@code @Slo} names it: metric {@code output_speed} (alias
   * {@code output_token_throughput_per_user}), {@code time_to_first_token} (ms), {@code e2e_speed} (alias
   * {@code e2e_output_token_throughput}),
   * or {@code output_token_throughput} (stat {@code value}); stat {@code avg}, {@code min},
   * {@code max}, {@code pNN} (any percentile, e.g. {@code p25}, {@code p99.9}). Empty when not measured.
   *
   * @throws IllegalArgumentException for an unknown metric or stat
   */
  @SuppressWarnings("deprecation") // OUTPUT_SPEED, E2E_SPEED: AA's names, which @SloTier keeps
  public OptionalDouble stat(String metric, String stat) {
    String s = stat == null || stat.isEmpty() ? "value" : stat.toLowerCase(Locale.ROOT);
    double[] values = switch (Metric.ofTag(metric).orElse(Metric.CUSTOM)) {
      case OUTPUT_SPEED, OUTPUT_TOKEN_THROUGHPUT_PER_USER -> outputSpeed;
      case TIME_TO_FIRST_TOKEN -> ttftMs;
      case E2E_SPEED, E2E_OUTPUT_TOKEN_THROUGHPUT -> e2eSpeed; // AIPerf's name of the same measure
      case OUTPUT_TOKEN_THROUGHPUT -> {
        if (!s.equals("value")) {
          throw new IllegalArgumentException("output_token_throughput has only the stat 'value', not '" + stat + "'");
        }
        yield null;
      }
      default -> throw new IllegalArgumentException("unknown AgentPerf phase metric '" + metric
          + "' (known: output_speed, time_to_first_token, e2e_speed, output_token_throughput)");
    };
    double v;
    if (values == null) {
      v = outputThroughput();
    } else if (s.equals("avg")) {
      v = values.length == 0 ? Double.NaN : java.util.Arrays.stream(values).average().orElse(Double.NaN);
    } else if (s.equals("min")) {
      v = values.length == 0 ? Double.NaN : values[0];
    } else if (s.equals("max")) {
      v = values.length == 0 ? Double.NaN : values[values.length - 1];
    } else if (s.startsWith("p")) {
      double p;
      try {
        p = Double.parseDouble(s.substring(1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("unknown stat '" + stat + "'");
      }
      if (p < 0 || p > 100) {
        throw new IllegalArgumentException("percentile out of range: '" + stat + "'");
      }
      v = Percentiles.of(values, p);
    } else {
      throw new IllegalArgumentException("unknown stat '" + stat + "' for " + metric + " (use avg, min, max or pNN)");
    }
    return Double.isNaN(v) ? OptionalDouble.empty() : OptionalDouble.of(v);
  }
}
