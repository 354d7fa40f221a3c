package dev.infermark.traces.prompt;

import java.nio.charset.StandardCharsets;

/**
 * Where in the {@link TokenCorpus} each block and synthetic tail starts: a pure function of the run
 * seed, the trace id and the hash id (blocks) or the stream and turn (tails), so equal hash ids in a
 * trace, parent or sub-agent, always give the same text and no block text needs storing.
 */
public final class BlockSeeds {
  private final long traceKey;

  /** Seeds for one trace. */
  public BlockSeeds(long seed, String traceId) {
    this.traceKey = mix(seed ^ mix(fnv(traceId)));
  }

  /** Corpus start token of the block with this hash id. */
  public int blockStart(int hashId) {
    return (int) Long.remainderUnsigned(mix(traceKey + 0x9E3779B97F4A7C15L * (hashId + 1L)), TokenCorpus.SIZE);
  }

  /** The key of the text of the block with this hash id (drawn token by token: {@link TokenCorpus#appendDrawn}). */
  public long blockKey(int hashId) {
    return mix(traceKey + 0x9E3779B97F4A7C15L * (hashId + 1L));
  }

  /** The key of a request's own tail ({@link TokenCorpus#appendDrawn}). */
  public long tailKey(String name) {
    return mix(traceKey ^ fnv(name + ":tail"));
  }

  /** Corpus start token of the {@code n}-token synthetic tail of turn {@code turn} of a stream. */
  public int tailStart(String sessionId, int turn, long n) {
    long key = mix(traceKey ^ fnv(sessionId + ":turn_" + turn + ":partial_tail"));
    return (int) Long.remainderUnsigned(key, Math.max(TokenCorpus.SIZE - Math.min(n, TokenCorpus.SIZE), 1));
  }

  // SplitMix64 finaliser: a strong 64-bit mix.
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  // FNV-1a over UTF-8: stable across JVMs, unlike String.hashCode mixing assumptions.
  static long fnv(String s) {
    long h = 0xcbf29ce484222325L;
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x100000001b3L;
    }
    return h;
  }
}
