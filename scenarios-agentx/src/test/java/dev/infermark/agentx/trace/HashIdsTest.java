package dev.infermark.agentx.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
