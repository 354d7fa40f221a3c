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
}
