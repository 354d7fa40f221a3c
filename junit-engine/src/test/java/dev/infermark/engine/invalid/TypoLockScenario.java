package dev.infermark.engine.invalid;

import dev.infermark.annotations.Locked;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.RunResult;

/** A lock on a misspelt key: without the check it would lock nothing. */
@Scenario(name = "typo-lock")
@Locked(key = "streeming", value = "true")
@Locked(key = "benchmark-duration", min = "soon")
public class TypoLockScenario {
  @Workload
  SelfPhased load() {
    return ctx -> RunResult.empty();
  }
}
