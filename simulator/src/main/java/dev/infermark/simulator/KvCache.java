package dev.infermark.simulator;

import java.util.ArrayDeque;
import java.util.List;

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
    /** Neighbours in the evictable list, while the block is on it. */
    Block older;
    Block newer;

    Block(int id) {
      this.id = id;
    }
  }

  private final int numBlocks;
  private final int blockSize;
  private final ArrayDeque<Block> free = new ArrayDeque<>();
  /**
   * Unreferenced blocks that still hold a cached prefix, least recently released first: a list
   * through the blocks themselves (no node or boxed key per release, as a map would allocate).
   */
  private Block oldest;
  private Block newest;
  private int evictableCount;
  private final BlocksByHash byHash = new BlocksByHash();
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
    return free.size() + evictableCount;
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
      unlink(b);
    }
    b.refs++;
  }

  /** A fresh block with one reference, evicting the least recently released cached block if needed. */
  Block allocate() {
    Block b = free.poll();
    if (b == null) {
      b = oldest;
      if (b == null) {
        throw new IllegalStateException("KV cache exhausted");
      }
      unlink(b);
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
      b.older = newest;
      b.newer = null;
      if (newest == null) {
        oldest = b;
      } else {
        newest.newer = b;
      }
      newest = b;
      evictableCount++;
    } else {
      free.add(b);
    }
  }

  /** Registers a full block under {@code hash}, unless another block already holds that prefix. */
  void commit(Block b, long hash) {
    if (b.hashed || byHash.get(hash) != null) {
      return;
    }
    b.hash = hash;
    b.hashed = true;
    byHash.put(hash, b);
  }

  private void unlink(Block b) {
    if (b.older == null) {
      oldest = b.newer;
    } else {
      b.older.newer = b.newer;
    }
    if (b.newer == null) {
      newest = b.older;
    } else {
      b.newer.older = b.older;
    }
    b.older = null;
    b.newer = null;
    evictableCount--;
  }

  /**
   * Blocks by prefix hash: open addressing over primitive keys with linear probing and
   * backward-shift deletion, so a lookup allocates nothing (a {@code HashMap<Long, Block>} boxed
   * every key and allocated a node per put).
   */
  static final class BlocksByHash {
    private long[] keys = new long[1024];
    private Block[] values = new Block[1024];
    private int size;

    int size() {
      return size;
    }

    Block get(long hash) {
      int mask = keys.length - 1;
      for (int i = slot(hash, mask); values[i] != null; i = (i + 1) & mask) {
        if (keys[i] == hash) {
          return values[i];
        }
      }
      return null;
    }

    /** Adds {@code hash}, which must not be present. */
    void put(long hash, Block b) {
      if (2 * (size + 1) > keys.length) {
        grow();
      }
      int mask = keys.length - 1;
      int i = slot(hash, mask);
      while (values[i] != null) {
        i = (i + 1) & mask;
      }
      keys[i] = hash;
      values[i] = b;
      size++;
    }

    void remove(long hash) {
      int mask = keys.length - 1;
      int i = slot(hash, mask);
      while (values[i] != null && keys[i] != hash) {
        i = (i + 1) & mask;
      }
      if (values[i] == null) {
        return;
      }
      size--;
      // Backward shift: move later entries of the probe run into the hole so no lookup stops early.
      int hole = i;
      for (int j = (hole + 1) & mask; values[j] != null; j = (j + 1) & mask) {
        int home = slot(keys[j], mask);
        if (((j - home) & mask) >= ((j - hole) & mask)) {
          keys[hole] = keys[j];
          values[hole] = values[j];
          hole = j;
        }
      }
      values[hole] = null;
    }

    private void grow() {
      long[] oldKeys = keys;
      Block[] oldValues = values;
      keys = new long[oldKeys.length * 2];
      values = new Block[oldValues.length * 2];
      size = 0;
      for (int i = 0; i < oldKeys.length; i++) {
        if (oldValues[i] != null) {
          put(oldKeys[i], oldValues[i]);
        }
      }
    }

    private static int slot(long hash, int mask) {
      long h = hash * 0x9E3779B97F4A7C15L;
      return (int) (h ^ (h >>> 32)) & mask;
    }
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
