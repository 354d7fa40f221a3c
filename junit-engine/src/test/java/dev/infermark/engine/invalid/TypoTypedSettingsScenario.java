package dev.infermark.engine.invalid;

import java.time.Duration;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.run.LoadGenerator;
import dev.infermark.run.RunResult;

/** A typed settings interface with a misspelt method and a type that does not fit. */
@Scenario(name = "typo-typed-settings")
public class TypoTypedSettingsScenario {
  interface Reads {
    Duration benchmarkDuraton();

    String concurrency();
  }

  @Workload
  LoadGenerator load(Reads reads) {
    return ctx -> new RunResult();
  }
}
