package dev.infermark.servermetrics;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import dev.infermark.prometheus.PromParser;
import dev.infermark.prometheus.MetricFamily;
import dev.infermark.prometheus.PromFormatException;

/**
 * Scrapes one endpoint on its own virtual thread: at once, then every interval, and immediately for
 * each phase mark. Nothing it meets harms the run: an endpoint that cannot be reached or is slow is
 * noted once and tried again at the next tick; one that answers 404 or something that is not
 * Prometheus text is probed once at {@code <base>/prometheus/metrics} (where TensorRT-LLM serves it,
 * as AIPerf does) and otherwise noted once and left alone for the rest of the run.
 */
final class EndpointScraper {
  static final long MAX_BODY = 64L << 20;
  private static final long CLOSE = Long.MIN_VALUE;
  private static final long TICK = Long.MIN_VALUE + 1;

  private final HttpClient http;
  private final Duration interval;
  private final Duration timeout;
  private final NanoClock clock;
  private final JsonlWriter jsonl;
  private final Consumer<String> notes;
  final EndpointStore store;
  private final LinkedBlockingQueue<Long> requests = new LinkedBlockingQueue<>();
  private final java.util.Map<Long, CompletableFuture<Void>> markDone = new java.util.concurrent.ConcurrentHashMap<>();
  private final Set<String> noted = new HashSet<>();
  private final Set<String> nonFiniteNoted = new HashSet<>();
  private volatile URI url;
  private volatile boolean disabled;
  private volatile CompletableFuture<?> inFlight;
  private boolean fallbackTried;
  private boolean probing;
  private Thread thread;

  EndpointScraper(HttpClient http, URI url, Duration interval, Duration timeout, NanoClock clock, JsonlWriter jsonl,
      Consumer<String> notes) {
    this.http = http;
    this.url = url;
    this.interval = interval;
    this.timeout = timeout;
    this.clock = clock;
    this.jsonl = jsonl;
    this.notes = notes;
    this.store = new EndpointStore(url.toString());
  }

  void start() {
    thread = Thread.ofVirtual().name("infermark-server-metrics " + url).start(this::loop);
  }

  /**
   * Asks for a scrape now, kept as the snapshot of the mark at {@code markNs}; the future completes
   * when that scrape is over (whatever its outcome).
   */
  CompletableFuture<Void> mark(long markNs) {
    store.marked(markNs);
    CompletableFuture<Void> done = new CompletableFuture<>();
    markDone.put(markNs, done);
    requests.add(markNs);
    return done;
  }

  /** Whether scrapes here have succeeded and still go on (worth waiting for at a phase boundary). */
  boolean healthy() {
    return store.hasData() && !disabled;
  }

  /** Stops after the pending scrapes, waiting at most {@code wait}; then abandons a hanging one. */
  void stop(Duration wait) throws InterruptedException {
    requests.add(CLOSE);
    if (thread != null && !thread.join(wait)) {
      CompletableFuture<?> f = inFlight;
      if (f != null) {
        f.cancel(true);
      }
      thread.interrupt();
      thread.join(Duration.ofSeconds(1));
    }
  }

  private void loop() {
    long intervalNs = interval.toNanos();
    long next = System.nanoTime();
    try {
      requests.add(TICK); // the baseline scrape
      while (true) {
        Long r = requests.poll(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (r == null) {
          r = TICK;
        }
        if (r == CLOSE) {
          return;
        }
        if (r == TICK) {
          long now = System.nanoTime();
          next = Math.max(next + intervalNs, now);
          if (next == now) {
            next += intervalNs;
          }
        }
        try {
          if (!disabled) {
            scrape(r == TICK ? null : r);
          }
        } finally {
          CompletableFuture<Void> done = r == TICK ? null : markDone.remove(r);
          if (done != null) {
            done.complete(null);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** One scrape; a success is stored and streamed, a failure noted (once per kind). */
  boolean scrape(Long markNs) throws InterruptedException {
    URI u = url;
    long sent = clock.epochNanos();
    long[] firstByte = {0};
    int[] status = {0};
    String[] contentType = {""};
    HttpRequest req = HttpRequest.newBuilder(u).timeout(timeout)
        .header("Accept", "text/plain;version=0.0.4;q=1,*/*;q=0.1").GET().build();
    byte[] body;
    try {
      CompletableFuture<HttpResponse<byte[]>> f = http.sendAsync(req, info -> {
        firstByte[0] = clock.epochNanos();
        status[0] = info.statusCode();
        contentType[0] = info.headers().firstValue("content-type").orElse("").toLowerCase(Locale.ROOT);
        // only the status of an error is used; JSON or an event stream is not Prometheus text, whatever follows:
        // given up on at the headers, as a body whose first line is not Prometheus text is at that line
        return status[0] != 200 || notPrometheus(contentType[0]) ? CappedBody.refused()
            : new CappedBody(MAX_BODY, u.toString());
      });
      inFlight = f;
      body = f.get(timeout.toNanos(), TimeUnit.NANOSECONDS).body();
    } catch (TimeoutException e) {
      inFlight.cancel(true);
      store.fetched(sent, clock.epochNanos() - sent);
      noteOnce("slow", u + " did not answer within " + timeout.toMillis() + " ms; tried again every "
          + interval.toMillis() + " ms");
      return false;
    } catch (ExecutionException e) {
      store.fetched(sent, clock.epochNanos() - sent);
      Throwable c = e.getCause();
      if (c instanceof PromFormatException bad) {
        incompatible(u, "is not valid Prometheus text (" + bad.getMessage() + ")", markNs);
        return false;
      }
      if (c instanceof java.net.http.HttpTimeoutException) {
        noteOnce("slow", u + " did not answer within " + timeout.toMillis() + " ms; tried again every "
            + interval.toMillis() + " ms");
      } else {
        noteOnce("unreachable", u + " cannot be reached (" + c.getClass().getSimpleName()
            + (c.getMessage() == null ? "" : ": " + c.getMessage()) + "); tried again every " + interval.toMillis() + " ms");
      }
      return false;
    } finally {
      inFlight = null;
    }
    long done = clock.epochNanos();
    store.fetched(sent, done - sent);
    if (status[0] != 200) {
      if (status[0] == 404 || status[0] == 405 || status[0] == 410) {
        incompatible(u, "answered HTTP " + status[0], markNs);
      } else {
        noteOnce("http" + status[0], u + " answered HTTP " + status[0] + "; tried again every " + interval.toMillis() + " ms");
      }
      return false;
    }
    if (notPrometheus(contentType[0])) {
      incompatible(u, "answered " + contentType[0] + ", not Prometheus text", markNs);
      return false;
    }
    List<MetricFamily> parsed = new ArrayList<>();
    try {
      PromParser.parse(new StringReader(new String(body, StandardCharsets.UTF_8)), u.toString(), parsed::add);
    } catch (PromFormatException e) {
      incompatible(u, "is not valid Prometheus text (" + e.getMessage() + ")", markNs);
      return false;
    } catch (IOException e) {
      throw new IllegalStateException(e); // a StringReader does not fail
    }
    Snapshot s = new Snapshot(u.toString(), firstByte[0], sent, done - sent, Snapshot.families(parsed, name -> {
      if (nonFiniteNoted.add(name)) {
        notes.accept(u + ": dropping NaN/Inf samples of " + name + " (further ones not noted)");
      }
    }));
    boolean changed = jsonl == null || jsonl.write(s);
    store.add(s, parsed, changed, markNs);
    return true;
  }

  private static boolean notPrometheus(String contentType) {
    return contentType.startsWith("application/json") || contentType.startsWith("text/event-stream");
  }

  /** Tries TensorRT-LLM's {@code /prometheus/metrics} once, else gives up on the endpoint with one note. */
  private void incompatible(URI u, String why, Long markNs) throws InterruptedException {
    if (probing) {
      return; // the probe failed: the caller reports the original endpoint
    }
    String path = u.getPath() == null ? "" : u.getPath();
    if (!fallbackTried && path.endsWith("/metrics") && !path.endsWith("/prometheus/metrics")) {
      fallbackTried = true;
      URI alt = u.resolve(path.substring(0, path.length() - "/metrics".length()) + "/prometheus/metrics");
      url = alt;
      probing = true;
      boolean ok;
      try {
        ok = scrape(markNs);
      } finally {
        probing = false;
      }
      if (ok) {
        notes.accept(u + " " + why + "; using " + alt + " instead");
        return;
      }
      url = u;
    }
    disabled = true;
    noteOnce("incompatible", u + " " + why + "; not scraped for the rest of the run");
  }

  private void noteOnce(String kind, String text) {
    if (noted.add(kind)) {
      notes.accept(text);
    }
  }
}
