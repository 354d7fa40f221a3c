package dev.infermark.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import dev.infermark.client.ChatMessage;
import dev.infermark.client.InferenceRequest;
import dev.infermark.client.OpenAiClient;
import dev.infermark.json.Json;
import dev.infermark.metrics.ClientSelfCheck;
import dev.infermark.metrics.SelfCheckResult;
import dev.infermark.record.RequestRecord;
import dev.infermark.record.RequestTags;
import dev.infermark.run.Progress;
import dev.infermark.settings.Settings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client benchmark (issue 3): drives {@link OpenAiClient} against the simulator running in a
 * separate JVM (so this process's CPU is the client's alone) and writes {@code target/bench/client.json}.
 * Timestamp error = the client's receive time of each content chunk minus the simulator's send time
 * of that token's chunk ({@code GET /ground-truth/<X-Request-ID>}); both are CLOCK_MONOTONIC, so
 * comparable across processes on one Linux host.
 *
 * <p>System properties: {@code bench.streams} (concurrency levels, default {@code 100,1000}),
 * {@code bench.tokens} (output tokens per request, default 100), {@code bench.time-scale}
 * (simulator step-time multiplier, default 1), {@code bench.hold} (streams for the hold-open check,
 * default 10000; 0 skips it), {@code bench.out} (default {@code target/bench/client.json}).
 * The simulator JVM uses this JVM's class path.
 */
public final class ClientBench {
  private ClientBench() {}

  public static void main(String[] args) throws Exception {
    List<Integer> levels = Arrays.stream(System.getProperty("bench.streams", "100,1000").split(",")).map(String::trim)
        .map(Integer::parseInt).toList();
    int tokens = Integer.getInteger("bench.tokens", 100);
    double timeScale = Double.parseDouble(System.getProperty("bench.time-scale", "1"));
    int hold = Integer.getInteger("bench.hold", 10_000);
    Path out = Path.of(System.getProperty("bench.out", "target/bench/client.json"));
    int maxStreams = Math.max(hold, levels.stream().mapToInt(Integer::intValue).max().orElse(1));

    Process sim = startSimulator(maxStreams, timeScale);
    try {
      URI base = URI.create(readListening(sim));
      ObjectNode root = Json.object();
      ArrayNode runs = root.putArray("runs");
      for (int streams : levels) {
        ObjectNode run = measure(base, streams, tokens);
        runs.add(run);
        System.out.println(run);
      }
      // The headline numbers are the largest level's.
      ObjectNode top = (ObjectNode) runs.get(runs.size() - 1);
      for (String k : List.of("streams", "chunks_per_s", "client_cpu_us_per_chunk", "ts_error_p50_ms", "ts_error_p99_ms")) {
        root.set(k, top.get(k));
      }
      if (hold > 0) {
        ObjectNode h = holdOpen(base, hold, Math.max(10, tokens / 5));
        root.set("hold", h);
        System.out.println(h);
      }
      root.put("processors", Runtime.getRuntime().availableProcessors());
      // Timestamp error is as good as the CPU headroom: record how busy the machine was.
      root.put("system_load_average", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
      root.put("java", Runtime.version().toString());
      Files.createDirectories(out.toAbsolutePath().getParent());
      Json.PRETTY.writeValue(out.toFile(), root);
      System.out.println("wrote " + out.toAbsolutePath());
    } finally {
      sim.destroy();
      sim.waitFor(10, TimeUnit.SECONDS);
    }
  }

  private static Process startSimulator(int maxStreams, double timeScale) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = List.of(java, "-Xmx2g", "-cp", System.getProperty("java.class.path"), "dev.infermark.simulator.Main",
        "--host", "127.0.0.1", "--port", "0", "--max-num-seqs", Integer.toString(maxStreams), "--num-kv-blocks", "4000000",
        "--max-num-batched-tokens", "65536", "--time-scale", Double.toString(timeScale), "--ground-truth-capacity",
        Integer.toString(Math.max(100_000, maxStreams * 3)));
    return new ProcessBuilder(cmd).redirectErrorStream(true).start();
  }

  private static String readListening(Process sim) throws IOException {
    BufferedReader r = new BufferedReader(new InputStreamReader(sim.getInputStream(), StandardCharsets.UTF_8));
    String line;
    while ((line = r.readLine()) != null) {
      int at = line.indexOf("http://");
      if (line.contains("listening on") && at >= 0) {
        String url = line.substring(at).split(" ")[0];
        // keep draining the simulator's output so it never blocks on a full pipe
        Thread.ofVirtual().start(() -> r.lines().forEach(l -> {}));
        return url;
      }
      System.out.println("simulator: " + line);
    }
    throw new IOException("the simulator exited before listening");
  }

  private static OpenAiClient client(URI base) {
    return OpenAiClient.create(Settings.of(Map.of("model", "infermark-sim", "extra-inputs", "ignore_eos:true",
        "request-timeout", "600s")), base, new Progress());
  }

  private static List<RequestRecord> round(OpenAiClient client, int streams, int tokens, String tag) throws InterruptedException {
    ConcurrentLinkedQueue<RequestRecord> records = new ConcurrentLinkedQueue<>();
    try (var exec = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int i = 0; i < streams; i++) {
        String id = tag + "-" + i;
        exec.submit(() -> records.add(client.send(InferenceRequest.chat(RequestTags.of(id, id, 0),
            List.of(ChatMessage.user("benchmark the client please " + id)), tokens))));
      }
    }
    return new ArrayList<>(records);
  }

  private static ObjectNode measure(URI base, int streams, int tokens) throws Exception {
    try (OpenAiClient client = client(base)) {
      round(client, Math.min(streams, 100), 10, "warm" + streams);
      ClientSelfCheck check = ClientSelfCheck.start();
      check.attach(client.stats());
      long cpu0 = cpuNs();
      long t0 = System.nanoTime();
      List<RequestRecord> records = round(client, streams, tokens, "s" + streams);
      long wall = System.nanoTime() - t0;
      long cpu = cpuNs() - cpu0;
      SelfCheckResult sc = check.stop(0);
      long chunks = records.stream().mapToLong(r -> r.contentChunkNs().length).sum();
      long errors = records.stream().filter(r -> !r.ok()).count();
      double[] err = timestampErrors(base, records);
      ObjectNode o = Json.object();
      o.put("streams", streams);
      o.put("tokens_per_request", tokens);
      o.put("requests", records.size());
      o.put("errors", errors);
      o.put("chunks", chunks);
      o.put("wall_s", wall / 1e9);
      o.put("chunks_per_s", chunks / (wall / 1e9));
      o.put("client_cpu_us_per_chunk", chunks == 0 ? Double.NaN : cpu / 1e3 / chunks);
      o.put("client_cpu_cores", (double) cpu / wall);
      o.put("ts_error_samples", err.length);
      if (err.length > 0) {
        o.put("ts_error_p50_ms", pct(err, 50));
        o.put("ts_error_p90_ms", pct(err, 90));
        o.put("ts_error_p99_ms", pct(err, 99));
        o.put("ts_error_max_ms", err[err.length - 1]);
      }
      o.put("scheduler_lag_p99_ms", sc.schedulerLagP99Ms());
      return o;
    }
  }

  /** Client receive time minus simulator send time, per content chunk, sorted, in ms. */
  private static double[] timestampErrors(URI base, List<RequestRecord> records) throws Exception {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    List<Double> out = new ArrayList<>();
    for (RequestRecord r : records) {
      if (!r.ok()) {
        continue;
      }
      HttpResponse<String> resp = http.send(HttpRequest.newBuilder(base.resolve("/ground-truth/" + r.requestId())).build(),
          HttpResponse.BodyHandlers.ofString());
      if (resp.statusCode() != 200) {
        continue;
      }
      JsonNode sends = Json.parse(resp.body()).get("chunk_send_ns");
      long[] got = r.contentChunkNs();
      int n = Math.min(got.length, sends == null ? 0 : sends.size());
      for (int i = 0; i < n; i++) {
        out.add((got[i] - sends.get(i).longValue()) / 1e6);
      }
    }
    double[] a = out.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(a);
    return a;
  }

  /** Opens {@code streams} streams at once and keeps them open until they finish; counts client-side errors. */
  private static ObjectNode holdOpen(URI base, int streams, int tokens) throws Exception {
    try (OpenAiClient client = client(base)) {
      long t0 = System.nanoTime();
      List<RequestRecord> records = round(client, streams, tokens, "hold");
      long wall = System.nanoTime() - t0;
      ObjectNode o = Json.object();
      o.put("streams", streams);
      o.put("tokens_per_request", tokens);
      o.put("completed", records.stream().filter(RequestRecord::ok).count());
      o.put("errors", records.stream().filter(r -> !r.ok()).count());
      records.stream().filter(r -> !r.ok()).limit(3).forEach(r -> o.withArray("error_examples").add(r.error().toString()));
      o.put("wall_s", wall / 1e9);
      return o;
    }
  }

  private static double pct(double[] sorted, double p) {
    double idx = (sorted.length - 1) * p / 100;
    int lo = (int) Math.floor(idx);
    int hi = Math.min(sorted.length - 1, lo + 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (idx - lo);
  }

  private static long cpuNs() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }
}
