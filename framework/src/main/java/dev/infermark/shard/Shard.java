package dev.infermark.shard;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import dev.infermark.json.Json;
import dev.infermark.settings.Settings;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which part of a run this process plays: shard {@code index} of {@code count}, each owning the
 * load units (lanes, virtual users) whose number is {@code index} modulo {@code count}, all starting
 * profiling at {@code startAt} (when set) under one {@code runId}.
 */
public record Shard(int index, int count, Instant startAt, String runId) {
  /** The whole run: one shard, no start instant. */
  public static final Shard WHOLE = new Shard(0, 1, null, null);

  public Shard {
    if (count < 1) {
      throw new IllegalArgumentException("infermark.shard-count: must be at least 1, got " + count);
    }
    if (index < 0 || index >= count) {
      throw new IllegalArgumentException("infermark.shard-index: must be in 0.." + (count - 1) + " (shard-count "
          + count + "), got " + index);
    }
  }

  /** The shard the settings (and the process environment) select. */
  public static Shard of(Settings settings) {
    return of(settings, System.getenv());
  }

  /**
   * @param env the process environment: {@code JOB_COMPLETION_INDEX} is the default index of a sharded run
   * @throws IllegalArgumentException naming the setting or variable that is malformed
   */
  public static Shard of(Settings settings, Map<String, String> env) {
    Integer count = settings.get(ShardKeys.SHARD_COUNT);
    count = count == null ? 1 : count;
    Integer index = settings.get(ShardKeys.SHARD_INDEX);
    if (index == null && count == 1) {
      index = 0; // not sharded: an unrelated Indexed Job's index is not ours
    } else if (index == null) {
      String job = env.get(ShardKeys.JOB_COMPLETION_INDEX);
      try {
        index = job == null || job.isBlank() ? 0 : Integer.parseInt(job.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(ShardKeys.JOB_COMPLETION_INDEX + ": not an integer: '" + job + "'", e);
      }
    }
    return new Shard(index, count, startAt(settings.get(ShardKeys.START_AT)),
        blankToNull(settings.get(ShardKeys.RUN_ID)));
  }

  static Instant startAt(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(text.trim());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException("infermark.start-at: not an ISO-8601 instant (2026-01-31T12:00:00Z): '" + text
          + "'", e);
    }
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }

  /** More than one shard. */
  public boolean sharded() {
    return count > 1;
  }

  /** Whether load unit {@code unit} (a lane, a virtual user; 0-based in the whole run) is this shard's. */
  public boolean owns(int unit) {
    return Math.floorMod(unit, count) == index;
  }

  /** How many of {@code total} units (0 .. total - 1) this shard owns; a budget of 0 (no limit) stays 0. */
  public int share(int total) {
    return total / count + (index < total % count ? 1 : 0);
  }

  /** The {@code k}-th unit this shard owns, as numbered in the whole run. */
  public int unit(int k) {
    return index + k * count;
  }

  /**
   * Checks that every shard gets at least one of {@code total} units.
   *
   * @throws IllegalArgumentException naming the setting
   */
  public void requireUnits(int total, String setting) {
    if (total < count) {
      throw new IllegalArgumentException("infermark." + setting + " (" + total + ") is smaller than infermark.shard-count ("
          + count + "): some shards would have nothing to run");
    }
  }

  /** How long from {@code now} until profiling may start (zero when {@code startAt} is unset or past). */
  public Duration untilStart(Instant now) {
    if (startAt == null || !startAt.isAfter(now)) {
      return Duration.ZERO;
    }
    return Duration.between(now, startAt);
  }

  /**
   * Waits until {@code startAt} (returns at once when it is unset or past, or on cancel).
   *
   * @param onCancel registers an action to run when the run is cancelled (at once when it is) and
   *     returns a handle that unregisters it, as the run's context does
   * @return false when the run was cancelled first
   */
  public boolean awaitStart(Function<Runnable, Runnable> onCancel) throws InterruptedException {
    CountDownLatch cancelled = new CountDownLatch(1);
    Runnable unregister = onCancel.apply(cancelled::countDown);
    try {
      Duration wait = untilStart(Instant.now());
      return wait.isZero() ? cancelled.getCount() > 0 : !cancelled.await(wait.toNanos(), TimeUnit.NANOSECONDS);
    } finally {
      unregister.run();
    }
  }

  /** {@code metadata.shard} of the shard's {@code profile_export_aiperf.json}; absent for a whole run. */
  public Optional<ObjectNode> json() {
    if (!sharded()) {
      return Optional.empty();
    }
    ObjectNode o = Json.object();
    o.put("index", index);
    o.put("count", count);
    o.put("start_at", startAt == null ? null : startAt.toString());
    return Optional.of(o);
  }

  /** Adds {@code metadata.shard} to a run's export extras when the run is sharded. */
  public void stamp(ObjectNode exportExtras) {
    json().ifPresent(j -> exportExtras.withObjectProperty("metadata").set("shard", j));
  }
}
