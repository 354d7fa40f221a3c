package dev.infermark.agentperf.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class CapacitySearchTest {
  @Test
  void findsTheExactBoundaryOfEveryMonotoneCapacity() throws Exception {
    CapacitySearch s = new CapacitySearch(1, 2, 4096, 1);
    for (int capacity = 0; capacity <= 600; capacity++) {
      int c = capacity;
      CapacitySearch.Outcome o = s.run(n -> n <= c);
      assertThat(o.capacity()).as("capacity %d", c).isEqualTo(c);
      assertThat(o.firstFail()).isEqualTo(c + 1);
      assertThat(o.reachedMax()).isFalse();
      // Exponential then binary: about 2*log2(c) phases, never more.
      int log = 32 - Integer.numberOfLeadingZeros(Math.max(1, c));
      assertThat(o.steps().size()).isLessThanOrEqualTo(2 * log + 2);
    }
  }

  @Test
  void exponentialThenBinaryInOrder() throws Exception {
    List<Integer> tried = new ArrayList<>();
    CapacitySearch.Outcome o = new CapacitySearch(1, 2, 4096, 1).run(n -> {
      tried.add(n);
      return n <= 37;
    });
    assertThat(tried).containsExactly(1, 2, 4, 8, 16, 32, 64, 48, 40, 36, 38, 37);
    assertThat(o.steps().stream().map(CapacitySearch.Step::stage).toList())
        .containsExactly("exponential", "exponential", "exponential", "exponential", "exponential", "exponential",
            "exponential", "binary", "binary", "binary", "binary", "binary");
    assertThat(o.capacity()).isEqualTo(37);
  }

  @Test
  void resolutionBoundsTheError() throws Exception {
    for (int c = 1; c < 300; c++) {
      int cap = c;
      CapacitySearch.Outcome o = new CapacitySearch(1, 2, 4096, 4).run(n -> n <= cap);
      assertThat(o.capacity()).isBetween(cap - 3, cap);
      assertThat(o.firstFail() - o.capacity()).isLessThanOrEqualTo(4);
    }
  }

  @Test
  void startFailingSearchesBelowAndMaxPassingIsALowerBound() throws Exception {
    assertThat(new CapacitySearch(16, 2, 4096, 1).run(n -> n <= 5).capacity()).isEqualTo(5);
    assertThat(new CapacitySearch(1, 2, 4096, 1).run(n -> false).capacity()).isZero();
    CapacitySearch.Outcome top = new CapacitySearch(1, 2, 100, 1).run(n -> true);
    assertThat(top.capacity()).isEqualTo(100);
    assertThat(top.reachedMax()).isTrue();
    assertThat(top.steps().getLast().agents()).isEqualTo(100);
  }

  @Test
  void rejectsBadParameters() {
    assertThatThrownBy(() -> new CapacitySearch(0, 2, 10, 1)).hasMessageContaining("agentperf-start-agents");
    assertThatThrownBy(() -> new CapacitySearch(1, 1, 10, 1)).hasMessageContaining("agentperf-growth-factor");
    assertThatThrownBy(() -> new CapacitySearch(1, 2, 10, 0)).hasMessageContaining("agentperf-search-resolution");
  }
}
