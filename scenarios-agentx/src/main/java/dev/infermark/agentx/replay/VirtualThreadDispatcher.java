package dev.infermark.agentx.replay;

import java.util.function.BiConsumer;

import dev.infermark.api.request.Abort;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;

/**
 * Sends each request on a fresh virtual thread through the run's {@link InferenceClient} (which
 * records it), and reports how late each thread started against the request's due time (the
 * scheduler's own share of the dispatch lateness, before the body is built and written). The
 * scheduler's abort becomes the client's {@link Abort}: the request then comes back, and is
 * recorded, as {@code CANCELLED} with the scheduler's reason and the times and chunks received so
 * far (a request still being built is cancelled before it leaves). A request that a returning record
 * makes due is sent by the thread that returned it ({@link #sendNext}): no other thread has to be
 * scheduled first, on carriers that may be busy.
 */
public final class VirtualThreadDispatcher implements RequestDispatcher {
  /** The request a thread sends next, set from inside {@link Outgoing#done} ({@link #sendNext}). */
  private static final ThreadLocal<Outgoing[]> NEXT = new ThreadLocal<>();
  private final InferenceClient client;
  private final BiConsumer<Outgoing, Long> started;

  /**
   * @param started receives each request and its start lateness in ns
   */
  public VirtualThreadDispatcher(InferenceClient client, BiConsumer<Outgoing, Long> started) {
    this.client = client;
    this.started = started;
  }

  @Override
  public void send(Outgoing out) {
    Thread.ofVirtual().name("agentx-request").start(() -> {
      Outgoing[] next = new Outgoing[1];
      NEXT.set(next);
      for (Outgoing o = out; o != null; o = take(next)) {
        sendHere(o);
      }
    });
  }

  /**
   * From inside {@link Outgoing#done} on one of these threads: the thread sends it once the record
   * that made it due is handed over (one request per thread; any other goes to a thread of its own).
   */
  @Override
  public void sendNext(Outgoing out) {
    Outgoing[] next = NEXT.get();
    if (next != null && next[0] == null) {
      next[0] = out;
    } else {
      send(out);
    }
  }

  @Override
  public boolean sendsFromReturningThread() {
    return true;
  }

  private static Outgoing take(Outgoing[] next) {
    Outgoing o = next[0];
    next[0] = null;
    return o;
  }

  private void sendHere(Outgoing out) {
    if (out.dueNs() >= 0) {
      // started ahead of the due instant (the clock's lead) counts as on time
      started.accept(out, Math.max(0, System.nanoTime() - out.dueNs()));
    }
    Abort abort = new Abort();
    out.abort().onRequest(() -> abort.abort(out.abort().why()));
    RequestRecord record;
    try {
      InferenceRequest request = out.build().get();
      record = client.send(request, abort);
    } catch (RuntimeException e) {
      // Unbuildable data (the client never throws for a failed request): never sent, so not in the run's
      // records; the scheduler still counts it as failed. Keep the run going.
      record = out.failed(e, System.nanoTime());
    }
    out.done().accept(record);
  }
}
