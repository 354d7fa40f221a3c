package dev.infermark.api.workload;

import static dev.infermark.api.status.API.Status.STABLE;

import dev.infermark.api.status.API;

/**
 * Seeded synthetic text with an exact token count under the run's tokenizer. Take it as a
 * parameter of the {@code @Workload} method (the harness injects one seeded with the run's seed)
 * to build prompts of a given size.
 */
@API(status = STABLE, since = "0.1")
@FunctionalInterface
public interface SyntheticText {
  /** Text of exactly {@code n} tokens under the run's tokenizer; empty for {@code n <= 0}. */
  String tokens(int n);

  /**
   * {@code start}, a space and new text, the whole exactly {@code n} tokens longer than {@code start} under the
   * run's tokenizer (a shared prefix, then a prompt's own part: where the two meet, no token is lost or gained).
   * The harness's implementation fits the whole; this default joins {@code start} and {@link #tokens(int) tokens(n)},
   * which is exact for a tokenizer that splits at spaces.
   */
  @API(status = STABLE, since = "0.2")
  default String tokensAfter(String start, int n) {
    if (start == null || start.isEmpty()) {
      return tokens(n);
    }
    return n <= 0 ? start : start + " " + tokens(n);
  }
}
