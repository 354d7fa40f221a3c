package dev.infermark.simulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import dev.infermark.hub.HfHub;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.Tokenizers;
import dev.infermark.tokenizer.WordTokenizer;

/**
 * Everything a {@link Simulator} needs; build one with {@link #builder()} or
 * {@link #fromSettings(Settings)}.
 *
 * @param profile the engine profile (step-time model)
 * @param host the address to listen on
 * @param port the port, 0 for an ephemeral one
 * @param servedModelNames the model names /v1/models lists, the first one the server's own name
 * @param maxNumSeqs most running sequences
 * @param maxModelLen context length (prompt + output)
 * @param maxBatchedTokens token budget of one step
 * @param blockSize tokens per KV block
 * @param kvBlocks KV-cache size in blocks
 * @param timeScale multiplier of every step time
 * @param seed seed of lengths, tokens and faults
 * @param tokenizer counts and encodes prompts
 * @param chatTemplateOverhead tokens added per chat message (and once for the assistant turn)
 * @param meanOutputTokens mean output length without {@code ignore_eos}
 * @param reasoningFraction share of tokens sent as {@code reasoning_content}
 * @param overflowStyle wording of the context-overflow error
 * @param maxBodyBytes largest accepted request body
 * @param groundTruthCapacity requests whose ground truth is kept
 * @param faults fault-injection rates
 */
public record SimulatorConfig(Profile profile, String host, int port, List<String> servedModelNames, int maxNumSeqs,
    int maxModelLen, int maxBatchedTokens, int blockSize, int kvBlocks, double timeScale, long seed, Tokenizer tokenizer,
    int chatTemplateOverhead, int meanOutputTokens, double reasoningFraction, OverflowStyle overflowStyle,
    long maxBodyBytes, int groundTruthCapacity, FaultRates faults) {

  public SimulatorConfig {
    servedModelNames = List.copyOf(servedModelNames);
    if (servedModelNames.isEmpty()) {
      throw new IllegalArgumentException("the simulator needs a served model name");
    }
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(tokenizer, "tokenizer");
    Objects.requireNonNull(overflowStyle, "overflowStyle");
    Objects.requireNonNull(faults, "faults");
    positive("max-num-seqs", maxNumSeqs);
    positive("max-model-len", maxModelLen);
    positive("max-num-batched-tokens", maxBatchedTokens);
    positive("block-size", blockSize);
    positive("num-kv-blocks", kvBlocks);
    positive("mean-output-tokens", meanOutputTokens);
    positive("ground-truth-capacity", groundTruthCapacity);
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("simulator-port must be in 0..65535, got " + port);
    }
    if (!(timeScale > 0)) {
      throw new IllegalArgumentException("simulator-time-scale must be positive, got " + timeScale);
    }
    if (!(reasoningFraction >= 0 && reasoningFraction <= 1)) {
      throw new IllegalArgumentException("simulator-reasoning-fraction must be in [0, 1], got " + reasoningFraction);
    }
    if (chatTemplateOverhead < 0) {
      throw new IllegalArgumentException("simulator-chat-template-overhead must be >= 0, got " + chatTemplateOverhead);
    }
    if (maxBodyBytes <= 0) {
      throw new IllegalArgumentException("simulator-max-request-body-mb must be positive");
    }
  }

  /** The server's own model name (the first listed). */
  public String servedModelName() {
    return servedModelNames.get(0);
  }

  private static void positive(String name, int v) {
    if (v <= 0) {
      throw new IllegalArgumentException("simulator-" + name + " must be positive, got " + v);
    }
  }

  /** A builder starting from the {@code tiny} profile's defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this configuration. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.profile = profile;
    b.host = host;
    b.port = port;
    b.servedModelNames = servedModelNames;
    b.maxNumSeqs = maxNumSeqs;
    b.maxModelLen = maxModelLen;
    b.maxBatchedTokens = maxBatchedTokens;
    b.blockSize = blockSize;
    b.kvBlocks = kvBlocks;
    b.timeScale = timeScale;
    b.seed = seed;
    b.tokenizer = tokenizer;
    b.chatTemplateOverhead = chatTemplateOverhead;
    b.meanOutputTokens = meanOutputTokens;
    b.reasoningFraction = reasoningFraction;
    b.overflowStyle = overflowStyle;
    b.maxBodyBytes = maxBodyBytes;
    b.groundTruthCapacity = groundTruthCapacity;
    b.faults = faults;
    return b;
  }

  /**
   * The configuration the {@code infermark.simulator-*} settings describe (unset sizing keys take
   * the profile's values).
   *
   * @throws IllegalArgumentException naming the bad setting
   * @throws UncheckedIOException when the tokenizer cannot be loaded
   */
  public static SimulatorConfig fromSettings(Settings s) {
    Profile profile;
    try {
      profile = Profile.named(s.get(SimulatorKeys.PROFILE));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(SimulatorKeys.PROFILE.property() + ": " + e.getMessage(), e);
    }
    Builder b = builder().profile(profile);
    b.host(s.get(SimulatorKeys.HOST)).port(s.get(SimulatorKeys.PORT));
    String served = s.get(SimulatorKeys.SERVED_MODEL_NAME);
    List<String> models = s.get(Keys.MODEL);
    if (served != null) {
      b.servedModelName(served);
    } else if (models != null && !models.isEmpty()) {
      b.servedModelNames(models); // every name a run sends is listed, so the run's preflight finds them
    }
    s.find(SimulatorKeys.MAX_NUM_SEQS).ifPresent(b::maxNumSeqs);
    s.find(SimulatorKeys.MAX_MODEL_LEN).ifPresent(b::maxModelLen);
    s.find(SimulatorKeys.MAX_NUM_BATCHED_TOKENS).ifPresent(b::maxBatchedTokens);
    s.find(SimulatorKeys.NUM_KV_BLOCKS).ifPresent(b::kvBlocks);
    b.blockSize(s.get(SimulatorKeys.BLOCK_SIZE)).timeScale(s.get(SimulatorKeys.TIME_SCALE));
    Long seed = s.find(SimulatorKeys.SEED).orElse(s.get(Keys.RANDOM_SEED));
    b.seed(seed == null ? 0 : seed);
    String tok = s.find(SimulatorKeys.TOKENIZER).orElse(s.get(Keys.TOKENIZER));
    if (tok != null && !tok.isBlank()) {
      try {
        b.tokenizer(Tokenizers.resolve(tok, HfHub.fromEnvironment()));
      } catch (IOException e) {
        throw new UncheckedIOException("infermark.simulator-tokenizer: cannot load '" + tok + "': " + e.getMessage(), e);
      }
    }
    b.chatTemplateOverhead(s.get(SimulatorKeys.CHAT_TEMPLATE_OVERHEAD))
        .meanOutputTokens(s.get(SimulatorKeys.MEAN_OUTPUT_TOKENS))
        .reasoningFraction(s.get(SimulatorKeys.REASONING_FRACTION))
        .overflowStyle(overflowStyle(s))
        .maxBodyBytes(s.get(SimulatorKeys.MAX_REQUEST_BODY_MB) * 1024L * 1024L)
        .groundTruthCapacity(s.get(SimulatorKeys.GROUND_TRUTH_CAPACITY));
    Map<Fault, Double> rates = new EnumMap<>(Fault.class);
    rates.put(Fault.HTTP_429, s.get(SimulatorKeys.FAULT_429_RATE));
    rates.put(Fault.HTTP_500, s.get(SimulatorKeys.FAULT_500_RATE));
    rates.put(Fault.HTTP_503, s.get(SimulatorKeys.FAULT_503_RATE));
    rates.put(Fault.RESET, s.get(SimulatorKeys.FAULT_RESET_RATE));
    rates.put(Fault.MALFORMED_CHUNK, s.get(SimulatorKeys.FAULT_MALFORMED_CHUNK_RATE));
    rates.put(Fault.MISSING_DONE, s.get(SimulatorKeys.FAULT_MISSING_DONE_RATE));
    rates.put(Fault.SLOW_HEADERS, s.get(SimulatorKeys.FAULT_SLOW_HEADERS_RATE));
    try {
      b.faults(new FaultRates(rates, s.get(SimulatorKeys.FAULT_SLOW_HEADERS_DELAY)));
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("infermark." + e.getMessage(), e);
    }
  }

  private static OverflowStyle overflowStyle(Settings s) {
    try {
      return OverflowStyle.parse(s.get(SimulatorKeys.OVERFLOW_STYLE));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(SimulatorKeys.OVERFLOW_STYLE.property() + ": " + e.getMessage(), e);
    }
  }

  /** One line: the profile and the sizes that matter. */
  public String summary() {
    return "simulator profile " + profile.name() + " (" + profile.description() + "), max-num-seqs " + maxNumSeqs
        + ", max-model-len " + maxModelLen + ", " + kvBlocks + " KV blocks of " + blockSize + " tokens"
        + (timeScale != 1.0 ? ", time-scale " + timeScale : "") + ", tokenizer " + tokenizer.name()
        + (faults.rates().isEmpty() ? "" : ", faults " + faults.rates());
  }

  /** Builds a {@link SimulatorConfig}; sizes left unset come from the profile. */
  public static final class Builder {
    private Profile profile = Profile.TINY;
    private String host = "127.0.0.1";
    private int port;
    private List<String> servedModelNames = List.of("infermark-sim");
    private Integer maxNumSeqs;
    private Integer maxModelLen;
    private Integer maxBatchedTokens;
    private int blockSize = 16;
    private Integer kvBlocks;
    private double timeScale = 1.0;
    private long seed;
    private Tokenizer tokenizer = WordTokenizer.instance();
    private int chatTemplateOverhead = 4;
    private int meanOutputTokens = 128;
    private double reasoningFraction;
    private OverflowStyle overflowStyle = OverflowStyle.VLLM;
    private long maxBodyBytes = 64L * 1024 * 1024;
    private int groundTruthCapacity = 10_000;
    private FaultRates faults = FaultRates.NONE;

    private Builder() {}

    public Builder profile(Profile p) { profile = p; return this; }
    public Builder profile(String name) { profile = Profile.named(name); return this; }
    public Builder host(String h) { host = h; return this; }
    public Builder port(int p) { port = p; return this; }
    public Builder servedModelName(String n) { servedModelNames = List.of(n); return this; }
    public Builder servedModelNames(List<String> n) { servedModelNames = List.copyOf(n); return this; }
    public Builder maxNumSeqs(int n) { maxNumSeqs = n; return this; }
    public Builder maxModelLen(int n) { maxModelLen = n; return this; }
    public Builder maxBatchedTokens(int n) { maxBatchedTokens = n; return this; }
    public Builder blockSize(int n) { blockSize = n; return this; }
    public Builder kvBlocks(int n) { kvBlocks = n; return this; }
    public Builder timeScale(double s) { timeScale = s; return this; }
    public Builder seed(long s) { seed = s; return this; }
    public Builder tokenizer(Tokenizer t) { tokenizer = t; return this; }
    public Builder chatTemplateOverhead(int n) { chatTemplateOverhead = n; return this; }
    public Builder meanOutputTokens(int n) { meanOutputTokens = n; return this; }
    public Builder reasoningFraction(double f) { reasoningFraction = f; return this; }
    public Builder overflowStyle(OverflowStyle s) { overflowStyle = s; return this; }
    public Builder maxBodyBytes(long n) { maxBodyBytes = n; return this; }
    public Builder groundTruthCapacity(int n) { groundTruthCapacity = n; return this; }
    public Builder faults(FaultRates f) { faults = f; return this; }
    public Builder slowHeadersDelay(Duration d) { faults = faults.withSlowHeadersDelay(d); return this; }

    public SimulatorConfig build() {
      return new SimulatorConfig(profile, host, port, servedModelNames,
          maxNumSeqs != null ? maxNumSeqs : profile.maxNumSeqs(), maxModelLen != null ? maxModelLen : profile.maxModelLen(),
          maxBatchedTokens != null ? maxBatchedTokens : profile.maxBatchedTokens(), blockSize,
          kvBlocks != null ? kvBlocks : profile.kvBlocks(), timeScale, seed, tokenizer, chatTemplateOverhead,
          meanOutputTokens, reasoningFraction, overflowStyle, maxBodyBytes, groundTruthCapacity, faults);
    }
  }
}
