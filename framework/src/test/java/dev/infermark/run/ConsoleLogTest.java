package dev.infermark.run;

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
}
