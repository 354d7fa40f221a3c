package dev.infermark.simulator;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A named engine profile: the step-time model and the default capacity of one simulated
 * deployment. One scheduler step takes
 * {@code baseStep + decodeTokens * perDecodeToken + prefillTokens * perPrefillToken
 * + contextTokens * perContextToken}, where {@code contextTokens} is the KV held by every sequence
 * in the batch; per-stream speed therefore falls as the batch grows, as on real engines.
 * The numbers are rough roofline estimates, not calibrations.
 *
 * @param name the name to select it by
 * @param description one line for logs and docs
 * @param baseStepNs fixed cost of one step (weights read, launch overhead)
 * @param perDecodeTokenNs cost of each decode token in the step
 * @param perPrefillTokenNs cost of each prompt token computed in the step
 * @param perContextTokenNs cost of each token of context held by the batch (attention reads)
 * @param maxNumSeqs default running-sequence cap
 * @param maxBatchedTokens default token budget of one step (chunked prefill)
 * @param kvBlocks default number of KV-cache blocks
 * @param maxModelLen default context length
 */
public record Profile(String name, String description, long baseStepNs, long perDecodeTokenNs, long perPrefillTokenNs,
    double perContextTokenNs, int maxNumSeqs, int maxBatchedTokens, int kvBlocks, int maxModelLen) {

  /** Fast CPU profile for smoke runs and tests: steps of about 2 ms, prefill 50k tokens/s. */
  public static final Profile TINY = new Profile("tiny", "fast CPU-only engine for smoke runs and tests",
      2_000_000, 60_000, 20_000, 2.0, 256, 8192, 65_536, 131_072);
  /** An 8B dense model (bf16) on one H100 80GB. */
  public static final Profile LLAMA_8B_H100 = new Profile("llama-8b-h100", "8B dense model, bf16, one H100 80GB",
      5_000_000, 30_000, 60_000, 40.0, 256, 8192, 29_000, 131_072);
  /** A 70B dense model (bf16) on 8 H100 80GB with tensor parallelism 8. */
  public static final Profile LLAMA_70B_8XH100 = new Profile("llama-70b-8xh100",
      "70B dense model, bf16, 8x H100 80GB (TP8)", 12_000_000, 40_000, 70_000, 12.0, 256, 8192, 91_000, 131_072);

  private static final Map<String, Profile> BY_NAME = new LinkedHashMap<>();

  static {
    for (Profile p : new Profile[] {TINY, LLAMA_8B_H100, LLAMA_70B_8XH100}) {
      BY_NAME.put(p.name, p);
    }
  }

  /** Every built-in profile, by name. */
  public static Map<String, Profile> all() {
    return Map.copyOf(BY_NAME);
  }

  public static Optional<Profile> find(String name) {
    return Optional.ofNullable(BY_NAME.get(name));
  }

  /**
   * The profile called {@code name}.
   *
   * @throws IllegalArgumentException naming the known profiles
   */
  public static Profile named(String name) {
    return find(name).orElseThrow(() -> new IllegalArgumentException(
        "unknown simulator profile '" + name + "'; known profiles: " + String.join(", ", BY_NAME.keySet())));
  }

  /** The modelled duration of one step, before time scaling. */
  public long stepNs(int decodeTokens, int prefillTokens, long contextTokens) {
    return baseStepNs + decodeTokens * perDecodeTokenNs + prefillTokens * perPrefillTokenNs
        + Math.round(contextTokens * perContextTokenNs);
  }
}
