package dev.infermark.accuracy.random;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Vectors computed with CPython 3.11's {@code random} module. */
class PyRandomTest {
  @Test
  void shuffleOfRangeTenWithSeedZeroMatchesCPython() {
    List<Integer> x = new ArrayList<>(IntStream.range(0, 10).boxed().toList());
    new PyRandom(0).shuffle(x);
    assertThat(x).containsExactly(7, 8, 1, 5, 3, 4, 2, 0, 9, 6);
  }

  @Test
  void randomGetrandbitsAndRandrangeMatchCPython() {
    PyRandom r = new PyRandom(0);
    assertThat(r.random()).isEqualTo(0.8444218515250481);
    assertThat(r.getrandbits(32)).isEqualTo(3255389356L);
    assertThat(r.randrange(10)).isEqualTo(6);
  }

  @Test
  void multiWordSeedMatchesCPython() {
    assertThat(new PyRandom(new BigInteger("12345678901234567890")).random()).isEqualTo(0.5120180983871961);
  }

  @Test
  void sampleUsesBothCPythonVariants() {
    PyRandom r = new PyRandom(42);
    assertThat(r.sample(IntStream.range(0, 100).boxed().toList(), 5)).containsExactly(81, 14, 3, 94, 35);
    assertThat(r.sample(IntStream.range(0, 10).boxed().toList(), 3)).containsExactly(3, 9, 2);
  }
}
