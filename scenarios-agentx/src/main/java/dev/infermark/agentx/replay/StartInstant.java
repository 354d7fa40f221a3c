package dev.infermark.agentx.replay;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.SplittableRandom;

import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/**
 * Samples a lane's start instant t* (spec §3.3): uniform in
 * {@code [start + min·dur, start + max·dur]} over the timestamps of the root and every child,
 * seeded by the first 8 bytes (big-endian) of {@code SHA-256("{seed}:{trace_id}:{lane}")}.
 * Deterministic per (seed, trace, lane); numpy bit parity is not attempted.
 */
public final class StartInstant {
  private StartInstant() {}

  /** t* in ms on the trace timeline. */
  public static double sample(SessionTree tree, int lane, long seed, double minRatio, double maxRatio) {
    double[] span = span(tree);
    double start = span[0];
    double dur = span[1] - start;
    if (!(dur > 0)) {
      return Double.isFinite(start) ? start : 0;
    }
    double lo = start + minRatio * dur;
    double hi = start + maxRatio * dur;
    if (hi <= lo) {
      return lo;
    }
    double u = new SplittableRandom(seedOf(seed, tree.traceId(), lane)).nextDouble();
    return lo + u * (hi - lo);
  }

  /** {@code [min, max]} of every known turn timestamp of the tree (infinite when there is none). */
  static double[] span(SessionTree tree) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (ReplayStream s : streams(tree)) {
      for (ReplayTurn t : s.turns()) {
        if (Double.isNaN(t.timestampMs())) {
          continue; // missing timestamp
        }
        min = Math.min(min, t.timestampMs());
        max = Math.max(max, t.timestampMs());
      }
    }
    return new double[] {min, max};
  }

  private static Iterable<ReplayStream> streams(SessionTree tree) {
    java.util.List<ReplayStream> all = new java.util.ArrayList<>(tree.children().size() + 1);
    all.add(tree.root());
    all.addAll(tree.children());
    return all;
  }

  /** Big-endian uint64 of the first 8 bytes of {@code SHA-256("{seed}:{traceId}:{lane}")}. */
  static long seedOf(long seed, String traceId, int lane) {
    return ByteBuffer.wrap(sha256(seed + ":" + traceId + ":" + lane)).getLong();
  }

  static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required by every JDK", e);
    }
  }
}
