package dev.infermark.servermetrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import dev.infermark.observer.Mark;
import dev.infermark.protocol.LazyTls;

/**
 * Collects the servers' Prometheus metrics during a run, as AIPerf does: each endpoint scraped on
 * its own virtual thread at a fixed interval, every scrape streamed to
 * {@code server_metrics_export.jsonl}, phase marks so the statistics cover the profiling window,
 * and at the end the exports ({@link ServerMetricsExport}). A missing, slow or broken endpoint
 * costs one note and nothing else.
 *
 * <p>Use: {@link #start}; {@link #mark} at each phase boundary; {@link #close()} when the load is
 * over; then {@link #export}.
 */
public final class ServerMetricsRecorder implements AutoCloseable {
  /**
   * Where each scrape goes and how often.
   *
   * @param timeout a scrape slower than this is abandoned
   * @param startWait how long {@link #mark}({@link Mark#PROFILING_START}) may wait for the scrapes of the
   *     endpoints that answer, so the window's counters start before the first profiling request
   */
  public record Config(List<URI> urls, Duration interval, Duration timeout, Duration startWait, NanoClock clock,
      Path jsonl, Consumer<String> notes) {
    public Config {
      urls = List.copyOf(new LinkedHashSet<>(urls));
      if (interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("infermark.server-metrics-interval must be positive, got " + interval);
      }
    }
  }

  private record MarkAt(Mark mark, long ns) {}

  private final Config config;
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
  private final HttpClient http;
  private final JsonlWriter jsonl;
  private final List<EndpointScraper> scrapers = new ArrayList<>();
  private final List<MarkAt> marks = new ArrayList<>();
  private final long startNs;
  private long closeNs = -1;
  private IOException jsonlFailure;

  private ServerMetricsRecorder(Config config) throws IOException {
    this.config = config;
    this.startNs = config.clock().epochNanos();
    this.http = LazyTls.defaults(HttpClient.newBuilder().executor(executor).connectTimeout(config.timeout())
        .followRedirects(HttpClient.Redirect.NORMAL)).build();
    this.jsonl = config.jsonl() == null ? null : new JsonlWriter(config.jsonl());
    for (URI u : config.urls()) {
      scrapers.add(new EndpointScraper(http, u, config.interval(), config.timeout(), config.clock(), jsonl, config.notes()));
    }
  }

  /**
   * Starts scraping every URL (a baseline scrape at once).
   *
   * @throws IOException naming the JSONL file when it cannot be created
   */
  public static ServerMetricsRecorder start(Config config) throws IOException {
    ServerMetricsRecorder r = new ServerMetricsRecorder(config);
    r.scrapers.forEach(EndpointScraper::start);
    return r;
  }

  /**
   * A URL as AIPerf normalises {@code --server-metrics}: {@code host:port} gets {@code http://},
   * and a URL without a path gets {@code /metrics}.
   */
  public static URI metricsUrl(String url) {
    String u = url.trim();
    if (!u.contains("://")) {
      u = "http://" + u;
    }
    URI uri = URI.create(u);
    String path = uri.getRawPath();
    if (path == null || path.isEmpty() || path.equals("/")) {
      return URI.create(uri.getScheme() + "://" + uri.getRawAuthority() + "/metrics");
    }
    return uri;
  }

  /**
   * Marks a phase boundary now and scrapes at once, so the window's ends are measured, not guessed.
   * At {@link Mark#PROFILING_START} it waits (at most {@code startWait}) for the endpoints that have
   * answered before, so no profiling request is counted in the reference; others are not waited for.
   */
  public void mark(Mark mark) {
    long ns = config.clock().epochNanos();
    synchronized (marks) {
      if (closeNs >= 0) {
        return;
      }
      marks.add(new MarkAt(mark, ns));
    }
    List<java.util.concurrent.CompletableFuture<Void>> waits = new ArrayList<>();
    for (EndpointScraper s : scrapers) {
      boolean healthy = s.healthy();
      var done = s.mark(ns);
      if (healthy && mark == Mark.PROFILING_START) {
        waits.add(done);
      }
    }
    long deadline = System.nanoTime() + config.startWait().toNanos();
    for (var w : waits) {
      try {
        w.get(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
      } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
        // a slow endpoint: its reference is whatever its scrape sees
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * The profiling window: from the first {@link Mark#PROFILING_START} (else the start of the
   * recording) to the first {@link Mark#PROFILING_END} after it (else the close, or now).
   */
  public Window window() {
    synchronized (marks) {
      Long start = null;
      Long end = null;
      for (MarkAt m : marks) {
        if (m.mark() == Mark.PROFILING_START && start == null) {
          start = m.ns();
        } else if (m.mark() == Mark.PROFILING_END && start != null && end == null) {
          end = m.ns();
        }
      }
      long s = start == null ? startNs : start;
      long e = end != null ? end : closeNs >= 0 ? closeNs : config.clock().epochNanos();
      return new Window(s, Math.max(s, e), start != null && end != null);
    }
  }

  /**
   * Takes a last scrape of every endpoint, stops the scrapers (one that hangs is abandoned after
   * the scrape timeout) and closes the JSONL file. Idempotent.
   */
  @Override
  public void close() {
    long ns;
    synchronized (marks) {
      if (closeNs >= 0) {
        return;
      }
      ns = config.clock().epochNanos();
      closeNs = ns;
    }
    scrapers.forEach(s -> s.mark(ns));
    try {
      for (EndpointScraper s : scrapers) {
        s.stop(config.timeout().plusSeconds(1));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (jsonl != null) {
      try {
        jsonl.close();
      } catch (IOException e) {
        jsonlFailure = e;
      }
    }
    http.shutdownNow();
    executor.shutdownNow();
  }

  /**
   * Writes {@code server_metrics_export.json}, {@code .csv} and {@code server_metrics_metadata.json}
   * into {@code runDir} with the statistics of {@code window}, and returns the derived figures with
   * the cross-checks against the client's totals. Call after {@link #close()}.
   *
   * @throws IOException naming the file that could not be written (the JSONL file included)
   */
  public ServerMetricsReport export(Path runDir, Window window, ClientTotals client, String benchmarkId)
      throws IOException {
    if (jsonlFailure != null) {
      throw jsonlFailure;
    }
    List<EndpointStore> stores = scrapers.stream().map(s -> s.store).toList();
    return ServerMetricsExport.write(runDir, stores, window, client, benchmarkId, startNs,
        closeNs >= 0 ? closeNs : config.clock().epochNanos());
  }

  /** The configured endpoints. */
  public List<URI> urls() {
    return config.urls();
  }
}
