package dev.infermark.traces.weka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class HashIdsTest {
  @Test
  void chainsOfExtensionsAndPullBacksReadBackExactly() {
    HashIds a = HashIds.of(1, 2, 3, 4);
    HashIds b = HashIds.extending(a, 4, new int[] {5, 6});      // pure extension
    HashIds c = HashIds.extending(b, 2, new int[] {9});         // pull-back to 2, then a new id
    HashIds d = HashIds.extending(c, 3, new int[] {10, 11, 12}); // extends the pulled-back ids
    assertThat(b.toArray()).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(c.toArray()).containsExactly(1, 2, 9);
    assertThat(d.toArray()).containsExactly(1, 2, 9, 10, 11, 12);
    assertThat(d.get(1)).isEqualTo(2);
    assertThat(d.get(2)).isEqualTo(9);
    assertThat(d.size()).isEqualTo(6);
    assertThat(b.commonPrefix(c)).isEqualTo(2);
    assertThat(c.commonPrefix(d)).isEqualTo(3);
    assertThat(a.commonPrefix(d)).isEqualTo(2);
    assertThat(d).isEqualTo(HashIds.of(1, 2, 9, 10, 11, 12)).hasSameHashCodeAs(HashIds.of(1, 2, 9, 10, 11, 12));
    assertThatThrownBy(() -> d.get(6)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> HashIds.extending(a, 5, new int[0])).hasMessageContaining("exceeds the base ids");
  }

  @Test
  void commonPrefixAndRangesMatchFlatArraysAcrossDeepLineages() {
    // Random lineages (extensions, pull-backs, fresh starts, ids that recur without shared structure)
    // against the same ids held as plain arrays; depths in the hundreds, as in long conversations.
    SplittableRandom rnd = new SplittableRandom(7);
    List<HashIds> built = new ArrayList<>();
    List<int[]> flat = new ArrayList<>();
    for (int k = 0; k < 600; k++) {
      int[] ids;
      HashIds h;
      if (built.isEmpty() || rnd.nextInt(20) == 0) {
        ids = fresh(rnd, 1 + rnd.nextInt(40));
        h = HashIds.of(ids);
      } else {
        int from = rnd.nextInt(10) == 0 ? rnd.nextInt(built.size()) : built.size() - 1;
        int[] base = flat.get(from);
        int keep = rnd.nextInt(4) == 0 ? rnd.nextInt(base.length + 1) : base.length;
        int[] suffix = fresh(rnd, rnd.nextInt(6));
        h = HashIds.extending(built.get(from), keep, suffix);
        ids = concat(Arrays.copyOf(base, keep), suffix);
      }
      if (rnd.nextInt(8) == 0 && !built.isEmpty()) {
        // the same ids as an earlier request, built independently: only content can tell
        int[] twin = flat.get(rnd.nextInt(flat.size()));
        ids = concat(twin, fresh(rnd, rnd.nextInt(3)));
        h = HashIds.of(ids);
      }
      built.add(h);
      flat.add(ids);
    }
    for (int a = 0; a < built.size(); a += 7) {
      for (int b = 0; b < built.size(); b += 3) {
        int expected = Arrays.mismatch(flat.get(a), flat.get(b));
        expected = expected < 0 ? flat.get(a).length : expected;
        assertThat(built.get(a).commonPrefix(built.get(b))).as("%d vs %d", a, b).isEqualTo(expected);
      }
      int[] ids = flat.get(a);
      int from = ids.length == 0 ? 0 : rnd.nextInt(ids.length + 1);
      int[] out = new int[ids.length + 3];
      Arrays.fill(out, -1);
      built.get(a).toArray(out, from);
      int[] expected = new int[out.length];
      Arrays.fill(expected, -1);
      System.arraycopy(ids, from, expected, from, ids.length - from);
      assertThat(out).as("ids [%d, %d) of %d", from, ids.length, a).containsExactly(expected);
    }
  }

  @Test
  void extendsWholeProvesAFullPrefixFromStructureOnly() {
    HashIds a = HashIds.of(1, 2, 3);
    assertThat(HashIds.extending(a, 3, new int[] {4}).extendsWhole(a)).isTrue();
    assertThat(a.extendsWhole(a)).isTrue();
    assertThat(HashIds.extending(a, 2, new int[] {3, 4}).extendsWhole(a)).isFalse(); // same ids, other structure
    assertThatThrownBy(() -> a.toArray(new int[2], 0)).isInstanceOf(IllegalArgumentException.class);
  }

  private int next = 1;

  // Fresh ids, with the occasional small id that also occurs elsewhere.
  private int[] fresh(SplittableRandom rnd, int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = rnd.nextInt(30) == 0 ? rnd.nextInt(3) : 1000 + next++;
    }
    return out;
  }

  private static int[] concat(int[] a, int[] b) {
    int[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
