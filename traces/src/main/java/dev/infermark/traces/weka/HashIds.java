package dev.infermark.traces.weka;

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
    return toArray(new int[size()], 0);
  }

  /**
   * Ids {@code [from, size())} written to the same positions of {@code out}, which must hold
   * {@link #size()} ids. Costs the ids copied plus the base chain walked down to {@code from}: with
   * {@code from} at the base's end (see {@link #extendsWhole}) only this request's own ids are read.
   *
   * @return {@code out}
   */
  public int[] toArray(int[] out, int from) {
    if (out.length < size() || from < 0 || from > size()) {
      throw new IllegalArgumentException("cannot write ids [" + from + ", " + size() + ") into " + out.length);
    }
    HashIds n = this;
    int end = size();
    while (end > from) {
      int start = Math.max(n.prefixLength, from);
      if (start < end) {
        System.arraycopy(n.suffix, start - n.prefixLength, out, start, end - start);
        end = start;
      }
      n = n.base;
    }
    return out;
  }

  /**
   * True when these ids were built as all of {@code prefix} followed by more (or no) ids, a
   * constant-time proof that {@code prefix} is a full prefix of them; false proves nothing.
   */
  public boolean extendsWhole(HashIds prefix) {
    return prefix == this || (base == prefix && prefixLength == prefix.size());
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
    if (max == 0) {
      return 0;
    }
    // Compare run by run: get(i) walks the base chain, so comparing id by id would cost
    // O(prefix x chain depth); runs cost O(depth) once, and shared arrays are skipped unread.
    HashIds[] a = runs(max);
    HashIds[] b = other.runs(max);
    int ia = 0;
    int ib = 0;
    int pos = 0;
    while (pos < max) {
      HashIds ra = a[ia];
      HashIds rb = b[ib];
      int endA = ia + 1 < a.length ? a[ia + 1].prefixLength : max;
      int endB = ib + 1 < b.length ? b[ib + 1].prefixLength : max;
      int end = Math.min(endA, endB);
      if (ra.suffix != rb.suffix || ra.prefixLength != rb.prefixLength) {
        int m = Arrays.mismatch(ra.suffix, pos - ra.prefixLength, end - ra.prefixLength,
            rb.suffix, pos - rb.prefixLength, end - rb.prefixLength);
        if (m >= 0) {
          return pos + m;
        }
      }
      pos = end;
      if (end == endA) {
        ia++;
      }
      if (end == endB) {
        ib++;
      }
    }
    return max;
  }

  // The nodes whose suffixes hold ids [0, limit), first id first: node k holds
  // [runs[k].prefixLength, runs[k+1].prefixLength), the last one up to limit.
  private HashIds[] runs(int limit) {
    int count = 0;
    int end = limit;
    for (HashIds n = this; end > 0; n = n.base) {
      if (n.prefixLength < end) {
        count++;
        end = n.prefixLength;
      }
    }
    HashIds[] out = new HashIds[count];
    end = limit;
    for (HashIds n = this; end > 0; n = n.base) {
      if (n.prefixLength < end) {
        out[--count] = n;
        end = n.prefixLength;
      }
    }
    return out;
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
