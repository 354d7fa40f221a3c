package dev.infermark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import java.nio.file.Files;
import java.nio.file.Path;

import org.assertj.core.api.Condition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import dev.infermark.agentx.InferencexAgentxMvp;

/**
 * AgentX against a server whose advertised context ({@code max_model_len} in {@code /v1/models},
 * here the embedded simulator's 131,072 tokens) is smaller than some traces need: the run stops
 * before any load, naming the traces and the {@code max-context-length} to set, instead of
 * aborting in warmup minutes later.
 */
class AgentxContextPreflightTest {
  @TempDir
  Path artifacts;

  @Test
  void tracesThatWouldOverflowTheServerStopTheRunBeforeAnyLoad() throws Exception {
    EngineExecutionResults r = EngineTestKit.engine("infermark").selectors(selectClass(InferencexAgentxMvp.class))
        .configurationParameter("infermark.preset", "smoke")
        .configurationParameter("infermark.max-context-length", "1000000") // larger than the simulator serves
        .configurationParameter("infermark.artifact-dir", artifacts.resolve("runs").toString())
        .configurationParameter("infermark.progress-interval", "1h").execute();
    Condition<Event> runNode = new Condition<>(e -> "run".equals(e.getTestDescriptor().getUniqueId().getLastSegment()
        .getType()), "the run node");
    r.testEvents().assertThatEvents().haveExactly(1, event(test(), runNode, finishedWithFailure(message(m ->
        m.contains("trace(s) need more context than http://127.0.0.1:") && m.contains("(max_model_len 131072 in its "
            + "/v1/models)") && m.contains("infermark.max-context-length is 1000000, more than the server serves: set "
            + "infermark.max-context-length=131072")))));
    assertThat(artifacts.resolve("runs")).as("nothing was sent: no run folder").satisfiesAnyOf(
        p -> assertThat(Files.exists(p)).isFalse(), p -> assertThat(dev.infermark.artifact.RunFolders.all(p)).isEmpty());
  }
}
