package dev.infermark.simulator;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The simulator's Prometheus metrics under vLLM's names ({@code vllm:*}, labelled
 * {@code model_name} and {@code engine}) plus its own {@code infermark_sim_*} health metrics, the
 * send lag above all: how late each chunk reached the socket compared with the step that produced it.
 */
final class SimMetrics {
  private static final double[] LATENCY = {0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0,
      2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0, 640.0, 2560.0};
  private static final double[] ITL = {0.001, 0.0025, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1,
      0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0};
  private static final double[] SIZES = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000,
      100000, 200000, 500000, 1000000};
  private static final double[] LAG = {0.00001, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
      0.05, 0.1, 0.25, 0.5, 1.0};

  final PromHistogram ttft = new PromHistogram("vllm:time_to_first_token_seconds",
      "Histogram of time to first token in seconds.", LATENCY);
  final PromHistogram itl = new PromHistogram("vllm:inter_token_latency_seconds",
      "Histogram of inter-token latency in seconds.", ITL);
  final PromHistogram e2e = new PromHistogram("vllm:e2e_request_latency_seconds",
      "Histogram of e2e request latency in seconds.", LATENCY);
  final PromHistogram queue = new PromHistogram("vllm:request_queue_time_seconds",
      "Histogram of time spent in WAITING phase for request.", LATENCY);
  final PromHistogram tpot = new PromHistogram("vllm:time_per_output_token_seconds",
      "Histogram of time per output token in seconds (per request: decode time / (tokens - 1)).", ITL);
  final PromHistogram prefillTime = new PromHistogram("vllm:request_prefill_time_seconds",
      "Histogram of time spent in PREFILL phase for request.", LATENCY);
  final PromHistogram decodeTime = new PromHistogram("vllm:request_decode_time_seconds",
      "Histogram of time spent in DECODE phase for request.", LATENCY);
  final PromHistogram inferenceTime = new PromHistogram("vllm:request_inference_time_seconds",
      "Histogram of time spent in RUNNING phase for request.", LATENCY);
  final PromHistogram promptSize = new PromHistogram("vllm:request_prompt_tokens",
      "Number of prefill tokens processed.", SIZES);
  final PromHistogram generationSize = new PromHistogram("vllm:request_generation_tokens",
      "Number of generation tokens processed.", SIZES);
  final PromHistogram sendLag = new PromHistogram("infermark_sim_send_lag_seconds",
      "Delay from the engine step that produced a chunk to its write to the socket.", LAG);
  final PromHistogram stepTime = new PromHistogram("infermark_sim_step_seconds",
      "Duration of one engine step as modelled (after time scaling).", ITL);

  final LongAdder promptTokens = new LongAdder();
  final LongAdder generationTokens = new LongAdder();
  final LongAdder prefixQueries = new LongAdder();
  final LongAdder prefixHits = new LongAdder();
  final LongAdder preemptions = new LongAdder();
  final LongAdder stepLateNs = new LongAdder();
  final Map<String, LongAdder> finished = new ConcurrentHashMap<>();
  final Map<Fault, LongAdder> faults = new EnumMap<>(Fault.class);
  final LongAdder rejected = new LongAdder();
  final AtomicInteger openConnections = new AtomicInteger();

  volatile int running;
  volatile int waiting;
  volatile double kvUsage;

  SimMetrics() {
    for (Fault f : Fault.values()) {
      faults.put(f, new LongAdder());
    }
  }

  void finished(String reason) {
    finished.computeIfAbsent(reason, r -> new LongAdder()).increment();
  }

  /** The metrics in Prometheus text format 0.0.4. */
  String render(String model) {
    String labels = "engine=\"0\",model_name=\"" + escape(model) + "\"";
    StringBuilder b = new StringBuilder(8192);
    gauge(b, "vllm:num_requests_running", "Number of requests in model execution batches.", labels, running);
    gauge(b, "vllm:num_requests_waiting", "Number of requests waiting to be processed.", labels, waiting);
    gauge(b, "vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", labels, kvUsage);
    counter(b, "vllm:prefix_cache_queries_total", "Prefix cache queries, in terms of number of queried tokens.", labels,
        prefixQueries.sum());
    counter(b, "vllm:prefix_cache_hits_total", "Prefix cache hits, in terms of number of cached tokens.", labels,
        prefixHits.sum());
    counter(b, "vllm:num_preemptions_total", "Cumulative number of preemption from the engine.", labels,
        preemptions.sum());
    counter(b, "vllm:prompt_tokens_total", "Number of prefill tokens processed.", labels, promptTokens.sum());
    // vLLM splits prompt tokens by where their KV came from; the simulator has no external KV connector.
    long hits = prefixHits.sum();
    b.append("# HELP vllm:prompt_tokens_by_source_total Number of prompt tokens by source.\n");
    b.append("# TYPE vllm:prompt_tokens_by_source_total counter\n");
    b.append("vllm:prompt_tokens_by_source_total{").append(labels).append(",source=\"local_compute\"} ")
        .append(number(Math.max(0, promptTokens.sum() - hits))).append('\n');
    b.append("vllm:prompt_tokens_by_source_total{").append(labels).append(",source=\"local_cache_hit\"} ")
        .append(number(hits)).append('\n');
    counter(b, "vllm:generation_tokens_total", "Number of generation tokens processed.", labels,
        generationTokens.sum());
    b.append("# HELP vllm:request_success_total Count of successfully processed requests.\n");
    b.append("# TYPE vllm:request_success_total counter\n");
    for (String reason : new String[] {"stop", "length", "abort"}) {
      LongAdder a = finished.get(reason);
      b.append("vllm:request_success_total{").append(labels).append(",finished_reason=\"").append(reason).append("\"} ")
          .append(a == null ? 0 : a.sum()).append('\n');
    }
    ttft.write(b, labels);
    itl.write(b, labels);
    e2e.write(b, labels);
    queue.write(b, labels);
    tpot.write(b, labels);
    prefillTime.write(b, labels);
    decodeTime.write(b, labels);
    inferenceTime.write(b, labels);
    promptSize.write(b, labels);
    generationSize.write(b, labels);
    sendLag.write(b, "");
    stepTime.write(b, "");
    b.append("# HELP infermark_sim_faults_total Faults injected, by type.\n");
    b.append("# TYPE infermark_sim_faults_total counter\n");
    for (Map.Entry<Fault, LongAdder> e : faults.entrySet()) {
      b.append("infermark_sim_faults_total{type=\"").append(e.getKey().name().toLowerCase(java.util.Locale.ROOT))
          .append("\"} ").append(e.getValue().sum()).append('\n');
    }
    counter(b, "infermark_sim_rejected_requests_total", "Requests answered with an HTTP 4xx before reaching the engine.",
        "", rejected.sum());
    counter(b, "infermark_sim_step_late_seconds_total", "Time the scheduler woke up later than its step deadline.", "",
        stepLateNs.sum() / 1e9);
    gauge(b, "infermark_sim_open_connections", "Open HTTP connections.", "", openConnections.get());
    return b.toString();
  }

  private static void gauge(StringBuilder b, String name, String help, String labels, double v) {
    family(b, name, help, "gauge", labels, v);
  }

  private static void counter(StringBuilder b, String name, String help, String labels, double v) {
    family(b, name, help, "counter", labels, v);
  }

  private static void family(StringBuilder b, String name, String help, String type, String labels, double v) {
    b.append("# HELP ").append(name).append(' ').append(help).append('\n');
    b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    b.append(name);
    if (!labels.isEmpty()) {
      b.append('{').append(labels).append('}');
    }
    b.append(' ').append(number(v)).append('\n');
  }

  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v) + ".0";
    }
    return Double.toString(v);
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }
}
