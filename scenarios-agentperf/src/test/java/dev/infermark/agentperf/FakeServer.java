package dev.infermark.agentperf;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntToDoubleFunction;

import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.ServerClient;

/**
 * A fake inference client whose speed depends only on the phase's agent count (from the request
 * tags): it answers at once with a record whose timestamps say the request took
 * {@code ttft + (osl-1)/speed}. Capacity per tier is then computable: the largest agent count whose
 * speed meets the tier.
 */
public final class FakeServer implements ServerClient {
  private final IntToDoubleFunction speedForAgents;
  private final double ttftSeconds;
  private final int osl;
  private final AtomicLong ids = new AtomicLong();
  public final ConcurrentLinkedQueue<InferenceRequest> requests = new ConcurrentLinkedQueue<>();

  public FakeServer(IntToDoubleFunction speedForAgents, double ttftSeconds, int osl) {
    this.speedForAgents = speedForAgents;
    this.ttftSeconds = ttftSeconds;
    this.osl = osl;
  }

  @Override
  public RequestRecord send(InferenceRequest r) {
    requests.add(r);
    int agents = r.tags().extra().get("agentperf_agents") instanceof Integer i ? i : 1;
    double speed = speedForAgents.applyAsDouble(agents);
    long start = System.nanoTime();
    long first = start + (long) (ttftSeconds * 1e9);
    long end = first + (long) ((osl - 1) / speed * 1e9);
    return new RequestRecord(r.phase(), "req-" + ids.incrementAndGet(), r.tags(), -1, start, 0, start, new long[] {first},
        end, 100, osl, null, null, r.keepText() ? "w ".repeat(osl) : null, null, "stop", 200, null);
  }

  public List<InferenceRequest> sent() {
    return List.copyOf(requests);
  }
}
