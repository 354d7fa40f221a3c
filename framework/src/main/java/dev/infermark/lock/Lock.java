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

  private static Optional<String> opt(String s) {
    return Locked.UNSET.equals(s) ? Optional.empty() : Optional.of(s);
  }
}
