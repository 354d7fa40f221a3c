package dev.infermark.lock;

import java.util.List;
import java.util.Optional;

import dev.infermark.annotations.Locked;

/** A {@link Locked} rule as data. */
public record Lock(String key, Optional<String> value, List<String> anyOf, Optional<String> min, Optional<String> max,
    boolean forbidden, boolean single, boolean required, List<String> orKeys, boolean bypassable, String reason) {

  public static Lock of(Locked a) {
    return new Lock(a.key(), opt(a.value()), List.of(a.anyOf()), opt(a.min()), opt(a.max()), a.forbidden(), a.single(),
        a.required(), List.of(a.orKeys()), a.bypassable(), a.reason());
  }

  /**
   * The rule in words, without its reason: {@code = true (set when unset)}, {@code forbidden},
   * {@code one of a, b}, {@code >= 900}, {@code a single value}, {@code required (or input-file)};
   * {@code , not bypassable} when unsafe-override cannot waive it.
   */
  public String rule() {
    List<String> parts = new java.util.ArrayList<>();
    value.ifPresent(v -> parts.add("= " + v + " (set when unset)"));
    if (!anyOf.isEmpty()) {
      parts.add("one of " + String.join(", ", anyOf));
    }
    min.ifPresent(v -> parts.add(">= " + v));
    max.ifPresent(v -> parts.add("<= " + v));
    if (forbidden) {
      parts.add("forbidden");
    }
    if (single) {
      parts.add("a single value");
    }
    if (required) {
      parts.add(orKeys.isEmpty() ? "required" : "required (or " + String.join(", ", orKeys) + ")");
    }
    return String.join("; ", parts) + (bypassable ? "" : ", not bypassable");
  }

  private static Optional<String> opt(String s) {
    return Locked.UNSET.equals(s) ? Optional.empty() : Optional.of(s);
  }
}
