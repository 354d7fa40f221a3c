package dev.infermark.accuracy.random;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * CPython's {@code random.Random}: the MT19937 generator seeded the way CPython seeds it from an
 * int, with the same {@code random()}, {@code getrandbits}, {@code randrange}, {@code shuffle} and
 * {@code sample} draws, so that seeded selections (MMLU few-shots, the GPQA shuffle) are
 * identical to the Python reference.
 */
public final class PyRandom {
  private static final int N = 624;
  private static final int M = 397;
  private final int[] mt = new int[N];
  private int mti;

  /** {@code random.Random(seed)}. */
  public PyRandom(long seed) {
    seed(BigInteger.valueOf(seed));
  }

  /** {@code random.Random(seed)} for an arbitrary-size int seed. */
  public PyRandom(BigInteger seed) {
    seed(seed);
  }

  /** {@code seed(a)} for an int: the key is the 32-bit words of |a|, least significant first. */
  public void seed(BigInteger a) {
    BigInteger v = a.abs();
    int words = Math.max(1, (v.bitLength() + 31) / 32);
    int[] key = new int[words];
    for (int i = 0; i < words; i++) {
      key[i] = v.shiftRight(32 * i).intValue();
    }
    initByArray(key);
  }

  private void initGenrand(int s) {
    mt[0] = s;
    for (mti = 1; mti < N; mti++) {
      mt[mti] = 1812433253 * (mt[mti - 1] ^ (mt[mti - 1] >>> 30)) + mti;
    }
  }

  private void initByArray(int[] key) {
    initGenrand(19650218);
    int i = 1;
    int j = 0;
    for (int k = Math.max(N, key.length); k > 0; k--) {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >>> 30)) * 1664525)) + key[j] + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) {
        j = 0;
      }
    }
    for (int k = N - 1; k > 0; k--) {
      mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >>> 30)) * 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    mti = N;
  }

  /** One 32-bit output ({@code genrand_uint32}), as an unsigned value. */
  public long nextUint32() {
    if (mti >= N) {
      for (int kk = 0; kk < N; kk++) {
        int y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % N] & 0x7fffffff);
        mt[kk] = mt[(kk + M) % N] ^ (y >>> 1) ^ ((y & 1) != 0 ? 0x9908b0df : 0);
      }
      mti = 0;
    }
    int y = mt[mti++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y & 0xffffffffL;
  }

  /** {@code random()}: a double in [0, 1) from 53 random bits. */
  public double random() {
    long a = nextUint32() >>> 5;
    long b = nextUint32() >>> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
  }

  /** {@code getrandbits(k)} for 0 &lt; k &lt;= 63. */
  public long getrandbits(int k) {
    if (k <= 0 || k > 63) {
      throw new IllegalArgumentException("getrandbits supports 1..63 bits here, got " + k);
    }
    if (k <= 32) {
      return nextUint32() >>> (32 - k);
    }
    // CPython fills 32-bit words least significant first; the last word keeps its high bits.
    long low = nextUint32();
    long high = nextUint32() >>> (64 - k);
    return (high << 32) | low;
  }

  /** {@code _randbelow(n)}: rejection sampling on {@code bit_length(n)} bits. */
  public int randbelow(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("randbelow needs n > 0, got " + n);
    }
    int k = 32 - Integer.numberOfLeadingZeros(n);
    long r = getrandbits(k);
    while (r >= n) {
      r = getrandbits(k);
    }
    return (int) r;
  }

  /** {@code randrange(n)}. */
  public int randrange(int n) {
    return randbelow(n);
  }

  /** {@code shuffle(x)} in place. */
  public <T> void shuffle(List<T> x) {
    for (int i = x.size() - 1; i > 0; i--) {
      int j = randbelow(i + 1);
      T t = x.get(i);
      x.set(i, x.get(j));
      x.set(j, t);
    }
  }

  /** {@code sample(population, k)} (CPython 3.11 algorithm, pool or set variant by size). */
  public <T> List<T> sample(List<T> population, int k) {
    int n = population.size();
    if (k < 0 || k > n) {
      throw new IllegalArgumentException("Sample larger than population or is negative");
    }
    List<T> result = new ArrayList<>(k);
    int setsize = 21;
    if (k > 5) {
      setsize += (int) Math.pow(4, Math.ceil(Math.log(k * 3) / Math.log(4)));
    }
    if (n <= setsize) {
      List<T> pool = new ArrayList<>(population);
      for (int i = 0; i < k; i++) {
        int j = randbelow(n - i);
        result.add(pool.get(j));
        pool.set(j, pool.get(n - i - 1));
      }
    } else {
      Set<Integer> selected = new HashSet<>();
      for (int i = 0; i < k; i++) {
        int j = randbelow(n);
        while (selected.contains(j)) {
          j = randbelow(n);
        }
        selected.add(j);
        result.add(population.get(j));
      }
    }
    return result;
  }
}
