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

import dev.infermark.prometheus.MetricFamily;
import dev.infermark.prometheus.PromFormatException;
import dev.infermark.prometheus.PromParser;
import dev.infermark.prometheus.Sample;

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
    return parse(r.body(), metrics, PowerSampler.withoutUserInfo(url.toString()));
  }

  /**
   * Sums the samples of {@code metrics} per accelerator in a Prometheus text exposition, read by the
   * framework's strict parser: malformed text fails the reading, naming the line.
   */
  static Map<String, Double> parse(String body, Set<String> metrics, String source) throws IOException {
    Map<String, Double> watts = new TreeMap<>();
    try {
      for (MetricFamily f : PromParser.parse(body, source)) {
        for (Sample s : f.samples()) {
          if (metrics.contains(s.name()) && !Double.isNaN(s.value())) {
            watts.merge(accelerator(s.labels()), s.value(), Double::sum);
          }
        }
      }
    } catch (PromFormatException e) {
      throw new IOException(e.getMessage(), e);
    }
    return watts;
  }

  private static String accelerator(Map<String, String> labels) {
    for (String k : ID_LABELS) {
      if (labels.containsKey(k)) {
        return labels.get(k);
      }
    }
    return labels.isEmpty() ? "0" : new TreeMap<>(labels).toString();
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
