package dev.infermark.api;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * The names of the core settings, for annotations: {@code @Default(key = Setting.CONCURRENCY, value = "8")},
 * {@code @Locked(key = Setting.STREAMING, value = "true")}. A setting is {@code -Dinfermark.<name>}
 * or {@code INFERMARK_<NAME>}; docs/settings.md says what each does. The methodology modules keep
 * the names of their own settings beside their key catalogs.
 */
@API(status = STABLE, since = "0.1")
public final class Setting {
  private Setting() {}

  public static final String SCENARIO = "scenario";
  public static final String PRESET = "preset";
  public static final String URL = "url";
  public static final String MODEL = "model";
  public static final String TOKENIZER = "tokenizer";
  public static final String ENDPOINT_TYPE = "endpoint-type";
  public static final String CUSTOM_ENDPOINT = "custom-endpoint";
  public static final String STREAMING = "streaming";
  public static final String API_KEY = "api-key";
  public static final String API_KEY_FILE = "api-key-file";
  public static final String EXTRA_INPUTS = "extra-inputs";
  public static final String USE_LEGACY_MAX_TOKENS = "use-legacy-max-tokens";
  public static final String USE_SERVER_TOKEN_COUNT = "use-server-token-count";
  public static final String PREFLIGHT = "preflight";
  public static final String CONNECTION_FAILURE_LIMIT = "connection-failure-limit";
  public static final String REQUEST_TIMEOUT = "request-timeout";
  public static final String TRANSPORT = "transport";
  public static final String EVENT_LOOPS = "event-loops";
  public static final String TLS_CA = "tls-ca";
  public static final String SESSION_HEADERS = "session-headers";
  public static final String CONTEXT_OVERFLOW_SUBSTRINGS = "context-overflow-substrings";
  public static final String CONCURRENCY = "concurrency";
  public static final String REQUEST_RATE = "request-rate";
  public static final String ARRIVAL_PATTERN = "arrival-pattern";
  public static final String ARRIVAL_SMOOTHNESS = "arrival-smoothness";
  public static final String MAX_CONCURRENCY = "max-concurrency";
  public static final String REQUEST_RATE_RAMP_DURATION = "request-rate-ramp-duration";
  public static final String REQUEST_RATE_RAMP_SHAPE = "request-rate-ramp-shape";
  public static final String REQUEST_RATE_RAMP_START = "request-rate-ramp-start";
  public static final String CONCURRENCY_RAMP_DURATION = "concurrency-ramp-duration";
  public static final String CONCURRENCY_RAMP_SHAPE = "concurrency-ramp-shape";
  public static final String CONCURRENCY_RAMP_START = "concurrency-ramp-start";
  public static final String USER_CENTRIC_RATE = "user-centric-rate";
  public static final String NUM_USERS = "num-users";
  public static final String BENCHMARK_DURATION = "benchmark-duration";
  public static final String BENCHMARK_GRACE_PERIOD = "benchmark-grace-period";
  public static final String REQUEST_COUNT = "request-count";
  public static final String WARMUP_REQUEST_COUNT = "warmup-request-count";
  public static final String WARMUP_DURATION = "warmup-duration";
  public static final String RANDOM_SEED = "random-seed";
  public static final String NUM_PROFILE_RUNS = "num-profile-runs";
  public static final String CONFIDENCE_LEVEL = "confidence-level";
  public static final String FAILED_REQUEST_THRESHOLD = "failed-request-threshold";
  public static final String CUT_OFF_THRESHOLD = "cut-off-threshold";
  public static final String GOODPUT = "goodput";
  public static final String INPUT_FILE = "input-file";
  public static final String PUBLIC_DATASET = "public-dataset";
  public static final String NUM_DATASET_ENTRIES = "num-dataset-entries";
  public static final String NO_SERVER_METRICS = "no-server-metrics";
  public static final String SERVER_METRICS = "server-metrics";
  public static final String SERVER_METRICS_INTERVAL = "server-metrics-interval";
  public static final String ARTIFACT_DIR = "artifact-dir";
  public static final String RESULT_FORMATS = "result-formats";
  public static final String UNSAFE_OVERRIDE = "unsafe-override";
  public static final String PROGRESS_INTERVAL = "progress-interval";
  public static final String UI_TYPE = "ui-type";
  public static final String VERBOSE = "verbose";
}
