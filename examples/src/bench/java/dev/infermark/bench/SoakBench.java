package dev.infermark.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.artifact.RunRecorder;
import dev.infermark.client.OpenAiClient;
import dev.infermark.client.StreamTap;
import dev.infermark.json.Json;
import dev.infermark.run.Progress;
import dev.infermark.run.RunRecording;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The soak (issue 28 §1): {@code bench.soak-streams} (2,000) closed-loop streams against
 * {@code sse_floor serve} for {@code bench.soak-duration} (30 minutes), through the run's client and
 * recording ({@link Standard}), as a long run holds them. Every {@code bench.soak-sample} (1 minute)
 * it samples the heap after a full collection, the resident set, the open files and the platform
 * threads; at the end it fits each against what should drive it and fails (exit status 1) on growth
 * beyond a tolerance: the heap against the requests recorded (by design the run keeps a few exact
 * values per request for its percentiles, and the request bodies for {@code inputs.json} up to its
 * 64 MB cap: about 600 B a request; a record kept whole, with its chunk times, is several kB), at
 * most {@code bench.soak-bytes-per-request}, 1,024 B, a request; the others
 * against time (at most {@code bench.soak-rss-mb-per-hour} 128 MB, 16 open files, 2 threads an hour).
 * Chunks/s, CPU per chunk and the timestamp error (receive time minus the chunk's {@code sent_ns})
 * of the first and the last window ({@code bench.soak-window}, 5 minutes, after
 * {@code bench.soak-warmup}, 1 minute; shorter when the run is) side by side, and every request sent
 * recorded: requests sent = records = lines of {@code profile_export.jsonl}.
 *
 * <p>Other properties: {@code bench.soak-tokens} (200), {@code bench.soak-interval-ms} (100; each
 * stream ticks on its own), {@code bench.out} ({@code target/bench/soak.json}).
 */
public final class SoakBench {
  private static final long BUCKET_NS = 10_000_000_000L;

  private SoakBench() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(System.getProperty("bench.out", "target/bench/soak.json"));
    Duration duration = Duration.parse("PT" + System.getProperty("bench.soak-duration", "30m").toUpperCase());
    Duration sampleEvery = Duration.parse("PT" + System.getProperty("bench.soak-sample", "60s").toUpperCase());
    Duration warmup = Duration.parse("PT" + System.getProperty("bench.soak-warmup", "60s").toUpperCase());
    Duration window = Duration.parse("PT" + System.getProperty("bench.soak-window", "5m").toUpperCase());
    int streams = Integer.getInteger("bench.soak-streams", 2000);
    int tokens = Integer.getInteger("bench.soak-tokens", 200);
    int intervalMs = Integer.getInteger("bench.soak-interval-ms", 100);
    ObjectNode root = Jvm.describe();
    root.put("duration_s", duration.toSeconds());
    root.put("streams", streams);
    root.put("tokens", tokens);
    root.put("interval_ms", intervalMs);
    Path dir = out.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    boolean passed = true;
    Path floor = SseFloor.build(dir, root);
    if (floor != null) {
      int port = SseFloor.freePort();
      List<Process> servers = List.of(SseFloor.serve(floor, port, intervalMs, tokens, "spread"));
      try {
        passed = soak(URI.create("http://127.0.0.1:" + port), streams, tokens, duration, sampleEvery, warmup, window, dir,
            root);
      } finally {
        SseFloor.stop(servers);
      }
    }
    root.put("system_load_average_end", Jvm.load());
    Json.PRETTY.writeValue(out.toFile(), root);
    System.out.println("wrote " + out.toAbsolutePath() + (passed ? "" : ": the soak FAILED (see checks)"));
    System.exit(passed ? 0 : 1);
  }

  /** One sample of the process. */
  private record Sample(double atS, long heapAfterGc, long rss, long openFiles, int threads, long inFlight, long recorded) {}

  /** Per 10 s of the run, from the chunks' arrival: how many, their timestamp error, and the process CPU at its start. */
  private static final class Bucket {
    final Histogram errorUs = new Histogram(60_000_000L, 3);
    long chunks;
    long cpuNs = -1;
    /** A sample's full collection stopped the process in it: its chunks are left out of the windows. */
    volatile boolean sampled;
  }

  /** Records each chunk's timestamp error into its 10 s bucket. */
  private static final class Tap implements StreamTap {
    final long t0 = System.nanoTime();
    final Map<Integer, Bucket> buckets = new ConcurrentHashMap<>();

    Bucket bucket(long ns) {
      return buckets.computeIfAbsent((int) ((ns - t0) / BUCKET_NS), k -> new Bucket());
    }

    @Override
    public void onMessage(String requestId, byte[] data, int offset, int length, long receivedNs) {
      long sent = TsErrors.sentNs(data, offset, length);
      if (sent < 0) {
        return;
      }
      Bucket b = bucket(receivedNs);
      synchronized (b) {
        b.errorUs.recordValue(Math.max(0, Math.min(60_000_000L, (receivedNs - sent) / 1000)));
        b.chunks++;
      }
    }
  }

  private static boolean soak(URI base, int streams, int tokens, Duration duration, Duration sampleEvery,
      Duration warmup, Duration window, Path dir, ObjectNode root) throws Exception {
    Settings settings = Settings.of(Map.of("model", "floor", "request-timeout", "600s", "transport", "netty"));
    Path run = Files.createTempDirectory(dir, "soak-run-");
    Progress progress = new Progress();
    Tap tap = new Tap();
    AtomicLong sent = new AtomicLong();
    AtomicLong recorded = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    List<Sample> samples = new ArrayList<>();
    long end = tap.t0 + duration.toNanos();
    try (OpenAiClient client = OpenAiClient.create(settings, base, progress);
         RunRecording rec = Standard.recordings().open(run, settings, client)) {
      client.tap(tap);
      Thread cpuTicker = Thread.ofPlatform().daemon().name("soak-cpu").start(() -> {
        for (int k = 0; sleepUntil(tap.t0 + k * BUCKET_NS); k++) {
          tap.bucket(tap.t0 + k * BUCKET_NS).cpuNs = Jvm.cpuNs();
        }
      });
      ExecutorService users = Executors.newVirtualThreadPerTaskExecutor();
      for (int u = 0; u < streams; u++) {
        int user = u;
        users.submit(() -> {
          for (int i = 0; System.nanoTime() < end; i++) {
            String id = "u" + user + "-" + i;
            sent.incrementAndGet();
            RequestRecord r = client.send(InferenceRequest.chat(RequestTags.of(id, id, i), List.of(ChatMessage.user("hi")),
                tokens));
            rec.accept(r);
            recorded.incrementAndGet();
            if (!r.ok()) {
              failed.incrementAndGet();
            }
          }
        });
      }
      for (long next = tap.t0 + sampleEvery.toNanos(); next <= end && sleepUntil(next); next += sampleEvery.toNanos()) {
        tap.bucket(System.nanoTime()).sampled = true;
        Sample s = new Sample(Jvm.round2((System.nanoTime() - tap.t0) / 1e9), Jvm.heapAfterGc(), Jvm.rssBytes(),
            Jvm.openFiles(), Jvm.threads(), progress.inFlight(), recorded.get());
        samples.add(s);
        System.out.println("soak: " + s);
      }
      users.close(); // each user's last request ends
      cpuTicker.interrupt();
    }
    long lines;
    try (var l = Files.lines(run.resolve(RunRecorder.JSONL))) {
      lines = l.count();
    }
    Jvm.deleteTree(run);

    ObjectNode every = root.putObject("requests");
    every.put("sent", sent.get());
    every.put("recorded", recorded.get());
    every.put("journal_lines", lines);
    every.put("failed", failed.get());
    every.put("every_request_recorded", sent.get() == recorded.get() && recorded.get() == lines);
    ArrayNode s = root.putArray("samples");
    samples.forEach(x -> s.add(Json.MAPPER.valueToTree(x)));

    long w = Math.min(window.toNanos(), (duration.toNanos() - warmup.toNanos()) / 2);
    ObjectNode windows = root.putObject("windows");
    ObjectNode first = window(tap, warmup.toNanos(), warmup.toNanos() + w);
    ObjectNode last = window(tap, duration.toNanos() - w, duration.toNanos());
    windows.set("first", first);
    windows.set("last", last);
    ObjectNode ratio = windows.putObject("last_over_first");
    for (String k : List.of("chunks_per_s", "client_cpu_us_per_chunk", "ts_error_p50_ms", "ts_error_p99_ms")) {
      ratio.put(k, Jvm.round2(last.path(k).asDouble() / first.path(k).asDouble()));
    }

    List<Sample> measured = samples.stream().filter(x -> x.atS() * 1e9 >= warmup.toNanos()).toList();
    ObjectNode checks = root.putObject("checks");
    boolean ok = every.path("every_request_recorded").asBoolean() && failed.get() == 0;
    ok &= trend(checks, "heap_after_gc_bytes_per_request", measured, Sample::recorded, Sample::heapAfterGc, 1,
        Long.getLong("bench.soak-bytes-per-request", 1024));
    ok &= trend(checks, "rss_mb_per_hour", measured, Sample::atS, Sample::rss, 3600 / 1e6,
        Long.getLong("bench.soak-rss-mb-per-hour", 128));
    ok &= trend(checks, "open_files_per_hour", measured, Sample::atS, Sample::openFiles, 3600, 16);
    ok &= trend(checks, "platform_threads_per_hour", measured, Sample::atS, x -> x.threads(), 3600, 2);
    checks.put("no_errors", failed.get() == 0);
    checks.put("passed", ok);
    return ok;
  }

  /**
   * Fits {@code y} against {@code x} (least squares) over the samples and checks the slope, scaled,
   * against its tolerance.
   */
  private static boolean trend(ObjectNode checks, String name, List<Sample> samples,
      java.util.function.ToDoubleFunction<Sample> x, java.util.function.ToDoubleFunction<Sample> y, double scale,
      double tolerance) {
    ObjectNode c = checks.putObject(name);
    if (samples.size() < 3) {
      c.put("note", "fewer than 3 samples after the warm-up: not checked");
      return true;
    }
    double mx = samples.stream().mapToDouble(x).average().orElse(0);
    double my = samples.stream().mapToDouble(y).average().orElse(0);
    double sxy = 0;
    double sxx = 0;
    for (Sample s : samples) {
      sxy += (x.applyAsDouble(s) - mx) * (y.applyAsDouble(s) - my);
      sxx += (x.applyAsDouble(s) - mx) * (x.applyAsDouble(s) - mx);
    }
    double slope = sxx == 0 ? 0 : sxy / sxx * scale;
    c.put("slope", Jvm.round2(slope));
    c.put("tolerance", tolerance);
    c.put("first", y.applyAsDouble(samples.getFirst()));
    c.put("last", y.applyAsDouble(samples.getLast()));
    boolean ok = slope <= tolerance;
    c.put("passed", ok);
    return ok;
  }

  /** Chunks/s, CPU per chunk and timestamp error of the chunks that arrived in [fromNs, toNs) after the start. */
  private static ObjectNode window(Tap tap, long fromNs, long toNs) {
    int a = (int) (fromNs / BUCKET_NS);
    int b = (int) (toNs / BUCKET_NS);
    Histogram h = new Histogram(60_000_000L, 3);
    long chunks = 0;
    long cpuNs = 0;
    int used = 0;
    for (int k = a; k < b; k++) {
      Bucket x = tap.buckets.get(k);
      Bucket next = tap.buckets.get(k + 1);
      if (x == null || x.sampled || next == null || x.cpuNs < 0 || next.cpuNs < 0) {
        continue;
      }
      synchronized (x) {
        h.add(x.errorUs);
        chunks += x.chunks;
      }
      cpuNs += next.cpuNs - x.cpuNs;
      used++;
    }
    ObjectNode o = Json.object();
    o.put("from_s", a * BUCKET_NS / 1e9);
    o.put("to_s", b * BUCKET_NS / 1e9);
    // the 10 s stretches in which a sample's full collection ran are left out, and counted
    o.put("seconds_measured", used * BUCKET_NS / 1_000_000_000L);
    o.put("chunks", chunks);
    o.put("chunks_per_s", Math.round(chunks / Math.max(1e-9, used * BUCKET_NS / 1e9)));
    o.put("client_cpu_us_per_chunk", Jvm.round2(cpuNs / 1e3 / Math.max(1, chunks)));
    o.put("ts_error_p50_ms", h.getValueAtPercentile(50) / 1e3);
    o.put("ts_error_p99_ms", h.getValueAtPercentile(99) / 1e3);
    o.put("ts_error_max_ms", h.getMaxValue() / 1e3);
    return o;
  }

  /** Sleeps until {@code nanoTime}; false when interrupted first. */
  private static boolean sleepUntil(long nanoTime) {
    for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
      try {
        Thread.sleep(Duration.ofNanos(left));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }
}
