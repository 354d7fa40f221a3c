package dev.infermark.api.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** Requests carry JSON as plain Java values, frozen once; an abort says why. */
class RequestValuesTest {
  @Test
  void anExtraBodyIsCopiedDeepKeepsItsOrderAndIsSharedOnceFrozen() {
    Map<String, Object> tools = new LinkedHashMap<>();
    tools.put("z", 1);
    tools.put("a", new ArrayList<>(List.of("x", Map.of("k", true))));
    tools.put("n", null);
    Map<String, Object> body = new HashMap<>(Map.of("tools", tools));
    InferenceRequest r = new InferenceRequest(Phase.PROFILING, RequestTags.of("c", "c", 0), List.of(), "p", null, 1, body,
        false, -1);
    tools.put("late", "change");
    ((List<Object>) tools.get("a")).clear();

    @SuppressWarnings("unchecked")
    Map<String, Object> sent = (Map<String, Object>) r.extraBody().get("tools");
    assertThat(sent.keySet()).containsExactly("z", "a", "n");
    assertThat((List<?>) sent.get("a")).hasSize(2);
    assertThatThrownBy(() -> sent.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
    // Another phase of the same request shares the frozen body instead of copying it again.
    assertThat(r.withPhase(Phase.WARMUP).extraBody()).isSameAs(r.extraBody());
    assertThat(r.withPhase(Phase.PROFILING)).isSameAs(r);
  }

  @Test
  void whatIsNotJsonIsRejectedNamingWhere() {
    assertThatThrownBy(() -> new InferenceRequest(Phase.PROFILING, RequestTags.of("c", "c", 0), List.of(), "p", null, 1,
        Map.of("tools", List.of(Map.of("f", new Object()))), false, -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("extraBody.tools[0].f: java.lang.Object is not a JSON value");
    assertThatThrownBy(() -> JsonValues.object(Map.of(1, "x"))).hasMessageContaining("names are strings");
  }

  @Test
  void anAbortRunsItsActionsOnceFirstReasonWinsAndLateRegistrationsRunAtOnce() {
    Abort abort = new Abort();
    AtomicInteger runs = new AtomicInteger();
    Runnable unregistered = abort.onAbort(runs::incrementAndGet);
    abort.onAbort(runs::incrementAndGet);
    unregistered.run();
    assertThat(abort.reason()).isEmpty();
    abort.abort(RequestError.cutOff("first"));
    abort.abort(RequestError.cutOff("second"));
    assertThat(runs).hasValue(1);
    assertThat(abort.reason().orElseThrow().message()).isEqualTo("first");
    abort.onAbort(runs::incrementAndGet);
    assertThat(runs).hasValue(2);
    assertThatThrownBy(() -> new Abort().abort(new RequestError(ErrorKind.SERVER_ERROR, 500, "x", "y", null)))
        .hasMessageContaining("CANCELLED");
  }
}
