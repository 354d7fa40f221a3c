package dev.infermark.simulator;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A paged KV cache of fixed-size blocks with block-hash prefix caching, as in vLLM: a full block is
 * registered under the hash of its tokens chained to the previous block's hash; a block nobody
 * references stays cached until it is evicted, least recently released first. Only the scheduler
 * thread touches it.
 */
final class KvCache {
  /** One block. {@code hash} is meaningful only when {@code hashed}. */
  static final class Block {
    final int id;
    long hash;
    boolean hashed;
    int refs;

    Block(int id) {
      this.id = id;
    }
  }

  private final int numBlocks;
  private final int blockSize;
  private final ArrayDeque<Block> free = new ArrayDeque<>();
  /** Unreferenced blocks that still hold a cached prefix, least recently released first. */
  private final LinkedHashMap<Long, Block> evictable = new LinkedHashMap<>();
  private final Map<Long, Block> byHash = new HashMap<>();
  private long evictions;

  KvCache(int numBlocks, int blockSize) {
    this.numBlocks = numBlocks;
    this.blockSize = blockSize;
    for (int i = 0; i < numBlocks; i++) {
      free.add(new Block(i));
    }
  }

  int numBlocks() {
    return numBlocks;
  }

  int blockSize() {
    return blockSize;
  }

  /** Blocks that can be handed out now (free plus evictable). */
  int available() {
    return free.size() + evictable.size();
  }

  /** Blocks referenced by some sequence. */
  int used() {
    return numBlocks - available();
  }

  /** Blocks holding a cached prefix (referenced or not). */
  int cachedBlocks() {
    return byHash.size();
  }

  long evictions() {
    return evictions;
  }

  /** The cached blocks matching the leading {@code hashes}, at most {@code max}. */
  List<Block> match(long[] hashes, int max) {
    java.util.ArrayList<Block> out = new java.util.ArrayList<>();
    for (int i = 0; i < Math.min(max, hashes.length); i++) {
      Block b = byHash.get(hashes[i]);
      if (b == null) {
        break;
      }
      out.add(b);
    }
    return out;
  }

  /** Takes a reference on a cached block (it stops being evictable). */
  void acquire(Block b) {
    if (b.refs == 0 && b.hashed) {
      evictable.remove(b.hash);
    }
    b.refs++;
  }

  /** A fresh block with one reference, evicting the least recently released cached block if needed. */
  Block allocate() {
    Block b = free.poll();
    if (b == null) {
      Iterator<Block> it = evictable.values().iterator();
      if (!it.hasNext()) {
        throw new IllegalStateException("KV cache exhausted");
      }
      b = it.next();
      it.remove();
      byHash.remove(b.hash);
      b.hashed = false;
      evictions++;
    }
    b.refs = 1;
    return b;
  }

  /** Drops one reference; an unreferenced block stays cached (if hashed) or becomes free. */
  void release(Block b) {
    if (--b.refs > 0) {
      return;
    }
    if (b.hashed) {
      evictable.put(b.hash, b);
    } else {
      free.add(b);
    }
  }

  /** Registers a full block under {@code hash}, unless another block already holds that prefix. */
  void commit(Block b, long hash) {
    if (b.hashed || byHash.containsKey(hash)) {
      return;
    }
    b.hash = hash;
    b.hashed = true;
    byHash.put(hash, b);
  }

  /** The chained hash of one block of tokens. */
  static long hash(long previous, int[] tokens, int from, int to) {
    long h = previous * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
    for (int i = from; i < to; i++) {
      h = (h ^ tokens[i]) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 31;
    }
    return h;
  }
}
