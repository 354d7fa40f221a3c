package dev.infermark.memo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class LruMemoTest {
  private final List<String> computed = new ArrayList<>();

  private String compute(String k) {
    computed.add(k);
    return k.toUpperCase();
  }

  @Test
  void keepsWhatFitsAndDropsTheLeastRecentlyUsedFirst() {
    LruMemo<String, String> m = new LruMemo<>(30, (k, v) -> 10);
    m.get("a", this::compute);
    m.get("b", this::compute);
    m.get("c", this::compute);
    assertThat(m.get("a", this::compute)).isEqualTo("A"); // a hit, and now the most recent
    m.get("d", this::compute); // 40 bytes: b, the least recently used, goes
    assertThat(m.heldBytes()).isEqualTo(30);
    m.get("a", this::compute);
    m.get("c", this::compute);
    m.get("b", this::compute);
    assertThat(computed).containsExactly("a", "b", "c", "d", "b");
    assertThat(m.hits()).isEqualTo(3);
    assertThat(m.misses()).isEqualTo(5);
  }

  @Test
  void aValueLargerThanTheWholeMemoIsReturnedNotKept() {
    LruMemo<String, String> m = new LruMemo<>(30, (k, v) -> k.length() * 10L);
    m.get("a", this::compute);
    assertThat(m.get("abcd", this::compute)).isEqualTo("ABCD");
    m.get("abcd", this::compute);
    assertThat(computed).containsExactly("a", "abcd", "abcd");
    assertThat(m.heldBytes()).isEqualTo(10);
  }

  @Test
  void noCapacityKeepsNothing() {
    LruMemo<String, String> m = new LruMemo<>(0, (k, v) -> 1);
    m.get("a", this::compute);
    m.get("a", this::compute);
    assertThat(computed).containsExactly("a", "a");
    assertThat(m.heldBytes()).isZero();
  }

  @Test
  void keysWithoutTheirOwnEqualsAreKeysByIdentity() {
    LruMemo<Object, String> m = new LruMemo<>(100, (k, v) -> 1);
    Object one = new Object();
    Object two = new Object();
    assertThat(m.get(one, k -> "1")).isEqualTo("1");
    assertThat(m.get(two, k -> "2")).isEqualTo("2");
    assertThat(m.get(one, k -> "again")).isEqualTo("1");
  }
}
