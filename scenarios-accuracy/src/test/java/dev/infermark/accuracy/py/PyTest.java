package dev.infermark.accuracy.py;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PyTest {
  @Test
  void reprMatchesPythonFloatText() {
    assertThat(Py.repr(0.1 + 0.2)).isEqualTo("0.30000000000000004");
    assertThat(Py.repr(1e-5)).isEqualTo("1e-05");
    assertThat(Py.repr(1e16)).isEqualTo("1e+16");
    assertThat(Py.repr(123456789.125)).isEqualTo("123456789.125");
    assertThat(Py.repr(1.0 / 3)).isEqualTo("0.3333333333333333");
    assertThat(Py.repr(0.0005)).isEqualTo("0.0005");
    assertThat(Py.repr(1.0)).isEqualTo("1.0");
    assertThat(Py.repr(0.0)).isEqualTo("0.0");
  }

  @Test
  void percentRoundsTheBinaryValueHalfEven() {
    assertThat(Py.percent2(1.0 / 32)).isEqualTo("3.12%");
    assertThat(Py.percent2(2.0 / 3)).isEqualTo("66.67%");
    assertThat(Py.percent2(1.0)).isEqualTo("100.00%");
  }

  @Test
  void floatParsingFollowsPython() {
    assertThat(Py.parseFloat(" 1_000.5 ")).isEqualTo(1000.5);
    assertThat(Py.parseFloat("1e3")).isEqualTo(1000.0);
    assertThat(Py.parseFloat("+.5")).isEqualTo(0.5);
    assertThat(Py.parseFloat("-Infinity")).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(Py.parseFloat("nan")).isNaN();
    assertThat(Py.parseFloat("1__0")).isNull();
    assertThat(Py.parseFloat("0x10")).isNull();
    assertThat(Py.parseFloat("1.5f")).isNull();
    assertThat(Py.parseFloat("_1")).isNull();
  }

  @Test
  void stripUsesPythonWhitespace() {
    assertThat(Py.strip("\u00a0\u202f x \u2007\u001c")).isEqualTo("x");
    assertThat(Py.strip("\u200bx")).isEqualTo("\u200bx");
    assertThat(Py.isClose(1.0, 1.0 + 1e-10, 1e-9, 0)).isTrue();
    assertThat(Py.isClose(1.0, 1.1, 1e-9, 0.05)).isFalse();
  }
}
