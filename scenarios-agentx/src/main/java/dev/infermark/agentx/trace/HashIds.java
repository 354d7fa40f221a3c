package dev.infermark.agentx.trace;

import java.util.Arrays;

/**
 * The hash ids of one request, stored as a shared prefix of an earlier request's ids plus this
 * request's own suffix. Consecutive requests of a conversation mostly extend each other, so a
 * trace's ids cost memory in proportion to its distinct blocks, not to the sum of its prompts.
 * Immutable and thread-safe.
 */
public final class HashIds {
  /** No ids. */
  public static final HashIds EMPTY = new HashIds(null, 0, new int[0]);

  private final HashIds base;
  private final int prefixLength;
  private final int[] suffix;

  private HashIds(HashIds base, int prefixLength, int[] suffix) {
    this.base = base;
    this.prefixLength = prefixLength;
    this.suffix = suffix;
  }

  /** Ids that share nothing with another request (the array is copied). */
  public static HashIds of(int... ids) {
    return ids.length == 0 ? EMPTY : new HashIds(null, 0, ids.clone());
  }

  /** {@code base[0:prefixLength]} followed by {@code suffix} (the suffix array is kept, not copied). */
  public static HashIds extending(HashIds base, int prefixLength, int[] suffix) {
    if (prefixLength < 0 || (prefixLength > 0 && (base == null || prefixLength > base.size()))) {
      throw new IllegalArgumentException("prefix length " + prefixLength + " exceeds the base ids");
    }
    return prefixLength == 0 && suffix.length == 0 ? EMPTY : new HashIds(prefixLength == 0 ? null : base, prefixLength, suffix);
  }

  public int size() {
    return prefixLength + suffix.length;
  }

  /** The id at {@code index}. */
  public int get(int index) {
    if (index < 0 || index >= size()) {
      throw new IndexOutOfBoundsException(index + " of " + size());
    }
    HashIds n = this;
    while (index < n.prefixLength) {
      n = n.base;
    }
    return n.suffix[index - n.prefixLength];
  }

  /** The ids as a new array. */
  public int[] toArray() {
    int[] out = new int[size()];
    HashIds n = this;
    int end = out.length;
    while (n != null && end > 0) {
      int from = n.prefixLength;
      if (from < end) {
        System.arraycopy(n.suffix, 0, out, from, end - from);
        end = from;
      }
      n = n.base;
    }
    return out;
  }

  /** Length of the longest common prefix with {@code other}, cheap when one was built on the other. */
  public int commonPrefix(HashIds other) {
    if (other == this) {
      return size();
    }
    if (base == other) {
      return prefixLength + commonTail(other, prefixLength);
    }
    if (other.base == this) {
      return other.prefixLength + other.commonTail(this, other.prefixLength);
    }
    int max = Math.min(size(), other.size());
    int i = 0;
    while (i < max && get(i) == other.get(i)) {
      i++;
    }
    return i;
  }

  // How many of our suffix ids continue to match other's ids from position `from`.
  private int commonTail(HashIds other, int from) {
    int n = 0;
    while (from + n < other.size() && n < suffix.length && suffix[n] == other.get(from + n)) {
      n++;
    }
    return n;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof HashIds h && Arrays.equals(toArray(), h.toArray());
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(toArray());
  }

  @Override
  public String toString() {
    return Arrays.toString(toArray());
  }
}
