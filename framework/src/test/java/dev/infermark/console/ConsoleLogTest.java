package dev.infermark.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class ConsoleLogTest {
  @Test
  void ourLogRecordsBecomeSinglePrefixedLines() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ConsoleLog.install(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    System.Logger log = System.getLogger("dev.infermark.traces.corpus.CorpusLoader");
    log.log(System.Logger.Level.INFO, "dropped {0}/{1} traces", 3, 10);
    log.log(System.Logger.Level.WARNING, "trace {0} has no replayable request: skipped", "t1");
    log.log(System.Logger.Level.DEBUG, "not shown");
    assertThat(bytes.toString(StandardCharsets.UTF_8).lines().toList()).containsExactly(
        "infermark: dropped 3/10 traces",
        "infermark: WARNING trace t1 has no replayable request: skipped");
  }

  @Test
  void slf4jIsQuietOnlyWhereNoProviderIsOnTheClassPath(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    String before = System.getProperty(ConsoleLog.SLF4J_VERBOSITY);
    try {
      System.clearProperty(ConsoleLog.SLF4J_VERBOSITY);
      java.nio.file.Path services = java.nio.file.Files.createDirectories(dir.resolve("META-INF/services"));
      java.nio.file.Files.writeString(services.resolve("org.slf4j.spi.SLF4JServiceProvider"), "ch.qos.logback.X\n");
      try (java.net.URLClassLoader withProvider = new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()}, null)) {
        assertThat(ConsoleLog.quietSlf4jWithoutProvider(withProvider)).as("the user's provider is left alone").isFalse();
      }
      assertThat(System.getProperty(ConsoleLog.SLF4J_VERBOSITY)).isNull();
      try (java.net.URLClassLoader none = new java.net.URLClassLoader(new java.net.URL[0], null)) {
        assertThat(ConsoleLog.quietSlf4jWithoutProvider(none)).isTrue();
        assertThat(System.getProperty(ConsoleLog.SLF4J_VERBOSITY)).isEqualTo("ERROR");
        System.setProperty(ConsoleLog.SLF4J_VERBOSITY, "DEBUG");
        assertThat(ConsoleLog.quietSlf4jWithoutProvider(none)).as("a verbosity set on purpose is kept").isFalse();
        assertThat(System.getProperty(ConsoleLog.SLF4J_VERBOSITY)).isEqualTo("DEBUG");
      }
    } finally {
      if (before == null) {
        System.clearProperty(ConsoleLog.SLF4J_VERBOSITY);
      } else {
        System.setProperty(ConsoleLog.SLF4J_VERBOSITY, before);
      }
    }
  }
}
