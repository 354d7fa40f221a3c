package com.example.bench;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import dev.infermark.annotations.Default;
import dev.infermark.annotations.Scenario;
import dev.infermark.annotations.Slo;
import dev.infermark.annotations.Workload;
import dev.infermark.api.RunResult;
import dev.infermark.api.SelfPhased;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

/**
 * A methodology of a user's own, written against infermark-api alone: it runs its own phases (one
 * warmup request, then {@code probe-turns} measured ones, one after the other), reads its setting as a
 * typed settings interface, adds a section of its own to the AIPerf export and a result an SLO checks.
 */
@Scenario(name = "external-probe", description = "A self-phased methodology from a project that sees only the API")
@Default(key = "request-count", value = "3")
@Slo(custom = "probe_turns", min = 3, name = "every probe turn answered")
public class ProbeScenario {
  /** The setting it reads, implemented by the harness from the run's settings. */
  public interface ProbeSettings {
    int requestCount();
  }

  @Workload
  SelfPhased probe(ProbeSettings settings) {
    return ctx -> {
      int turns = settings.requestCount();
      ctx.phase(Phase.WARMUP, null);
      ctx.client().send(request(Phase.WARMUP, 0));
      ctx.phase(Phase.PROFILING, Duration.ofSeconds(turns));
      int answered = 0;
      for (int turn = 1; turn <= turns && !ctx.cancelled(); turn++) {
        RequestRecord r = ctx.client().send(request(Phase.PROFILING, turn));
        answered += r.ok() ? 1 : 0;
      }
      ctx.export("probe", Map.of("turns", turns, "answered", answered, "phases", List.of("warmup", "profiling")));
      return RunResult.builder().value("probe_turns", answered, "").build();
    };
  }

  private static InferenceRequest request(Phase phase, int turn) {
    return InferenceRequest.chat(RequestTags.of("probe", "probe-" + turn, turn), List.of(ChatMessage.user("ping " + turn)), 4)
        .withPhase(phase);
  }
}
