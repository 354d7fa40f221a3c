package dev.infermark.bench;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;
import dev.infermark.client.OpenAiClient;
import dev.infermark.json.Json;
import dev.infermark.run.Progress;
import dev.infermark.run.RunRecording;
import dev.infermark.scenario.Standard;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ObjectNode;

/**
 * Scale in one JVM (issue 28 §5): {@code bench.scale-streams} (20,000) streams in flight at once
 * through the run's client and recording ({@link Standard}), against two {@code sse_floor serve}
 * processes (the server side in processes of its own, each holding half the connections: a process
 * may hold only as many as its open-files limit). The count is lowered, and the output says so, to
 * what this process may open: its open-files limit less the files open already and
 * {@value #SPARE_FILES} spare (the recording's journal, the event loops' own descriptors).
 *
 * <p>Writes {@code target/bench/scale.json}: {@code streams} (asked, held), {@code errors} (the target
 * is 0), memory per in-flight stream in bytes ({@code heap_bytes_per_stream}: heap after a full
 * collection with every stream in flight, less the same before; {@code rss_bytes_per_stream} likewise,
 * the process's resident memory, Netty's direct buffers included; the kernel's socket buffers are
 * outside both), {@code chunks_per_s}, {@code client_cpu_us_per_chunk} and the timestamp error
 * ({@code ts_error_p50_ms}/{@code _p99_ms}; the full collection that measures the heap falls in the run
 * and shows in the maximum).
 *
 * <p>System properties: {@code bench.scale-streams} (20000), {@code bench.scale-tokens} (40),
 * {@code bench.scale-interval-ms} (1000; each stream ticks on its own, so a stream lasts tokens ×
 * interval), {@code bench.out} ({@code target/bench/scale.json}).
 */
public final class ScaleBench {
  static final int SPARE_FILES = 64;

  private ScaleBench() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of(System.getProperty("bench.out", "target/bench/scale.json"));
    int asked = Integer.getInteger("bench.scale-streams", 20_000);
    int tokens = Integer.getInteger("bench.scale-tokens", 40);
    int intervalMs = Integer.getInteger("bench.scale-interval-ms", 1000);
    ObjectNode root = Jvm.describe();
    Files.createDirectories(out.toAbsolutePath().getParent());
    Path dir = out.toAbsolutePath().getParent();
    Path floor = SseFloor.build(dir, root);
    if (floor != null) {
      run(floor, asked, tokens, intervalMs, dir, root);
    }
    root.put("system_load_average_end", Jvm.load());
    Json.PRETTY.writeValue(out.toFile(), root);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  private static void run(Path floor, int asked, int tokens, int intervalMs, Path dir, ObjectNode root) throws Exception {
    int a = SseFloor.freePort();
    int b = SseFloor.freePort();
    int w = SseFloor.freePort();
    List<Process> servers = List.of(SseFloor.serve(floor, a, intervalMs, tokens, "spread"),
        SseFloor.serve(floor, b, intervalMs, tokens, "spread"), SseFloor.serve(floor, w, 20, 3, "burst"));
    Settings settings = Settings.of(Map.of("model", "floor", "request-timeout", "600s", "transport", "netty"));
    List<URI> urls = List.of(URI.create("http://127.0.0.1:" + a), URI.create("http://127.0.0.1:" + b));
    try {
      warmUp(URI.create("http://127.0.0.1:" + w), settings, dir);
      long limit = openFilesLimit();
      long open = Jvm.openFiles();
      int streams = (int) Math.min(asked, limit - open - SPARE_FILES);
      ObjectNode s = root.putObject("streams");
      s.put("asked", asked);
      s.put("held", streams);
      s.put("open_files_limit", limit);
      s.put("open_files_before", open);
      s.put("spare_files", SPARE_FILES);
      if (streams < asked) {
        s.put("note", "lowered to the open-files limit (" + limit + ") less the " + open + " files open and "
            + SPARE_FILES + " spare: one socket per stream");
      }
      root.put("tokens", tokens);
      root.put("interval_ms", intervalMs);
      measure(urls, settings, streams, tokens, intervalMs, dir, root);
    } finally {
      SseFloor.stop(servers);
    }
  }

  /** The JIT's warm-up on the per-request and per-chunk paths: short streams, recorded. */
  private static void warmUp(URI base, Settings settings, Path dir) throws Exception {
    long jit0 = Jvm.jitMs();
    for (int round = 0; round < 10; round++) {
      Path run = Files.createTempDirectory(dir, "scale-warm-");
      try (OpenAiClient client = OpenAiClient.create(settings, base, new Progress());
           RunRecording rec = Standard.recordings().open(run, settings, client)) {
        send(client, rec, 2_000, 3, "w" + round, Executors.newVirtualThreadPerTaskExecutor()).close();
      }
      Jvm.deleteTree(run);
    }
    System.out.println("scale: warm-up JIT " + (Jvm.jitMs() - jit0) + " ms");
  }

  private static void measure(List<URI> urls, Settings settings, int streams, int tokens, int intervalMs, Path dir,
      ObjectNode root) throws Exception {
    Path run = Files.createTempDirectory(dir, "scale-run-");
    Progress progress = new Progress();
    TsErrors errors = new TsErrors(streams * (tokens + 4));
    ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();
    try (OpenAiClient client = OpenAiClient.create(settings, urls, progress);
         RunRecording rec = Standard.recordings().open(run, settings, client)) {
      client.tap(errors);
      long heap0 = Jvm.heapAfterGc();
      long rss0 = Jvm.rssBytes();
      long cpu0 = Jvm.cpuNs();
      long[] gc0 = Jvm.gc();
      long t0 = System.nanoTime();
      ExecutorService exec = Executors.newVirtualThreadPerTaskExecutor();
      for (int i = 0; i < streams; i++) {
        String id = "s-" + i;
        exec.submit(() -> records.add(sendOne(client, rec, id, tokens)));
      }
      // Every stream in flight and streaming: sent, not back, about two chunks each received (a stream
      // lasts tokens × interval); bounded, the count then says how many got there.
      long deadline = System.nanoTime() + Math.max(60_000L, (long) tokens * intervalMs / 2) * 1_000_000L;
      while ((progress.inFlight() < streams || errors.count() < 2L * streams) && progress.returned() == 0
          && System.nanoTime() < deadline) {
        Thread.sleep(50); // polls gauges; nothing waits on this for correctness
      }
      long inFlight = progress.inFlight();
      long heap1 = Jvm.heapAfterGc();
      long rss1 = Jvm.rssBytes();
      ObjectNode m = root.putObject("in_flight");
      m.put("streams", inFlight);
      m.put("seconds_to_all_in_flight", Jvm.round2((System.nanoTime() - t0) / 1e9));
      m.put("open_files", Jvm.openFiles());
      m.put("platform_threads", Jvm.threads());
      m.put("heap_after_gc_before_bytes", heap0);
      m.put("heap_after_gc_bytes", heap1);
      m.put("heap_bytes_per_stream", Math.round((heap1 - heap0) / (double) Math.max(1, inFlight)));
      if (rss0 > 0 && rss1 > 0) {
        m.put("rss_before_bytes", rss0);
        m.put("rss_bytes", rss1);
        m.put("rss_bytes_per_stream", Math.round((rss1 - rss0) / (double) Math.max(1, inFlight)));
      }
      System.out.println("scale: in flight " + m);
      exec.close(); // every stream back
      long cpu = Jvm.cpuNs() - cpu0;
      long[] gc1 = Jvm.gc();
      List<RequestRecord> all = new ArrayList<>(records);
      long chunks = all.stream().mapToLong(r -> r.contentChunkNs().length).sum();
      long first = all.stream().flatMapToLong(r -> Arrays.stream(r.contentChunkNs())).min().orElse(0);
      long last = all.stream().flatMapToLong(r -> Arrays.stream(r.contentChunkNs())).max().orElse(0);
      long failed = all.stream().filter(r -> !r.ok()).count();
      ObjectNode o = root.putObject("infermark");
      o.put("requests", all.size());
      o.put("errors", failed);
      all.stream().filter(r -> !r.ok()).limit(3).forEach(r -> o.withArray("error_examples").add(r.error().toString()));
      o.put("no_errors", failed == 0 && all.size() == streams && chunks == (long) streams * tokens);
      o.put("chunks", chunks);
      o.put("chunks_per_s", Math.round(chunks / Math.max(1e-9, (last - first) / 1e9)));
      o.put("client_cpu_us_per_chunk", Jvm.round2(cpu / 1e3 / Math.max(1, chunks)));
      o.put("gc_collections", gc1[0] - gc0[0]);
      o.put("gc_time_ms", gc1[1] - gc0[1]);
      long[] e = errors.sorted();
      if (e.length > 0) {
        o.put("ts_error_p50_ms", e[e.length / 2] / 1e6);
        o.put("ts_error_p99_ms", e[(int) (e.length * 0.99)] / 1e6);
        o.put("ts_error_max_ms", e[e.length - 1] / 1e6);
      }
      System.out.println("scale: " + o);
    }
    Jvm.deleteTree(run);
  }

  private static ExecutorService send(OpenAiClient client, RunRecording rec, int streams, int tokens, String tag,
      ExecutorService exec) {
    for (int i = 0; i < streams; i++) {
      String id = tag + "-" + i;
      exec.submit(() -> sendOne(client, rec, id, tokens));
    }
    return exec;
  }

  private static RequestRecord sendOne(OpenAiClient client, RunRecording rec, String id, int tokens) {
    RequestRecord r = client.send(InferenceRequest.chat(RequestTags.of(id, id, 0), List.of(ChatMessage.user("hi")), tokens));
    rec.accept(r);
    return r;
  }

  /** This process's open-files limit (soft; the JVM raises it to the hard one), from {@code /proc/self/limits}. */
  private static long openFilesLimit() throws Exception {
    for (String l : Files.readAllLines(Path.of("/proc/self/limits"))) {
      if (l.startsWith("Max open files")) {
        return Long.parseLong(l.substring("Max open files".length()).trim().split("\\s+")[0]);
      }
    }
    return Long.MAX_VALUE;
  }
}
