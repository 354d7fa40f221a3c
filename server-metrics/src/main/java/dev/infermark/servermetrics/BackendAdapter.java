package dev.infermark.servermetrics;

import java.util.List;

/**
 * Reads one backend's metric names (export names: a counter's {@code _total} dropped) into the
 * derived figures. Engines come before Dynamo, whose frontend adds what the engine lacks and gives
 * the token totals (as InferenceX reads a Dynamo deployment).
 */
public sealed interface BackendAdapter permits VllmAdapter, SglangAdapter, TrtllmAdapter, LlamaCppAdapter, DynamoAdapter {
  List<BackendAdapter> ALL = List.of(new VllmAdapter(), new SglangAdapter(), new TrtllmAdapter(), new LlamaCppAdapter(),
      new DynamoAdapter());

  /** The backend's name in the artifacts. */
  String name();

  /** The metric-name prefix that gives the backend away. */
  String prefix();

  /** Sets the figures this backend knows and that are still unset. */
  void fill(WindowedMetrics m, DerivedFigures d);

  /** Where the backend keeps what changes over a run: names {@link #fill} reads too, drawn over time by the report. */
  ServerSignals signals();

  /** The figures of every backend found in {@code m}. */
  static DerivedFigures derive(WindowedMetrics m) {
    DerivedFigures d = new DerivedFigures();
    for (BackendAdapter a : ALL) {
      if (m.metrics().keySet().stream().anyMatch(n -> n.startsWith(a.prefix()))) {
        d.backends.add(a.name());
        a.fill(m, d);
      }
    }
    return d;
  }

  /** A gauge's window average and maximum in the figure's unit, or {@code null} when none of its names is exposed. */
  static DerivedFigures.Level level(WindowedMetrics m, ServerSignals.Gauge g) {
    DerivedFigures.Level l = g == null ? null : level(m, g.add(), 1, g.names().toArray(String[]::new));
    if (l == null) {
      return null;
    }
    double scale = g.scaleFor(l.max());
    return new DerivedFigures.Level(l.avg() * scale, l.max() * scale);
  }

  /** A gauge's window average and maximum, its series added (request counts) or averaged (usage fractions). */
  static DerivedFigures.Level level(WindowedMetrics m, boolean add, double scale, String... names) {
    for (String n : names) {
      List<double[]> g = m.gauges(n);
      if (g == null || g.isEmpty()) {
        continue;
      }
      double avg = 0;
      double max = add ? 0 : Double.NEGATIVE_INFINITY;
      for (double[] x : g) {
        avg += x[0];
        max = add ? max + x[1] : Math.max(max, x[1]);
      }
      return new DerivedFigures.Level((add ? avg : avg / g.size()) * scale, max * scale);
    }
    return null;
  }

  /** The first histogram of {@code names} that saw observations, as latency figures (its unit: seconds). */
  static DerivedFigures.Latency latency(WindowedMetrics m, String... names) {
    for (String n : names) {
      double[] h = m.histogramPercentiles(n);
      if (h != null) {
        return DerivedFigures.Latency.ofSeconds(h);
      }
    }
    return null;
  }
}
