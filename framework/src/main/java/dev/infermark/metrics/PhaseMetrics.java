package dev.infermark.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import dev.infermark.api.Metric;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;

import static dev.infermark.api.Metric.*;

/**
 * Accumulates one phase's records into what its {@link Summary} needs: exact per-request values of
 * successful requests (a few doubles each), the inter-chunk latencies in an HdrHistogram (they can
 * number billions; 3 significant digits, so percentiles are within 0.1 %; avg, min, max and std
 * are exact), totals, goodput and the error summary. Not thread-safe: the {@link RunRecorder}
 * serialises calls.
 */
public final class PhaseMetrics {
  /** The precision stated for HdrHistogram-based statistics. */
  public static final String HDR_PRECISION = "hdrhistogram:3-significant-digits";

  private final String phase;
  private final Goodput goodput;
  private final Map<Metric, DoubleList> values = new java.util.EnumMap<>(Metric.class);
  private final Histogram icl = new Histogram(3);
  private long iclCount;
  private double iclMean;
  private double iclM2;
  private long iclMin = Long.MAX_VALUE;
  private long iclMax = Long.MIN_VALUE;
  private long minStartNs = Long.MAX_VALUE;
  private long maxEndNs = Long.MIN_VALUE;
  private long ok;
  private long good;
  private long contextOverflows;
  private final Map<List<Object>, long[]> errors = new HashMap<>();

  public PhaseMetrics(String phase, Goodput goodput) {
    this.phase = phase;
    this.goodput = goodput;
    for (Metric m : RecordMetrics.PER_RECORD) {
      if (m != INTER_CHUNK_LATENCY) {
        values.put(m, new DoubleList());
      }
    }
  }

  public void add(RequestRecord r, RecordMetrics m) {
    if (r.startNs() > 0) {
      minStartNs = Math.min(minStartNs, r.startNs());
      maxEndNs = Math.max(maxEndNs, Math.max(r.endNs(), r.startNs()));
    }
    RequestError e = r.error();
    if (e != null) {
      if (e.kind() == ErrorKind.CONTEXT_OVERFLOW) {
        contextOverflows++;
      }
      errors.computeIfAbsent(List.of(e.kind(), e.code(), String.valueOf(e.type()), String.valueOf(e.message())),
          k -> new long[1])[0]++;
      return;
    }
    ok++;
    for (Map.Entry<Metric, DoubleList> v : values.entrySet()) {
      Double x = m.raw(v.getKey());
      if (x != null) {
        v.getValue().add(x);
      }
    }
    for (long d : m.iclNs()) {
      icl.recordValue(Math.max(0, d));
      iclCount++;
      double delta = d - iclMean;
      iclMean += delta / iclCount;
      iclM2 += delta * (d - iclMean);
      iclMin = Math.min(iclMin, d);
      iclMax = Math.max(iclMax, d);
    }
    if (goodput.active() && goodput.good(m)) {
      good++;
    }
  }

  /** Requests seen, successful or not. */
  public long requests() {
    return ok + errors.values().stream().mapToLong(c -> c[0]).sum();
  }

  public Summary summary() {
    List<MetricValue> out = new ArrayList<>();
    for (Metric def : RecordMetrics.PER_RECORD) {
      if (def == INTER_CHUNK_LATENCY) {
        if (iclCount > 0) {
          out.add(new MetricValue.Distribution(def.tag(), def.header(), def.unit(), iclStats().divided(1e6), HDR_PRECISION));
        }
        continue;
      }
      Stats s = Stats.of(values.get(def).toArray());
      if (s != null) {
        out.add(new MetricValue.Distribution(def.tag(), def.header(), def.unit(), s.divided(RecordMetrics.divisor(def)),
            "exact"));
      }
    }
    double durationS = maxEndNs > minStartNs ? (maxEndNs - minStartNs) / 1e9 : Double.NaN;
    long errorCount = requests() - ok;
    scalar(out, REQUEST_THROUGHPUT, ok / durationS);
    if (!values.get(OUTPUT_SEQUENCE_LENGTH).isEmpty()) {
      scalar(out, OUTPUT_TOKEN_THROUGHPUT, values.get(OUTPUT_SEQUENCE_LENGTH).sum() / durationS);
    }
    if (goodput.active()) {
      scalar(out, GOODPUT, good / durationS);
      scalar(out, GOOD_REQUEST_COUNT, good);
      scalar(out, GOOD_REQUEST_FRACTION, ok + errorCount == 0 ? Double.NaN : (double) good / (ok + errorCount));
    }
    scalar(out, REQUEST_COUNT, ok);
    scalar(out, ERROR_REQUEST_COUNT, errorCount);
    scalar(out, COMPLETED_REQUEST_COUNT, ok + errorCount);
    scalar(out, CONTEXT_OVERFLOW_COUNT, contextOverflows);
    scalar(out, BENCHMARK_DURATION, durationS);
    total(out, TOTAL_OUTPUT_TOKENS, OUTPUT_TOKEN_COUNT);
    total(out, TOTAL_OSL, OUTPUT_SEQUENCE_LENGTH);
    total(out, TOTAL_ISL, INPUT_SEQUENCE_LENGTH);
    total(out, TOTAL_REASONING_TOKENS, REASONING_TOKEN_COUNT);
    List<ErrorCount> errs = new ArrayList<>();
    errors.forEach((k, c) -> errs.add(new ErrorCount((ErrorKind) k.get(0), (Integer) k.get(1), (String) k.get(2),
        (String) k.get(3), c[0])));
    errs.sort(Comparator.comparingLong(ErrorCount::count).reversed().thenComparing(ErrorCount::code));
    return new Summary(phase, out, errs);
  }

  private Stats iclStats() {
    double[] p = new double[Stats.PERCENTILES.length];
    for (int i = 0; i < p.length; i++) {
      p[i] = icl.getValueAtPercentile(Stats.PERCENTILES[i]);
    }
    double std = Math.sqrt(iclM2 / iclCount);
    return new Stats(iclCount, iclMean * iclCount, iclMean, iclMin, iclMax, std, p[0], p[1], p[2], p[3], p[4], p[5],
        p[6], p[7], p[8]);
  }

  private void total(List<MetricValue> out, Metric total, Metric of) {
    DoubleList v = values.get(of);
    if (!v.isEmpty()) {
      scalar(out, total, v.sum());
    }
  }

  private static void scalar(List<MetricValue> out, Metric d, double value) {
    if (!Double.isNaN(value) && !Double.isInfinite(value)) {
      out.add(new MetricValue.Scalar(d.tag(), d.header(), d.unit(), value));
    }
  }

  /** A growable array of doubles. */
  private static final class DoubleList {
    private double[] a = new double[64];
    private int n;

    void add(double v) {
      if (n == a.length) {
        a = Arrays.copyOf(a, n * 2);
      }
      a[n++] = v;
    }

    boolean isEmpty() {
      return n == 0;
    }

    double sum() {
      return Stats.sum(a, 0, n);
    }

    double[] toArray() {
      return Arrays.copyOf(a, n);
    }
  }
}
