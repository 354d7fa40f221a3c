package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * {@link KvCache} against a model of its contract written with plain collections (a
 * {@code LinkedHashMap} of evictable blocks in release order, a {@code HashMap} by hash): random
 * operation sequences must hand out, match and evict the same blocks in the same order.
 */
class KvCacheModelTest {
  /** The reference: the cache as first written, with boxed maps. */
  private static final class Model {
    final ArrayDeque<Integer> free = new ArrayDeque<>();
    final LinkedHashMap<Long, Integer> evictable = new LinkedHashMap<>();
    final Map<Long, Integer> byHash = new HashMap<>();
    final long[] hash;
    final boolean[] hashed;
    final int[] refs;
    long evictions;

    Model(int n) {
      for (int i = 0; i < n; i++) {
        free.add(i);
      }
      hash = new long[n];
      hashed = new boolean[n];
      refs = new int[n];
    }

    List<Integer> match(long[] hashes) {
      List<Integer> out = new ArrayList<>();
      for (long h : hashes) {
        Integer b = byHash.get(h);
        if (b == null) {
          break;
        }
        out.add(b);
      }
      return out;
    }

    void acquire(int b) {
      if (refs[b] == 0 && hashed[b]) {
        evictable.remove(hash[b]);
      }
      refs[b]++;
    }

    Integer allocate() {
      Integer b = free.poll();
      if (b == null) {
        Iterator<Integer> it = evictable.values().iterator();
        if (!it.hasNext()) {
          return null;
        }
        b = it.next();
        it.remove();
        byHash.remove(hash[b]);
        hashed[b] = false;
        evictions++;
      }
      refs[b] = 1;
      return b;
    }

    void release(int b) {
      if (--refs[b] > 0) {
        return;
      }
      if (hashed[b]) {
        evictable.put(hash[b], b);
      } else {
        free.add(b);
      }
    }

    void commit(int b, long h) {
      if (hashed[b] || byHash.containsKey(h)) {
        return;
      }
      hash[b] = h;
      hashed[b] = true;
      byHash.put(h, b);
    }
  }

  @Test
  void randomOperationsMatchTheModel() {
    for (long seed = 1; seed <= 40; seed++) {
      SplittableRandom rng = new SplittableRandom(seed);
      int n = 1 + rng.nextInt(300);
      // Few distinct hashes: commits collide and matches hit; probe runs in the table get long.
      long hashes = 1 + rng.nextInt(4 * n);
      KvCache kv = new KvCache(n, 16);
      Model m = new Model(n);
      KvCache.Block[] byId = new KvCache.Block[n];
      List<Integer> held = new ArrayList<>(); // one entry per reference taken
      for (int op = 0; op < 20_000; op++) {
        int what = rng.nextInt(10);
        if (what < 3) {
          Integer expect = m.allocate();
          if (expect == null) {
            assertThat(kv.available()).isZero();
            continue;
          }
          KvCache.Block b = kv.allocate();
          assertThat(b.id).as("seed %d op %d: allocated block", seed, op).isEqualTo(expect);
          byId[b.id] = b;
          held.add(b.id);
        } else if (what < 6 && !held.isEmpty()) {
          int id = held.remove(rng.nextInt(held.size()));
          m.release(id);
          kv.release(byId[id]);
        } else if (what < 8 && !held.isEmpty()) {
          int id = held.get(rng.nextInt(held.size()));
          long h = rng.nextLong(hashes) * 0x100000001L; // spread over the key space, zero included
          m.commit(id, h);
          kv.commit(byId[id], h);
        } else {
          long[] query = new long[1 + rng.nextInt(4)];
          for (int i = 0; i < query.length; i++) {
            query[i] = rng.nextLong(hashes) * 0x100000001L;
          }
          List<Integer> expect = m.match(query);
          List<KvCache.Block> got = kv.match(query, query.length);
          assertThat(got.stream().map(b -> b.id).toList()).as("seed %d op %d: match", seed, op).isEqualTo(expect);
          for (KvCache.Block b : got) {
            m.acquire(b.id);
            kv.acquire(b);
            held.add(b.id);
          }
        }
        assertThat(kv.available()).isEqualTo(m.free.size() + m.evictable.size());
        assertThat(kv.cachedBlocks()).isEqualTo(m.byHash.size());
        assertThat(kv.evictions()).isEqualTo(m.evictions);
      }
    }
  }

  @Test
  void theHashTableFindsEveryKeyAfterRemovalsInCollidingRuns() {
    KvCache.BlocksByHash t = new KvCache.BlocksByHash();
    Map<Long, KvCache.Block> ref = new HashMap<>();
    SplittableRandom rng = new SplittableRandom(7);
    for (int op = 0; op < 200_000; op++) {
      long key = rng.nextLong(5_000) << 40; // keys that differ only in high bits
      if (rng.nextBoolean()) {
        if (!ref.containsKey(key)) {
          KvCache.Block b = new KvCache.Block(op);
          ref.put(key, b);
          t.put(key, b);
        }
      } else {
        ref.remove(key);
        t.remove(key);
      }
      if (op % 1000 == 0) {
        for (long k = 0; k < 5_000; k++) {
          assertThat(t.get(k << 40)).isSameAs(ref.get(k << 40));
        }
      }
      assertThat(t.size()).isEqualTo(ref.size());
    }
  }
}
