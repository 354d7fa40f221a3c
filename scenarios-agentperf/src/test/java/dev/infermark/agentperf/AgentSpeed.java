package dev.infermark.agentperf;

import java.time.Duration;
import java.util.function.IntToDoubleFunction;

import dev.infermark.fixture.FakeClient;

/**
 * The shared fake client scripted for AgentPerf: its speed depends only on the phase's agent count (from the
 * request tags). Each reply comes at once, stamped as if it took {@code ttft + (osl-1)/speed}, so capacity per tier
 * is computable: the largest agent count whose speed meets the tier.
 */
public final class AgentSpeed {
  private AgentSpeed() {}

  /** A client whose replies ({@code osl} tokens, 100 prompt tokens) decode at {@code speedForAgents} tokens/s. */
  public static FakeClient client(IntToDoubleFunction speedForAgents, double ttftSeconds, int osl) {
    return FakeClient.replying(r -> {
      int agents = r.tags().extra().get("agentperf_agents") instanceof Integer i ? i : 1;
      double speed = speedForAgents.applyAsDouble(agents);
      return FakeClient.Reply.of("w ".repeat(osl)).usage(100, osl, "stop")
          .timed(Duration.ofNanos((long) (ttftSeconds * 1e9)), Duration.ofNanos((long) ((osl - 1) / speed * 1e9)));
    });
  }
}
