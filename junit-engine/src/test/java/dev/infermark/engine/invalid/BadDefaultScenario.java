package dev.infermark.engine.invalid;

import dev.infermark.annotations.Default;
import dev.infermark.annotations.Measurement;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Workload;
import dev.infermark.api.ClosedLoop;

/** Defaults with an unknown key, values that do not parse, and a preset name no -D can give. */
@Scenario(name = "bad-default")
@Measurement(duration = "two minutes")
@Default(key = "concurency", value = "4")
@Default(key = "streaming", value = "maybe", preset = "smoke")
@Default(key = "request-count", value = "1", preset = "smoke test")
public class BadDefaultScenario {
  @Workload
  ClosedLoop load() {
    return user -> {};
  }
}
