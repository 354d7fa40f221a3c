package dev.infermark.run;

import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.Abort;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;

/**
 * One iteration's view of a phase (a closed loop's user, an open loop's arrival): its client stamps the
 * phase and each request's intended instant, takes a permit per request, and is cut off with the phase. The
 * intended instant is the one its {@link Pacing} gives (an arrival's instant, a user-centric user's turn), or
 * the moment the iteration sends; the client sends a request no earlier, and the record keeps it, so the time
 * a request waited before it left is measured.
 */
final class PhaseUser implements VirtualUser, InferenceClient {
  /** When each of an iteration's requests is due. */
  interface Pacing {
    /** The instant ({@code System.nanoTime()}) the next request is due at, given that it is sent at {@code nowNs}. */
    long due(long nowNs);
  }

  /** Every request is due the moment its iteration sends it (a closed loop). */
  static final Pacing AT_ONCE = now -> now;

  private final int index;
  private final PhaseState state;
  private final InferenceClient client;
  private final Pacing pacing;

  PhaseUser(int index, PhaseState state, InferenceClient client, Pacing pacing) {
    this.index = index;
    this.state = state;
    this.client = client;
    this.pacing = pacing;
  }

  @Override
  public int index() {
    return index;
  }

  @Override
  public Phase phase() {
    return state.phase;
  }

  @Override
  public InferenceClient client() {
    return this;
  }

  @Override
  public boolean running() {
    return state.open() && !Thread.currentThread().isInterrupted();
  }

  @Override
  public RequestRecord send(InferenceRequest request) {
    state.take();
    return client.send(stamped(request), state.cut);
  }

  @Override
  public RequestRecord send(InferenceRequest request, Abort abort) {
    state.take();
    Runnable unlink = state.cut.onAbort(() -> abort.abort(state.cut.reason().orElseThrow()));
    try {
      return client.send(stamped(request), abort);
    } finally {
      unlink.run();
    }
  }

  private InferenceRequest stamped(InferenceRequest request) {
    InferenceRequest r = request.withPhase(state.phase);
    return r.dueNs() >= 0 ? r : r.withDueNs(pacing.due(System.nanoTime()));
  }
}
