package dev.infermark.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

import dev.infermark.json.Json;
import dev.infermark.json.JsonLines;
import dev.infermark.servermetrics.BackendAdapter;
import dev.infermark.servermetrics.ServerMetricsExport;
import dev.infermark.servermetrics.ServerSignals;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server over time, from {@code server_metrics_export.jsonl} (one line per scrape): per
 * endpoint, KV-cache usage and running and waiting requests at each scrape, and prefix-cache hit
 * rates per scrape interval (the increase of hits over the increase of queries between two
 * consecutive lines). The metric names are the backend adapters' ({@link ServerSignals}); on each
 * endpoint the first backend that exposes a signal gives it, engines before Dynamo, as for the
 * derived figures. What the server did not expose is absent, never 0: a chart without any series
 * is replaced by a line saying so.
 *
 * <p>Counters: the first line of an endpoint starts no interval; a series that first appears later
 * counts from 0 (as the export's window statistics do); an interval in which a counter went down
 * (a server restart) or in which no query was made has no point.
 */
final class ServerSeries {
  static final String JSONL = ServerMetricsExport.JSONL;
  /** The charts, in page order. */
  static final String KV = "kv_usage";
  static final String HIT = "hit_rate";
  static final String REQUESTS = "requests";

  /** One series of one scrape: its labels and value (a histogram's {@code sum}). */
  record Point(Map<String, String> labels, double value) {}

  /** One scrape, reduced to the metrics some adapter charts, by export name. */
  record Scrape(long ns, Map<String, List<Point>> metrics) {
    boolean has(String name) {
      return metrics.containsKey(name);
    }
  }

  /** One line of a chart: its label, endpoint, the metric(s) read and the points (seconds from t0, value). */
  record Line(String label, String endpoint, String metric, double[] t, double[] v) {}

  private ServerSeries() {}

  /**
   * The charts of a run folder's JSONL, times relative to {@code t0} (epoch ns; {@link Row#ABSENT}:
   * the first scrape); a model saying why there are none when the file is absent or holds no scrape.
   */
  static ObjectNode of(Path dir, long t0, List<String> notes) {
    Path file = dir.resolve(JSONL);
    if (!Files.exists(file)) {
      return none("The run recorded no server metrics (no " + JSONL + ": scraping was off, or the run predates it).");
    }
    Map<String, List<Scrape>> byEndpoint = read(file, notes);
    if (byEndpoint.isEmpty()) {
      return none("No /metrics endpoint answered a scrape during the run (" + JSONL + " holds no scrape).");
    }
    if (t0 == Row.ABSENT) {
      t0 = byEndpoint.values().stream().mapToLong(l -> l.get(0).ns()).min().orElseThrow();
    }
    return model(byEndpoint, t0);
  }

  private static ObjectNode none(String why) {
    return Json.object().put("none", why);
  }

  /** Every metric name some adapter charts. */
  static Set<String> chartedNames() {
    Set<String> names = new LinkedHashSet<>();
    for (BackendAdapter a : BackendAdapter.ALL) {
      ServerSignals s = a.signals();
      for (ServerSignals.Gauge g : new ServerSignals.Gauge[] {s.kvUsage(), s.running(), s.waiting()}) {
        if (g != null) {
          names.addAll(g.names());
        }
      }
      for (ServerSignals.HitRate h : s.hitRates()) {
        for (ServerSignals.Way w : h.ways()) {
          switch (w) {
            case ServerSignals.Ratio r -> {
              names.add(r.hits().name());
              names.add(r.queries().name());
            }
            case ServerSignals.Level l -> names.add(l.gauge());
          }
        }
      }
    }
    return names;
  }

  /** The scrapes of each endpoint in time order; unreadable lines are skipped with one note. */
  static Map<String, List<Scrape>> read(Path file, List<String> notes) {
    Set<String> wanted = chartedNames();
    Map<String, List<Scrape>> out = new LinkedHashMap<>();
    JsonLines.Skipped skipped = JsonLines.read(file, JsonLines.Policy.TOLERANT, o -> {
      String endpoint = o.path("endpoint_url").asString("");
      JsonNode ts = o.path("timestamp_ns");
      if (endpoint.isEmpty() || !ts.isIntegralNumber() || !o.path("metrics").isObject()) {
        throw new IllegalArgumentException("needs endpoint_url, an integer timestamp_ns and a metrics object");
      }
      out.computeIfAbsent(endpoint, e -> new ArrayList<>()).add(new Scrape(ts.asLong(), metrics(o.path("metrics"), wanted)));
    });
    if (skipped.lines() > 0) {
      notes.add(skipped.note(JSONL));
    }
    out.values().forEach(l -> l.sort(Comparator.comparingLong(Scrape::ns)));
    return out;
  }

  private static Map<String, List<Point>> metrics(JsonNode metrics, Set<String> wanted) {
    Map<String, List<Point>> m = new HashMap<>();
    for (String name : wanted) {
      JsonNode series = metrics.path(name);
      if (!series.isArray()) {
        continue;
      }
      List<Point> points = new ArrayList<>();
      for (JsonNode s : series) {
        JsonNode v = s.has("value") ? s.path("value") : s.path("sum");
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
          continue;
        }
        Map<String, String> labels = new TreeMap<>();
        s.path("labels").properties().forEach(e -> labels.put(e.getKey(), e.getValue().asString("")));
        points.add(new Point(labels, v.asDouble()));
      }
      m.put(name, points);
    }
    return m;
  }

  /** The page's model: the charts that have a line, and a sentence for each that has none. */
  static ObjectNode model(Map<String, List<Scrape>> byEndpoint, long t0) {
    boolean several = byEndpoint.size() > 1;
    Map<String, List<Line>> charts = new LinkedHashMap<>();
    charts.put(KV, new ArrayList<>());
    charts.put(HIT, new ArrayList<>());
    charts.put(REQUESTS, new ArrayList<>());
    Set<String> backends = new LinkedHashSet<>();
    List<Line> running = new ArrayList<>();
    List<Line> waiting = new ArrayList<>();
    for (Map.Entry<String, List<Scrape>> e : byEndpoint.entrySet()) {
      String endpoint = e.getKey();
      List<Scrape> scrapes = e.getValue();
      String suffix = several ? " · " + endpoint : "";
      for (BackendAdapter a : BackendAdapter.ALL) {
        if (scrapes.stream().anyMatch(s -> s.metrics().keySet().stream().anyMatch(n -> n.startsWith(a.prefix())))) {
          backends.add(a.name());
        }
      }
      gauge(scrapes, t0, s -> s.kvUsage(), "KV-cache usage" + suffix, endpoint, charts.get(KV));
      gauge(scrapes, t0, s -> s.running(), "running" + suffix, endpoint, running);
      gauge(scrapes, t0, s -> s.waiting(), "waiting" + suffix, endpoint, waiting);
      Set<String> sources = new LinkedHashSet<>();
      for (BackendAdapter a : BackendAdapter.ALL) {
        for (ServerSignals.HitRate h : a.signals().hitRates()) {
          if (sources.contains(h.source())) {
            continue;
          }
          Line l = hitRate(scrapes, t0, h, sourceLabel(h.source()) + suffix, endpoint);
          if (l != null) {
            sources.add(h.source());
            charts.get(HIT).add(l);
          }
        }
      }
    }
    charts.get(REQUESTS).addAll(running);
    charts.get(REQUESTS).addAll(waiting);
    ObjectNode o = Json.object();
    o.put("t0_ns", String.valueOf(t0)); // beyond 2^53: text, as the page would round it
    ArrayNode eps = o.putArray("endpoints");
    byEndpoint.keySet().forEach(eps::add);
    o.put("per_endpoint", several);
    ArrayNode b = o.putArray("backends");
    backends.forEach(b::add);
    ObjectNode out = o.putObject("charts");
    ArrayNode missing = o.putArray("missing");
    String by = backends.isEmpty() ? "no backend recognised by its metric names" : "backend " + String.join(", ", backends);
    for (Map.Entry<String, List<Line>> c : charts.entrySet()) {
      String what = switch (c.getKey()) {
        case KV -> "KV-cache usage";
        case HIT -> "Prefix-cache hit rate";
        default -> "Running and waiting requests";
      };
      List<Line> drawn = c.getValue().stream().filter(l -> Arrays.stream(l.v()).anyMatch(Double::isFinite)).toList();
      if (c.getValue().isEmpty()) {
        missing.add(what + ": the server exposed none (" + by + ").");
        continue;
      }
      if (drawn.isEmpty()) {
        missing.add(what + ": " + c.getValue().get(0).metric() + " is exposed, but "
            + (c.getKey().equals(HIT) ? "no query was counted between two scrapes." : "no scrape held a finite value."));
        continue;
      }
      if (c.getKey().equals(REQUESTS) && (running.isEmpty() || waiting.isEmpty())) {
        missing.add((running.isEmpty() ? "Running" : "Waiting") + " requests: the server exposed none (" + by + ").");
      }
      ArrayNode lines = out.putArray(c.getKey());
      for (Line l : drawn) {
        ObjectNode j = lines.addObject();
        j.put("label", l.label()).put("endpoint", l.endpoint()).put("metric", l.metric());
        ArrayNode t = j.putArray("t");
        ArrayNode v = j.putArray("v");
        for (int i = 0; i < l.t().length; i++) {
          t.add(l.t()[i]);
          Numbers.add(v, l.v()[i], 5);
        }
      }
    }
    return o;
  }

  static String sourceLabel(String source) {
    return switch (source) {
      case "gpu" -> "GPU";
      case "cpu_offload" -> "CPU offload";
      case "external" -> "external (KV connector)";
      default -> source;
    };
  }

  /** A gauge over time, added to {@code into}: the first backend's gauge whose name the endpoint exposed, if any. */
  private static void gauge(List<Scrape> scrapes, long t0, Function<ServerSignals, ServerSignals.Gauge> which,
      String label, String endpoint, List<Line> into) {
    for (BackendAdapter a : BackendAdapter.ALL) {
      ServerSignals.Gauge g = which.apply(a.signals());
      if (g == null) {
        continue;
      }
      for (String name : g.names()) {
        if (scrapes.stream().anyMatch(s -> s.has(name))) {
          into.add(gaugeLine(scrapes, t0, g, name, label, endpoint));
          return;
        }
      }
    }
  }

  static Line gaugeLine(List<Scrape> scrapes, long t0, ServerSignals.Gauge g, String name, String label, String endpoint) {
    double[] t = times(scrapes, t0);
    double[] v = new double[scrapes.size()];
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < v.length; i++) {
      v[i] = level(scrapes.get(i), name, g.add());
      if (Double.isFinite(v[i])) {
        max = Math.max(max, v[i]);
      }
    }
    double scale = g.scaleFor(max);
    for (int i = 0; i < v.length; i++) {
      v[i] *= scale;
    }
    return new Line(label, endpoint, name, t, v);
  }

  /** A gauge's series at one scrape, added or averaged; NaN when the scrape lacks it. */
  private static double level(Scrape s, String name, boolean add) {
    List<Point> p = s.metrics().get(name);
    if (p == null || p.isEmpty()) {
      return Double.NaN;
    }
    double sum = 0;
    for (Point x : p) {
      sum += x.value();
    }
    return add ? sum : sum / p.size();
  }

  /** A hit rate by the first of its ways the endpoint exposes; {@code null} when it exposes none. */
  static Line hitRate(List<Scrape> scrapes, long t0, ServerSignals.HitRate h, String label, String endpoint) {
    for (ServerSignals.Way w : h.ways()) {
      switch (w) {
        case ServerSignals.Level l -> {
          if (scrapes.stream().anyMatch(s -> s.has(l.gauge()))) {
            double[] v = new double[scrapes.size()];
            for (int i = 0; i < v.length; i++) {
              v[i] = level(scrapes.get(i), l.gauge(), false);
            }
            return new Line(label, endpoint, l.gauge(), times(scrapes, t0), v);
          }
        }
        case ServerSignals.Ratio r -> {
          if (exposed(scrapes, r.hits()) && exposed(scrapes, r.queries())) {
            return ratioLine(scrapes, t0, r, label, endpoint);
          }
        }
      }
    }
    return null;
  }

  private static boolean exposed(List<Scrape> scrapes, ServerSignals.Count c) {
    return scrapes.stream().anyMatch(s -> s.metrics().getOrDefault(c.name(), List.of()).stream().anyMatch(p -> c.matches(p.labels())));
  }

  /** Hits ÷ queries over each interval between consecutive scrapes, at the interval's end; the first scrape has no point. */
  static Line ratioLine(List<Scrape> scrapes, long t0, ServerSignals.Ratio r, String label, String endpoint) {
    int n = scrapes.size();
    double[] t = times(scrapes, t0);
    double[] v = new double[n];
    v[0] = Double.NaN;
    for (int i = 1; i < n; i++) {
      double hits = increase(scrapes.get(i - 1), scrapes.get(i), r.hits());
      double queries = increase(scrapes.get(i - 1), scrapes.get(i), r.queries());
      v[i] = queries > 0 && Double.isFinite(hits) ? hits / queries : Double.NaN;
    }
    String metric = describe(r.hits()) + " ÷ " + describe(r.queries());
    return new Line(label, endpoint, metric, Arrays.copyOfRange(t, 1, n), Arrays.copyOfRange(v, 1, n));
  }

  private static String describe(ServerSignals.Count c) {
    return c.name() + (c.label() == null ? "" : "{" + c.label() + "=\"" + c.value() + "\"}");
  }

  /**
   * The increase of a running total from one scrape to the next, over its matching series: NaN
   * when the later scrape has none, or when one went down (a reset: what it counted before is lost).
   */
  static double increase(Scrape before, Scrape after, ServerSignals.Count c) {
    Map<Map<String, String>, Double> prev = new HashMap<>();
    for (Point p : before.metrics().getOrDefault(c.name(), List.of())) {
      if (c.matches(p.labels())) {
        prev.put(p.labels(), p.value());
      }
    }
    double d = 0;
    boolean any = false;
    for (Point p : after.metrics().getOrDefault(c.name(), List.of())) {
      if (!c.matches(p.labels())) {
        continue;
      }
      any = true;
      double from = prev.getOrDefault(p.labels(), 0.0);
      if (p.value() < from) {
        return Double.NaN;
      }
      d += p.value() - from;
    }
    return any ? d : Double.NaN;
  }

  private static double[] times(List<Scrape> scrapes, long t0) {
    double[] t = new double[scrapes.size()];
    for (int i = 0; i < t.length; i++) {
      t[i] = Math.round((scrapes.get(i).ns() - t0) / 1e6) / 1000.0;
    }
    return t;
  }
}
