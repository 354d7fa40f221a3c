package dev.infermark.agentx.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.protocol.ServedContext;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/** Before any load: the traces that would overflow the server's advertised context, and what to set. */
class ContextFitTest {
  private static final ServedContext SERVED = new ServedContext(URI.create("http://gpu:8000"), 32768);

  /** A trace whose requests need {@code in + out} tokens each. */
  private static SessionTree trace(String id, int... inOut) {
    List<ReplayTurn> turns = new ArrayList<>();
    for (int i = 0; i < inOut.length; i += 2) {
      turns.add(new ReplayTurn(i / 2, i * 1000.0, i == 0 ? 0 : 1000, inOut[i + 1], "m", inOut[i], List.of(), null, i / 2, -1));
    }
    return new SessionTree(id, new ReplayStream(id, true, 0, null, null, turns), List.of(), List.of());
  }

  @Test
  void tracesThatFitPassAndSaySo() {
    List<String> log = new ArrayList<>();
    ContextFit.check(List.of(trace("a", 1000, 100, 20000, 500), trace("b", 32000, 768)), SERVED, null, log::add);
    assertThat(log).containsExactly("agentx: every trace fits the context http://gpu:8000 serves (max_model_len 32768; "
        + "the largest trace needs 32768 tokens)");
  }

  @Test
  void tracesThatOverflowAreNamedWithTheMaxContextLengthToSet() {
    List<SessionTree> trees = List.of(trace("small", 1000, 100), trace("big", 1000, 100, 40000, 200),
        trace("huge", 120000, 1000));
    assertThatThrownBy(() -> ContextFit.check(trees, SERVED, null, l -> { }))
        .hasMessage("2 of 3 trace(s) need more context than http://gpu:8000 serves (max_model_len 32768 in its "
            + "/v1/models): huge (121000 tokens), big (40200 tokens). Their requests would be rejected as context "
            + "overflows, and a warmup primer's overflow aborts the run minutes in. Set infermark.max-context-length=32768 "
            + "(AIPerf's --max-context-length 32768) to drop them before the replay; 1 trace(s) stay. (Checked before any "
            + "load; infermark.preflight=false skips it.)");
    // A limit larger than the server's is named as such.
    assertThatThrownBy(() -> ContextFit.check(trees, SERVED, 128000, l -> { }))
        .hasMessageContaining("infermark.max-context-length is 128000, more than the server serves: set "
            + "infermark.max-context-length=32768");
    assertThatThrownBy(() -> ContextFit.check(List.of(trace("huge", 120000, 1000)), SERVED, null, l -> { }))
        .hasMessageContaining("No trace fits");
  }
}
