package dev.infermark.lock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.infermark.json.Json;
import dev.infermark.settings.Keys;
import dev.infermark.settings.SettingKey;
import dev.infermark.settings.Settings;
import dev.infermark.settings.Source;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Applies a scenario's {@link Lock}s to resolved settings: collects every violation at once,
 * injects locked values the user left unset, and decides whether the run may go on.
 */
public final class LockChecker {
  private static final String EXTRA = Keys.EXTRA_INPUTS.name() + ".";

  /** The outcome: settings with injections, the violations tolerated, what was applied. */
  public record Outcome(Settings settings, List<LockViolation> violations, List<String> applied,
      SubmissionVerdict verdict) {}

  private LockChecker() {}

  /**
   * Checks and applies {@code locks}.
   *
   * @throws ScenarioLockException when a violation exists and {@code unsafe-override} is off, or
   *     a violation is not bypassable
   */
  public static Outcome apply(String scenario, List<Lock> locks, Settings settings) {
    List<LockViolation> violations = new ArrayList<>();
    List<String> applied = new ArrayList<>();
    Settings s = settings;
    for (Lock lock : locks) {
      Optional<String> given = explicitValue(lock.key(), s);
      String flag = "infermark." + lock.key();
      if (lock.required()) {
        Settings current = s;
        boolean any = isSet(lock.key(), current) || lock.orKeys().stream().anyMatch(k -> isSet(k, current));
        if (!any) {
          List<String> names = new ArrayList<>();
          names.add("infermark." + lock.key());
          lock.orKeys().forEach(k -> names.add("infermark." + k));
          violations.add(new LockViolation(flag, null, "one of " + String.join(", ", names), lock.reason(), lock.bypassable()));
        }
      }
      if (given.isEmpty()) {
        if (lock.value().isPresent()) {
          s = inject(lock.key(), lock.value().get(), s);
          applied.add("auto-set " + flag + "=" + lock.value().get());
        }
        continue;
      }
      String v = given.get();
      if (lock.forbidden()) {
        violations.add(new LockViolation(flag, v, "unset", lock.reason(), lock.bypassable()));
        continue;
      }
      if (lock.value().isPresent() && !sameValue(v, lock.value().get())) {
        violations.add(new LockViolation(flag, v, lock.value().get(), lock.reason(), lock.bypassable()));
      }
      if (!lock.anyOf().isEmpty() && lock.anyOf().stream().noneMatch(a -> sameValue(v, a))) {
        violations.add(new LockViolation(flag, v, "any of " + lock.anyOf(), lock.reason(), lock.bypassable()));
      }
      if (lock.single() && v.contains(",") && v.split(",").length > 1) {
        violations.add(new LockViolation(flag, v, "a single value", lock.reason(), lock.bypassable()));
      }
      if (lock.min().isPresent() && number(v) < number(lock.min().get())) {
        violations.add(new LockViolation(flag, v, ">= " + lock.min().get(), lock.reason(), lock.bypassable()));
      }
      if (lock.max().isPresent() && number(v) > number(lock.max().get())) {
        violations.add(new LockViolation(flag, v, "<= " + lock.max().get(), lock.reason(), lock.bypassable()));
      }
    }
    SubmissionVerdict verdict = new SubmissionVerdict();
    if (!violations.isEmpty()) {
      boolean bypassable = violations.stream().allMatch(LockViolation::bypassable);
      boolean unsafe = Boolean.TRUE.equals(s.get(Keys.UNSAFE_OVERRIDE));
      if (!bypassable) {
        throw new ScenarioLockException(scenario, violations,
            "These violations cannot be bypassed with -Dinfermark.unsafe-override=true (infermark profile --unsafe-override).");
      }
      if (!unsafe) {
        throw new ScenarioLockException(scenario, violations,
            "Pass -Dinfermark.unsafe-override=true (infermark profile --unsafe-override) to convert to warnings "
                + "(run will be marked submission_valid=false).");
      }
      verdict.add(SubmissionVerdict.UNSAFE_OVERRIDE);
    }
    return new Outcome(s, List.copyOf(violations), List.copyOf(applied), verdict);
  }

  private static boolean isSet(String key, Settings s) {
    if (key.startsWith(EXTRA)) {
      ObjectNode extra = s.get(Keys.EXTRA_INPUTS);
      return extra != null && extra.has(key.substring(EXTRA.length()));
    }
    return s.text(key).filter(t -> !t.isBlank()).isPresent();
  }

  /**
   * The value to check: one the user set, or one a preset set (a preset is a deviation the user
   * chose by name, so a smoke preset that breaks a lock is reported and needs unsafe-override
   * like any other). The scenario's own plain defaults are not checked against its own locks.
   */
  private static Optional<String> explicitValue(String key, Settings s) {
    if (key.startsWith(EXTRA)) {
      if (!checked(Keys.EXTRA_INPUTS.name(), s)) {
        return Optional.empty();
      }
      JsonNode f = s.get(Keys.EXTRA_INPUTS).get(key.substring(EXTRA.length()));
      return f == null ? Optional.empty() : Optional.of(f.isString() ? f.asString() : f.toString());
    }
    return checked(key, s) ? s.text(key) : Optional.empty();
  }

  private static boolean checked(String key, Settings s) {
    return s.isExplicit(key) || s.entries().containsKey(key) && s.entries().get(key).source() == Source.PRESET;
  }

  private static Settings inject(String key, String value, Settings s) {
    if (key.startsWith(EXTRA)) {
      ObjectNode extra = Optional.ofNullable(s.get(Keys.EXTRA_INPUTS)).map(ObjectNode::deepCopy).orElseGet(Json::object);
      String field = key.substring(EXTRA.length());
      try {
        extra.set(field, Json.parse(value));
      } catch (RuntimeException notJson) {
        extra.put(field, value);
      }
      Source src = s.isExplicit(Keys.EXTRA_INPUTS) ? s.source(Keys.EXTRA_INPUTS) : Source.LOCK;
      return s.with(Keys.EXTRA_INPUTS, extra.toString(), src);
    }
    return s.with(key, value, Source.LOCK);
  }

  /** Booleans by truthiness, numbers numerically, anything else as text. */
  static boolean sameValue(String given, String required) {
    Optional<Boolean> rb = SettingKey.truth(required);
    if (rb.isPresent()) {
      return SettingKey.truth(given).map(rb.get()::equals).orElse(false);
    }
    try {
      return Double.parseDouble(given.trim()) == Double.parseDouble(required.trim());
    } catch (NumberFormatException notNumbers) {
      return given.trim().equalsIgnoreCase(required.trim());
    }
  }

  /** A number, or a duration in seconds. */
  static double number(String s) {
    try {
      return Double.parseDouble(s.trim());
    } catch (NumberFormatException e) {
      Duration d = SettingKey.parseDuration(s);
      return d.toNanos() / 1e9;
    }
  }
}
