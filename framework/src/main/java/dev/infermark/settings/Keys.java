package dev.infermark.settings;

import java.util.List;

import dev.infermark.api.Setting;
import tools.jackson.databind.node.ObjectNode;

/**
 * The framework's settings, named after AIPerf's CLI flags; each name is the API's {@link Setting} constant (one
 * definition, which a scenario's {@code @Default(key = Setting.X)} uses too). Modules add their own through
 * {@link KeyCatalog}; {@code docs/settings.md} lists them all.
 */
public final class Keys implements KeyCatalog {
  // Selection and presets
  public static final SettingKey<String> SCENARIO = SettingKey.string(Setting.SCENARIO, null,
      "Run exactly the built-in scenario with this name (mvn test -Dinfermark.scenario=NAME); unit tests are skipped.");
  public static final SettingKey<String> PRESET = SettingKey.string(Setting.PRESET, null,
      "A named preset of scenario defaults, e.g. smoke (a minute or two on built-in synthetic data).");

  // Target
  public static final SettingKey<List<java.net.URI>> URL = SettingKey.urls(Setting.URL,
      "Server URL(s): host:port or full URLs. Several (comma-separated) share the load: requests go round-robin, "
          + "an AgentX session tree, an AA-AgentPerf agent or a multi-turn conversation's user sticks to one. Unset: the embedded simulator is started for the run.");
  public static final SettingKey<List<String>> MODEL = SettingKey.list(Setting.MODEL, null,
      "Model name(s) sent in requests; several are comma-separated (trace models map onto them in order).");
  public static final SettingKey<String> TOKENIZER = SettingKey.string(Setting.TOKENIZER, null,
      "Tokenizer: a tokenizer.json path, a folder holding one, a HuggingFace model id, or builtin:words. Unset: the model id, else builtin:words.");
  public static final SettingKey<String> ENDPOINT_TYPE = SettingKey.string(Setting.ENDPOINT_TYPE, "chat",
      "chat (/v1/chat/completions) or completions (/v1/completions).");
  public static final SettingKey<String> CUSTOM_ENDPOINT = SettingKey.string(Setting.CUSTOM_ENDPOINT, null,
      "Override the endpoint path (e.g. /v1/chat/completions).");
  public static final SettingKey<Boolean> STREAMING = SettingKey.bool(Setting.STREAMING, true,
      "Stream responses as server-sent events (needed for TTFT and inter-token latency).");
  public static final SettingKey<String> API_KEY = SettingKey.secret(Setting.API_KEY,
      "API key sent as 'Authorization: Bearer'; OPENAI_API_KEY also works. Never written to logs or artifacts; "
          + "prefer api-key-file or the environment to -D (see docs/running.md).");
  public static final SettingKey<String> API_KEY_FILE = SettingKey.string(Setting.API_KEY_FILE, null,
      "A file holding only the API key (surrounding whitespace is ignored): keeps the key off command lines and out of "
          + "system properties. Not together with api-key.");
  public static final SettingKey<ObjectNode> EXTRA_INPUTS = SettingKey.jsonObject(Setting.EXTRA_INPUTS,
      "Extra request-body fields merged into every request: a JSON object or key:value pairs (ignore_eos:true,top_k:20).");
  public static final SettingKey<Boolean> USE_LEGACY_MAX_TOKENS = SettingKey.bool(Setting.USE_LEGACY_MAX_TOKENS, false,
      "Send max_tokens instead of max_completion_tokens.");
  public static final SettingKey<Boolean> USE_SERVER_TOKEN_COUNT = SettingKey.bool(Setting.USE_SERVER_TOKEN_COUNT, true,
      "Take ISL/OSL from the server's usage (stream_options.include_usage); off: count with the tokenizer after the run.");
  public static final SettingKey<Boolean> PREFLIGHT = SettingKey.bool(Setting.PREFLIGHT, true,
      "Before any load, check the target: GET /v1/models (every infermark.model served?) and one 1-token request of "
          + "the run's endpoint type; a dead or wrong endpoint fails the run within seconds. false skips it.");
  public static final SettingKey<Integer> CONNECTION_FAILURE_LIMIT = SettingKey.integer(Setting.CONNECTION_FAILURE_LIMIT, 100,
      "Abort the run (artifacts written, stamped connection_failures) after this many requests in a row could not "
          + "connect or lost their connection (connection_refused, connection_reset): consecutive failures, any other "
          + "outcome starts the count again, so a server restart with fewer failures in a row is ridden out; 0: never.");
  public static final SettingKey<java.time.Duration> REQUEST_TIMEOUT = SettingKey.duration(Setting.REQUEST_TIMEOUT, "600s",
      "Deadline of one whole request, headers to last chunk.");
  public static final SettingKey<String> PROTOCOL = SettingKey.string(Setting.PROTOCOL, "openai",
      "The protocol client requests are sent with: openai (OpenAI-compatible HTTP with SSE streaming, the built-in one); "
          + "a protocol client on the class path adds its name. See docs/client.md.");
  public static final SettingKey<String> TRANSPORT = SettingKey.string(Setting.TRANSPORT, "netty",
      "Client transport: netty (Netty with native epoll on Linux x86-64, NIO elsewhere) or jdk (the JDK HttpClient). See docs/client.md.");
  public static final SettingKey<Integer> EVENT_LOOPS = SettingKey.integer(Setting.EVENT_LOOPS, 0,
      "Netty transport: event-loop threads that read every connection; 0 = automatic (2 on a machine with 2 cores or more, "
          + "then one per 8 cores, at most 4; 1 on one core). See docs/client.md.");
  public static final SettingKey<String> TLS_CA = SettingKey.string(Setting.TLS_CA, null,
      "PEM file of the CA certificate(s) to trust for https:// instead of the JVM's default trust store (as curl --cacert), e.g. a self-signed server's certificate.");
  public static final SettingKey<List<String>> SESSION_HEADERS = SettingKey.list(Setting.SESSION_HEADERS, "",
      "Opt-in session-affinity headers from the conversation id: x-session-id, dynamo, smg.");
  public static final SettingKey<List<String>> CONTEXT_OVERFLOW_SUBSTRINGS = SettingKey.list(Setting.CONTEXT_OVERFLOW_SUBSTRINGS,
      "context length,maximum context,context_length_exceeded,prompt is too long,exceeds the available context size,"
          + "exceed_context_size_error,longer than the maximum model length,is longer than the model's context length,"
          + "too many tokens",
      "Case-insensitive substrings of an error body that classify it as a context overflow.");

  // Load
  public static final SettingKey<List<Integer>> CONCURRENCY = SettingKey.intList(Setting.CONCURRENCY, "1",
      "Live conversations (session trees, agents) at once.");
  public static final SettingKey<List<Double>> REQUEST_RATE = SettingKey.decimalList(Setting.REQUEST_RATE, null,
      "Run the workload as an open loop: one iteration per arrival, this many arrivals per second on average (AIPerf's "
          + "--request-rate); unset: a closed loop of concurrency users. See docs/load-models.md.");
  public static final SettingKey<String> ARRIVAL_PATTERN = SettingKey.choice(Setting.ARRIVAL_PATTERN, "poisson",
      "How an open loop's arrivals are spaced: constant, poisson or gamma (AIPerf's --arrival-pattern, also "
          + "--request-rate-mode).", "constant", "poisson", "gamma");
  public static final SettingKey<Double> ARRIVAL_SMOOTHNESS = SettingKey.decimal(Setting.ARRIVAL_SMOOTHNESS, null,
      "Gamma's shape k: below 1 burstier than Poisson, 1 Poisson, above 1 smoother (AIPerf's --arrival-smoothness, "
          + "vLLM's --burstiness); given alone it selects arrival-pattern gamma.");
  public static final SettingKey<Integer> MAX_CONCURRENCY = SettingKey.integer(Setting.MAX_CONCURRENCY, null,
      "An open loop's cap on iterations in flight: an arrival beyond it waits for a slot, and the wait is measured "
          + "(vLLM's --max-concurrency; with request-rate, AIPerf's --concurrency means the same). Without request-rate: the "
          + "closed loop's users.");
  public static final SettingKey<java.time.Duration> REQUEST_RATE_RAMP_DURATION = SettingKey.duration(
      Setting.REQUEST_RATE_RAMP_DURATION, null, "Ramp the request rate up to request-rate over this long at the start of each phase.");
  public static final SettingKey<String> REQUEST_RATE_RAMP_SHAPE = SettingKey.choice(Setting.REQUEST_RATE_RAMP_SHAPE, "linear",
      "The request-rate ramp's shape: linear or exponential.", "linear", "exponential");
  public static final SettingKey<Double> REQUEST_RATE_RAMP_START = SettingKey.decimal(Setting.REQUEST_RATE_RAMP_START, null,
      "The request-rate ramp's start, arrivals per second; unset: 0 (linear). An exponential ramp needs one above 0.");
  public static final SettingKey<java.time.Duration> CONCURRENCY_RAMP_DURATION = SettingKey.duration(
      Setting.CONCURRENCY_RAMP_DURATION, null,
      "Ramp the concurrency (a closed loop's users, an open loop's cap) up over this long at the start of each phase.");
  public static final SettingKey<String> CONCURRENCY_RAMP_SHAPE = SettingKey.choice(Setting.CONCURRENCY_RAMP_SHAPE, "linear",
      "The concurrency ramp's shape: linear or exponential.", "linear", "exponential");
  public static final SettingKey<Integer> CONCURRENCY_RAMP_START = SettingKey.integer(Setting.CONCURRENCY_RAMP_START, null,
      "The concurrency ramp's start; unset: 1.");
  public static final SettingKey<Double> USER_CENTRIC_RATE = SettingKey.decimal(Setting.USER_CENTRIC_RATE, null,
      "AIPerf's user-centric rate: num-users users, each user's next turn due num-users/rate seconds after its previous "
          + "one (requests per second over all users).");
  public static final SettingKey<Integer> NUM_USERS = SettingKey.integer(Setting.NUM_USERS, null,
      "The users of a user-centric rate (AIPerf's --num-users).");
  public static final SettingKey<java.time.Duration> BENCHMARK_DURATION = SettingKey.duration(Setting.BENCHMARK_DURATION, "60s",
      "How long the profiling phase sends requests (90s, 2m, 1h; plain numbers are seconds).");
  public static final SettingKey<java.time.Duration> BENCHMARK_GRACE_PERIOD = SettingKey.duration(Setting.BENCHMARK_GRACE_PERIOD, "30s",
      "How long in-flight requests may finish after the profiling phase stops sending.");
  public static final SettingKey<Integer> REQUEST_COUNT = SettingKey.integer(Setting.REQUEST_COUNT, 0,
      "Stop profiling after this many completed requests (0: no limit).");
  public static final SettingKey<Integer> WARMUP_REQUEST_COUNT = SettingKey.integer(Setting.WARMUP_REQUEST_COUNT, 0,
      "Warmup requests before profiling (kept out of the metrics).");
  public static final SettingKey<java.time.Duration> WARMUP_DURATION = SettingKey.duration(Setting.WARMUP_DURATION, "0s",
      "Warmup duration before profiling (closed-loop workloads; with warmup-request-count, whichever ends first).");
  public static final SettingKey<Long> RANDOM_SEED = SettingKey.longValue(Setting.RANDOM_SEED, null,
      "Seed of every random choice; unset: a fresh seed is drawn and recorded in the artifacts.");
  public static final SettingKey<Integer> NUM_PROFILE_RUNS = SettingKey.integer(Setting.NUM_PROFILE_RUNS, 1,
      "Repeat the profiling run N times and write an aggregate with confidence intervals.");
  public static final SettingKey<Double> CONFIDENCE_LEVEL = SettingKey.decimal(Setting.CONFIDENCE_LEVEL, 0.95,
      "Confidence level of the multi-run aggregate.");
  public static final SettingKey<Double> FAILED_REQUEST_THRESHOLD = SettingKey.decimal(Setting.FAILED_REQUEST_THRESHOLD, 0.1,
      "Largest failed share of a run's profiling requests (0.1 is 10 %): above it the run's error_rate check fails. "
          + "Counted: requests that failed by the server's or the client's doing; not counted: requests the run cut off at "
          + "its end (cut-off-threshold) or cancelled. The AgentX replay also aborts the run early when it is set "
          + "explicitly (AIPerf's --failed-request-threshold).");
  public static final SettingKey<Double> CUT_OFF_THRESHOLD = SettingKey.decimal(Setting.CUT_OFF_THRESHOLD, 0.5,
      "Largest share of a run's profiling requests the run may cut off at its own end (still in flight when a grace "
          + "period ran out; 0.5 is 50 %): above it the run's error_rate check fails, since a server that never "
          + "finishes requests is not healthy. Cut-offs are not failures: they are counted apart from the error rate.");
  public static final SettingKey<List<String>> GOODPUT = SettingKey.list(Setting.GOODPUT, "",
      "Goodput SLOs, metric:threshold pairs (ms for latencies), e.g. time_to_first_token:200,inter_token_latency:25.");

  // Data
  public static final SettingKey<String> INPUT_FILE = SettingKey.string(Setting.INPUT_FILE, null,
      "A local dataset file or folder.");
  public static final SettingKey<String> PUBLIC_DATASET = SettingKey.string(Setting.PUBLIC_DATASET, null,
      "A named public dataset (downloaded through the HuggingFace hub, cached).");
  public static final SettingKey<Integer> NUM_DATASET_ENTRIES = SettingKey.integer(Setting.NUM_DATASET_ENTRIES, null,
      "Keep the first N dataset entries (after filters).");

  // Server metrics
  public static final SettingKey<Boolean> NO_SERVER_METRICS = SettingKey.bool(Setting.NO_SERVER_METRICS, false,
      "Do not scrape the servers' Prometheus /metrics (collected by default, as AIPerf does).");
  public static final SettingKey<List<String>> SERVER_METRICS = SettingKey.list(Setting.SERVER_METRICS, "",
      "More Prometheus endpoints to scrape besides the inference URL's /metrics (host:port or URLs; /metrics is added when there is no path).");
  public static final SettingKey<java.time.Duration> SERVER_METRICS_INTERVAL = SettingKey.duration(
      Setting.SERVER_METRICS_INTERVAL, "333ms", "How often each /metrics endpoint is scraped (AIPerf's default: 333 ms).");

  // Output and rules
  public static final SettingKey<String> ARTIFACT_DIR = SettingKey.string(Setting.ARTIFACT_DIR, "target/infermark",
      "Where artifacts go; each run writes into a new folder <artifact-dir>/<scenario>/<timestamp>[-<params>]/ "
          + "and points <artifact-dir>/<scenario>/latest at it.");
  public static final SettingKey<List<String>> RESULT_FORMATS = SettingKey.list(Setting.RESULT_FORMATS, "",
      "The result formats a run writes, by name (as JMH's -rf): aiperf-json, aiperf-csv, console, and those of the modules on "
          + "the class path (agentperf-json, accuracy-csv, html, ...); empty: every one that applies to the run. "
          + "An unknown name is a discovery issue and fails the run before any load. See docs/artifacts.md.");
  public static final SettingKey<Boolean> UNSAFE_OVERRIDE = SettingKey.bool(Setting.UNSAFE_OVERRIDE, false,
      "Turn bypassable @Locked violations into warnings; the run is stamped submission_valid=false (unsafe_override).");
  public static final SettingKey<java.time.Duration> PROGRESS_INTERVAL = SettingKey.duration(Setting.PROGRESS_INTERVAL, "10s",
      "How often a run prints a progress line where the output is not a terminal (Maven, CI); "
          + "on a terminal a progress bar is redrawn each second.");
  public static final SettingKey<String> UI_TYPE = SettingKey.choice(Setting.UI_TYPE, "auto",
      "How a run shows its live progress (AIPerf's --ui-type, --ui): auto (a progress bar on a terminal, a line every "
          + "progress-interval elsewhere), dashboard and simple (the same display: infermark has one, a progress bar, "
          + "and no full-screen dashboard), none (no live progress; everything else is still printed).",
      "auto", "dashboard", "simple", "none");
  public static final SettingKey<Boolean> VERBOSE = SettingKey.bool(Setting.VERBOSE, false,
      "Print more (AIPerf's --verbose, -v): each test node's unique id when its run starts, to run that node alone "
          + "(the IDE, the ConsoleLauncher's --select-unique-id). The ids are in every run folder's unique_ids.txt too.");

  private static final List<SettingKey<?>> ALL = List.of(SCENARIO, PRESET, URL, MODEL, TOKENIZER, ENDPOINT_TYPE,
      CUSTOM_ENDPOINT, STREAMING, API_KEY, API_KEY_FILE, EXTRA_INPUTS, USE_LEGACY_MAX_TOKENS, USE_SERVER_TOKEN_COUNT, PREFLIGHT,
      CONNECTION_FAILURE_LIMIT, REQUEST_TIMEOUT,
      PROTOCOL, TRANSPORT, EVENT_LOOPS, TLS_CA, SESSION_HEADERS, CONTEXT_OVERFLOW_SUBSTRINGS, CONCURRENCY, REQUEST_RATE, ARRIVAL_PATTERN, ARRIVAL_SMOOTHNESS,
      MAX_CONCURRENCY, REQUEST_RATE_RAMP_DURATION, REQUEST_RATE_RAMP_SHAPE, REQUEST_RATE_RAMP_START, CONCURRENCY_RAMP_DURATION,
      CONCURRENCY_RAMP_SHAPE, CONCURRENCY_RAMP_START, USER_CENTRIC_RATE, NUM_USERS, BENCHMARK_DURATION, BENCHMARK_GRACE_PERIOD,
      REQUEST_COUNT, WARMUP_REQUEST_COUNT, WARMUP_DURATION, RANDOM_SEED, NUM_PROFILE_RUNS, CONFIDENCE_LEVEL,
      FAILED_REQUEST_THRESHOLD, CUT_OFF_THRESHOLD, GOODPUT,
      INPUT_FILE, PUBLIC_DATASET, NUM_DATASET_ENTRIES, NO_SERVER_METRICS, SERVER_METRICS, SERVER_METRICS_INTERVAL,
      ARTIFACT_DIR, RESULT_FORMATS, UNSAFE_OVERRIDE, PROGRESS_INTERVAL, UI_TYPE, VERBOSE);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }
}
