package dev.infermark.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
  @TempDir
  Path dir;
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void reportWritesIntoTheRunFolderOrWhereToldTo() {
    Path a = new FixtureRun().request(0, 10).ttft(2).add().writeTo(dir.resolve("a"));
    assertThat(run("report", a.toString())).isZero();
    assertThat(a.resolve("report.html")).isNotEmptyFile();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("report: ").contains("report.html");
    assertThat(run("report", a.toString(), "-o", dir.resolve("x/r.html").toString())).isZero();
    assertThat(dir.resolve("x/r.html")).isNotEmptyFile();
  }

  @Test
  void compareWritesOnePageForTwoRuns() {
    Path a = new FixtureRun().request(0, 10).ttft(2).add().writeTo(dir.resolve("a"));
    Path b = new FixtureRun().request(0, 10).ttft(3).add().writeTo(dir.resolve("b"));
    Path o = dir.resolve("ab.html");
    assertThat(run("compare", a.toString(), b.toString(), "-o", o.toString())).isZero();
    assertThat(o).isNotEmptyFile();
  }

  @Test
  void misuseExitsWithTwoAndSaysHow() {
    assertThat(run()).isEqualTo(2);
    assertThat(run("compare", "only-one")).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("compare takes two or more run folders, got 1").contains("usage:");
    assertThat(run("report", "a", "--bogus")).isEqualTo(2);
    assertThat(run("frobnicate", "a")).isEqualTo(2);
    assertThat(run("report", "a", "-o")).isEqualTo(2);
  }

  @Test
  void aFolderThatIsNoRunExitsWithOneNamingIt() {
    assertThat(run("report", dir.resolve("nope").toString())).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("not a run folder").contains("nope");
  }
}
