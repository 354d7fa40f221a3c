package dev.infermark.engine.invalid;

import java.time.Duration;

import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.RunResult;

/** A typed settings interface with a misspelt method and a type that does not fit. */
@Scenario(name = "typo-typed-settings")
public class TypoTypedSettingsScenario {
  interface Reads {
    Duration benchmarkDuraton();

    String concurrency();
  }

  @Workload
  SelfPhased load(Reads reads) {
    return ctx -> RunResult.empty();
  }
}
