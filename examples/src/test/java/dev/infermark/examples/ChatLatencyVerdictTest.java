package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import dev.infermark.engine.descriptor.InfermarkUniqueIds;

/**
 * The README's {@link ChatLatencyScenario} with a verdict that does not depend on the machine: a
 * simulator holding every response's headers back 2.5 s puts every time to first token above the
 * 2 s SLO, and a loaded machine can only add to that. (The build's bare run of the example, against
 * the fast simulator, passes with headroom: its median TTFT is milliseconds, and a loaded machine
 * delays a few requests by seconds, not half of them. Its p95 did not: 2.5 s under load.)
 */
class ChatLatencyVerdictTest {
  @TempDir
  Path artifacts;

  @Test
  void aServerSlowerThanTheSloFailsTheTtftCheckOfEveryRunAndNothingElse() {
    EngineExecutionResults r = EngineTestKit.engine("infermark").selectors(selectClass(ChatLatencyScenario.class))
        .configurationParameter("infermark.simulator-fault-slow-headers-rate", "1.0")
        .configurationParameter("infermark.simulator-fault-slow-headers-delay", "2500ms")
        .configurationParameter("infermark.benchmark-duration", "3s")
        .configurationParameter("infermark.artifact-dir", artifacts.toString())
        .configurationParameter("infermark.random-seed", "42")
        .configurationParameter("infermark.progress-interval", "30s")
        .execute();

    assertThat(names(r.testEvents().failed().list())).containsExactly("SLO p50 time_to_first_token <= 2 s",
        "SLO p50 time_to_first_token <= 2 s");
    // Both runs themselves completed: the failures are verdicts, not broken runs.
    assertThat(r.testEvents().succeeded().list()).filteredOn(e -> type(e).equals(InfermarkUniqueIds.RUN)).hasSize(2);
  }

  private static String type(Event e) {
    return e.getTestDescriptor().getUniqueId().getLastSegment().getType();
  }

  private static List<String> names(List<Event> events) {
    return events.stream().map(e -> e.getTestDescriptor().getDisplayName()).toList();
  }
}
