package dev.infermark.simulator;

import java.time.Duration;
import java.util.List;

import dev.infermark.settings.KeyCatalog;
import dev.infermark.settings.SettingKey;

/**
 * The simulator's settings. Embedded runs read them as {@code -Dinfermark.simulator-NAME}; the
 * standalone jar takes the same names without the {@code simulator-} prefix ({@code --NAME value}).
 * Unset sizing keys fall back to the profile's defaults.
 */
public final class SimulatorKeys implements KeyCatalog {
  /** The prefix every key shares; the standalone flags drop it. */
  public static final String PREFIX = "simulator-";

  public static final SettingKey<String> PROFILE = SettingKey.string(PREFIX + "profile", "tiny",
      "Engine profile: tiny (fast CPU model for smoke runs), llama-8b-h100, llama-70b-8xh100.");
  public static final SettingKey<String> HOST = SettingKey.string(PREFIX + "host", "127.0.0.1",
      "Address to listen on (standalone: 0.0.0.0 listens on every interface).");
  public static final SettingKey<Integer> PORT = SettingKey.integer(PREFIX + "port", 0,
      "Port to listen on; 0 picks a free ephemeral port.");
  public static final SettingKey<String> SERVED_MODEL_NAME = SettingKey.string(PREFIX + "served-model-name", null,
      "Model name listed by /v1/models; unset: every infermark.model, else infermark-sim. Any model name is accepted in requests.");
  public static final SettingKey<Integer> MAX_NUM_SEQS = SettingKey.integer(PREFIX + "max-num-seqs", null,
      "Most sequences running at once; unset: the profile's value, raised to the run's highest concurrency when embedded.");
  public static final SettingKey<Integer> MAX_MODEL_LEN = SettingKey.integer(PREFIX + "max-model-len", null,
      "Context length (prompt + output tokens); longer requests get HTTP 400. Unset: the profile's value.");
  public static final SettingKey<Integer> MAX_NUM_BATCHED_TOKENS = SettingKey.integer(PREFIX + "max-num-batched-tokens", null,
      "Token budget of one engine step (decode tokens plus chunked-prefill tokens). Unset: the profile's value.");
  public static final SettingKey<Integer> BLOCK_SIZE = SettingKey.integer(PREFIX + "block-size", 16,
      "Tokens per KV-cache block (the prefix-cache granularity).");
  public static final SettingKey<Integer> NUM_KV_BLOCKS = SettingKey.integer(PREFIX + "num-kv-blocks", null,
      "KV-cache size in blocks; when full, unreferenced cached blocks are evicted (LRU) and then running sequences preempted. Unset: the profile's value.");
  public static final SettingKey<Double> TIME_SCALE = SettingKey.decimal(PREFIX + "time-scale", 1.0,
      "Multiplies every step time: 0.1 runs ten times faster than the profile, 2 twice slower.");
  public static final SettingKey<Long> SEED = SettingKey.longValue(PREFIX + "seed", null,
      "Seed of output lengths, token choice and faults; unset: infermark.random-seed, else 0.");
  public static final SettingKey<String> TOKENIZER = SettingKey.string(PREFIX + "tokenizer", null,
      "Tokenizer counting prompt tokens (same forms as infermark.tokenizer); unset: infermark.tokenizer, else builtin:words.");
  public static final SettingKey<Integer> CHAT_TEMPLATE_OVERHEAD = SettingKey.integer(PREFIX + "chat-template-overhead", 4,
      "Tokens the chat template adds per message, and once more for the assistant turn it opens.");
  public static final SettingKey<Integer> MEAN_OUTPUT_TOKENS = SettingKey.integer(PREFIX + "mean-output-tokens", 128,
      "Mean output length without ignore_eos (seeded geometric stop), capped by max_tokens.");
  public static final SettingKey<Double> REASONING_FRACTION = SettingKey.decimal(PREFIX + "reasoning-fraction", 0.0,
      "Fraction of each response's tokens sent first as reasoning_content deltas (0 to 1).");
  public static final SettingKey<String> OVERFLOW_STYLE = SettingKey.string(PREFIX + "overflow-style", "vllm",
      "Wording of the context-overflow HTTP 400: vllm or llamacpp (exceed_context_size_error).");
  public static final SettingKey<Integer> MAX_REQUEST_BODY_MB = SettingKey.integer(PREFIX + "max-request-body-mb", 64,
      "Largest request body accepted, in MiB; larger bodies get HTTP 413.");
  public static final SettingKey<Integer> GROUND_TRUTH_CAPACITY = SettingKey.integer(PREFIX + "ground-truth-capacity", 10_000,
      "How many of the most recent requests keep their ground truth (16 bytes per generated token each).");
  public static final SettingKey<Double> FAULT_429_RATE = SettingKey.decimal(PREFIX + "fault-429-rate", 0.0,
      "Fraction of requests answered HTTP 429 (rate limited).");
  public static final SettingKey<Double> FAULT_500_RATE = SettingKey.decimal(PREFIX + "fault-500-rate", 0.0,
      "Fraction of requests answered HTTP 500.");
  public static final SettingKey<Double> FAULT_503_RATE = SettingKey.decimal(PREFIX + "fault-503-rate", 0.0,
      "Fraction of requests answered HTTP 503.");
  public static final SettingKey<Double> FAULT_RESET_RATE = SettingKey.decimal(PREFIX + "fault-reset-rate", 0.0,
      "Fraction of requests whose connection is reset (TCP RST) after a seeded number of chunks.");
  public static final SettingKey<Double> FAULT_MALFORMED_CHUNK_RATE = SettingKey.decimal(PREFIX + "fault-malformed-chunk-rate", 0.0,
      "Fraction of requests with one chunk of truncated JSON.");
  public static final SettingKey<Double> FAULT_MISSING_DONE_RATE = SettingKey.decimal(PREFIX + "fault-missing-done-rate", 0.0,
      "Fraction of streamed requests that end without data: [DONE].");
  public static final SettingKey<Double> FAULT_SLOW_HEADERS_RATE = SettingKey.decimal(PREFIX + "fault-slow-headers-rate", 0.0,
      "Fraction of requests whose response headers are held back by simulator-fault-slow-headers-delay.");
  public static final SettingKey<Duration> FAULT_SLOW_HEADERS_DELAY = SettingKey.duration(PREFIX + "fault-slow-headers-delay", "2s",
      "How long a slow-headers fault holds the response headers back.");

  private static final List<SettingKey<?>> ALL = List.of(PROFILE, HOST, PORT, SERVED_MODEL_NAME, MAX_NUM_SEQS,
      MAX_MODEL_LEN, MAX_NUM_BATCHED_TOKENS, BLOCK_SIZE, NUM_KV_BLOCKS, TIME_SCALE, SEED, TOKENIZER,
      CHAT_TEMPLATE_OVERHEAD, MEAN_OUTPUT_TOKENS, REASONING_FRACTION, OVERFLOW_STYLE, MAX_REQUEST_BODY_MB,
      GROUND_TRUTH_CAPACITY, FAULT_429_RATE, FAULT_500_RATE, FAULT_503_RATE, FAULT_RESET_RATE,
      FAULT_MALFORMED_CHUNK_RATE, FAULT_MISSING_DONE_RATE, FAULT_SLOW_HEADERS_RATE, FAULT_SLOW_HEADERS_DELAY);

  @Override
  public List<SettingKey<?>> keys() {
    return ALL;
  }

  /** Every key, for the standalone {@code --help}. */
  public static List<SettingKey<?>> all() {
    return ALL;
  }
}
