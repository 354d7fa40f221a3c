package dev.infermark.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class KvCacheTest {
  private static long[] chain(int[] tokens, int bs) {
    long[] h = new long[tokens.length / bs];
    long prev = 0;
    for (int i = 0; i < h.length; i++) {
      prev = KvCache.hash(prev, tokens, i * bs, (i + 1) * bs);
      h[i] = prev;
    }
    return h;
  }

  @Test
  void releasedHashedBlocksStayCachedAndMatchAPrefix() {
    KvCache kv = new KvCache(8, 4);
    int[] tokens = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    long[] h = chain(tokens, 4);
    KvCache.Block a = kv.allocate();
    KvCache.Block b = kv.allocate();
    kv.commit(a, h[0]);
    kv.commit(b, h[1]);
    kv.release(a);
    kv.release(b);
    assertThat(kv.available()).isEqualTo(8);
    assertThat(kv.cachedBlocks()).isEqualTo(2);
    assertThat(kv.match(h, 2)).containsExactly(a, b);

    int[] other = {1, 2, 3, 4, 99, 6, 7, 8};
    assertThat(kv.match(chain(other, 4), 2)).containsExactly(a);
  }

  @Test
  void hashesChainSoTheSameBlockAfterADifferentPrefixDoesNotMatch() {
    int[] x = {1, 2, 3, 4, 5, 6, 7, 8};
    int[] y = {9, 9, 9, 9, 5, 6, 7, 8};
    assertThat(chain(x, 4)[1]).isNotEqualTo(chain(y, 4)[1]);
  }

  @Test
  void evictsTheLeastRecentlyReleasedCachedBlockWhenNoFreeBlockIsLeft() {
    KvCache kv = new KvCache(2, 4);
    KvCache.Block a = kv.allocate();
    KvCache.Block b = kv.allocate();
    kv.commit(a, 11);
    kv.commit(b, 22);
    kv.release(a);
    kv.release(b);
    KvCache.Block c = kv.allocate();
    assertThat(c).isSameAs(a);
    assertThat(kv.match(new long[] {11}, 1)).isEmpty();
    assertThat(kv.match(new long[] {22}, 1)).containsExactly(b);
    assertThat(kv.evictions()).isEqualTo(1);
  }

  @Test
  void referencedBlocksAreNeverEvicted() {
    KvCache kv = new KvCache(1, 4);
    KvCache.Block a = kv.allocate();
    kv.commit(a, 5);
    kv.release(a);
    kv.acquire(a);
    assertThat(kv.available()).isZero();
    assertThatThrownBy(kv::allocate).isInstanceOf(IllegalStateException.class);
    kv.release(a);
    assertThat(kv.available()).isEqualTo(1);
  }
}
