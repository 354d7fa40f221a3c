package dev.infermark.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class LimitSearchTest {
  private static LimitSearch whole(int start, int max, int resolution) {
    return LimitSearch.wholeNumbers(start, 2, max, resolution);
  }

  @Test
  void findsTheExactBoundaryOfEveryMonotoneCapacity() throws Exception {
    LimitSearch s = whole(1, 4096, 1);
    for (int capacity = 0; capacity <= 600; capacity++) {
      int c = capacity;
      LimitSearch.Outcome o = s.run(n -> n <= c);
      assertThat(o.largestPass()).as("capacity %d", c).isEqualTo(c);
      assertThat(o.smallestFail()).isEqualTo(c + 1);
      assertThat(o.reachedMax()).isFalse();
      assertThat(o.converged()).isTrue();
      // Exponential then binary: about 2*log2(c) probes, never more.
      int log = 32 - Integer.numberOfLeadingZeros(Math.max(1, c));
      assertThat(o.steps().size()).isLessThanOrEqualTo(2 * log + 2);
    }
  }

  @Test
  void exponentialThenBinaryInOrder() throws Exception {
    List<Double> tried = new ArrayList<>();
    LimitSearch.Outcome o = whole(1, 4096, 1).run(n -> {
      tried.add(n);
      return n <= 37;
    });
    assertThat(tried).containsExactly(1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 48.0, 40.0, 36.0, 38.0, 37.0);
    assertThat(o.steps().stream().map(LimitSearch.Step::stage).toList())
        .containsExactly("exponential", "exponential", "exponential", "exponential", "exponential", "exponential",
            "exponential", "binary", "binary", "binary", "binary", "binary");
    assertThat(o.largestPass()).isEqualTo(37);
  }

  @Test
  void resolutionBoundsTheError() throws Exception {
    for (int c = 1; c < 300; c++) {
      int cap = c;
      LimitSearch.Outcome o = whole(1, 4096, 4).run(n -> n <= cap);
      assertThat(o.largestPass()).isBetween(cap - 3.0, (double) cap);
      assertThat(o.smallestFail() - o.largestPass()).isLessThanOrEqualTo(4);
    }
  }

  @Test
  void startFailingSearchesBelowAndMaxPassingIsALowerBound() throws Exception {
    assertThat(whole(16, 4096, 1).run(n -> n <= 5).largestPass()).isEqualTo(5);
    assertThat(whole(1, 4096, 1).run(n -> false).found()).isFalse();
    LimitSearch.Outcome top = whole(1, 100, 1).run(n -> true);
    assertThat(top.largestPass()).isEqualTo(100);
    assertThat(top.reachedMax()).isTrue();
    assertThat(top.steps().getLast().value()).isEqualTo(100);
  }

  @Test
  void theGenericSearchNeverGoesBelowItsStart() throws Exception {
    LimitSearch s = new LimitSearch(4, 2, 1024, new Precision(1, false), true, false, 0);
    List<Double> tried = new ArrayList<>();
    LimitSearch.Outcome o = s.run(n -> {
      tried.add(n);
      return n <= 2;
    });
    assertThat(tried).containsExactly(4.0);
    assertThat(o.found()).isFalse();
    assertThat(o.smallestFail()).isEqualTo(4);
  }

  @Test
  void decimalValuesBisectToARelativePrecision() throws Exception {
    // A request rate of at most 13.7 per second passes; 5 % precision.
    LimitSearch s = new LimitSearch(1, 2, 1000, Precision.parse("5%"), false, false, 0);
    LimitSearch.Outcome o = s.run(r -> r <= 13.7);
    assertThat(o.largestPass()).isLessThanOrEqualTo(13.7).isGreaterThan(13.7 * 0.95);
    assertThat(o.smallestFail()).isGreaterThan(13.7);
    assertThat(o.smallestFail() - o.largestPass()).isLessThanOrEqualTo(0.05 * o.smallestFail());
    // 1, 2, 4, 8, 16 then a handful of halvings of [8, 16] down to 5 %: logarithmic.
    assertThat(o.steps()).hasSizeLessThanOrEqualTo(5 + 5);
  }

  @Test
  void maxIterationsStopsUnconverged() throws Exception {
    LimitSearch s = new LimitSearch(1, 2, 4096, new Precision(1, false), true, false, 9);
    LimitSearch.Outcome o = s.run(n -> n <= 37);
    assertThat(o.steps()).hasSize(9);
    assertThat(o.converged()).isFalse();
    assertThat(o.largestPass()).isLessThanOrEqualTo(37);
    assertThat(o.smallestFail()).isGreaterThan(37);
  }

  @Test
  void precisionReadsGapsAndPercentages() {
    assertThat(Precision.parse("1")).isEqualTo(new Precision(1, false));
    assertThat(Precision.parse(" 5 %")).isEqualTo(new Precision(0.05, true));
    assertThat(Precision.parse("5%").toString()).isEqualTo("5%");
    assertThatThrownBy(() -> Precision.parse("five")).hasMessageContaining("'five' is not a precision");
    assertThatThrownBy(() -> Precision.parse("0")).hasMessageContaining("above 0");
  }

  @Test
  void rejectsBadParameters() {
    Precision one = new Precision(1, false);
    assertThatThrownBy(() -> new LimitSearch(0, 2, 10, one, true, false, 0)).hasMessageContaining("0 < start <= max");
    assertThatThrownBy(() -> new LimitSearch(1, 1, 10, one, true, false, 0)).hasMessageContaining("growth factor");
    assertThatThrownBy(() -> new LimitSearch(1.5, 2, 10, one, true, false, 0)).hasMessageContaining("whole");
  }
}
