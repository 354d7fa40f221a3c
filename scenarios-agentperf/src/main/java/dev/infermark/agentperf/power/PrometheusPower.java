package dev.infermark.agentperf.power;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Scrapes a Prometheus text endpoint (a DCGM exporter's {@code /metrics}): every sample of the
 * configured metrics (watts) is summed per accelerator, identified by its {@code gpu} label (else
 * {@code GPU}, {@code device}, {@code UUID}, else the whole label set).
 */
public final class PrometheusPower extends PolledPower {
  private static final List<String> ID_LABELS = List.of("gpu", "GPU", "device", "UUID", "uuid");

  private final URI url;
  private final Set<String> metrics;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public PrometheusPower(URI url, List<String> metrics, Duration interval, Consumer<String> logger) {
    super("prometheus", interval, logger);
    if (metrics.isEmpty()) {
      throw new IllegalArgumentException("infermark.power-metrics is empty");
    }
    this.url = url;
    this.metrics = Set.copyOf(metrics);
  }

  @Override
  Map<String, Double> readOnce() throws IOException, InterruptedException {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(5)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException(PowerSampler.withoutUserInfo(url.toString()) + " answered HTTP " + r.statusCode());
    }
    return parse(r.body(), metrics);
  }

  /** Sums the samples of {@code metrics} per accelerator in a Prometheus text exposition. */
  static Map<String, Double> parse(String body, Set<String> metrics) {
    Map<String, Double> watts = new TreeMap<>();
    for (String raw : body.split("\n")) {
      String line = raw.trim();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int brace = line.indexOf('{');
      int space = line.indexOf(' ');
      int nameEnd = brace >= 0 && (space < 0 || brace < space) ? brace : space;
      if (nameEnd <= 0 || !metrics.contains(line.substring(0, nameEnd))) {
        continue;
      }
      String labels = "";
      String rest;
      if (nameEnd == brace) {
        int close = line.indexOf('}', brace);
        if (close < 0) {
          continue;
        }
        labels = line.substring(brace + 1, close);
        rest = line.substring(close + 1).trim();
      } else {
        rest = line.substring(space + 1).trim();
      }
      String[] parts = rest.split("\\s+");
      double v;
      try {
        v = Double.parseDouble(parts[0]);
      } catch (NumberFormatException e) {
        continue;
      }
      if (Double.isNaN(v)) {
        continue;
      }
      watts.merge(accelerator(labels), v, Double::sum);
    }
    return watts;
  }

  private static String accelerator(String labels) {
    Map<String, String> m = new TreeMap<>();
    for (String pair : labels.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        m.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim().replaceAll("^\"|\"$", ""));
      }
    }
    for (String k : ID_LABELS) {
      if (m.containsKey(k)) {
        return m.get(k);
      }
    }
    return labels.isEmpty() ? "0" : labels;
  }

  @Override
  public String describe() {
    return "prometheus: " + PowerSampler.withoutUserInfo(url.toString()) + " " + metrics;
  }

  @Override
  public void close() {
    super.close();
    http.close();
  }
}
