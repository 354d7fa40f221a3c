package dev.infermark.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OpenFilesTest {
  @Test
  void connectionsThatFitPass() {
    assertThat(OpenFiles.problem(new OpenFiles.Limit(1024, 60), 900, false, "infermark.concurrency=900")).isEmpty();
  }

  @Test
  void connectionsAboveTheLimitSayWhatToDo() {
    assertThat(OpenFiles.problem(new OpenFiles.Limit(1024, 60), 1000, false, "infermark.concurrency=1000")).hasValueSatisfying(
        m -> assertThat(m).contains("infermark.concurrency=1000 needs about 1000 open connections")
            .contains("may hold only 1024 open files (RLIMIT_NOFILE; 60 are open already").contains("ulimit -n 65536")
            .contains("lower it to at most 900."));
  }

  @Test
  void theEmbeddedSimulatorsSocketsCountToo() {
    assertThat(OpenFiles.problem(new OpenFiles.Limit(1024, 60), 500, true, "infermark.concurrency=500")).hasValueSatisfying(
        m -> assertThat(m).contains("as many again for the embedded simulator").contains("at most 450."));
  }

  @Test
  void thisJvmReportsItsLimitOnUnix() {
    if (System.getProperty("os.name").toLowerCase().contains("linux")) {
      assertThat(OpenFiles.current()).hasValueSatisfying(l -> assertThat(l.max()).isGreaterThan(l.open()));
    }
  }
}
