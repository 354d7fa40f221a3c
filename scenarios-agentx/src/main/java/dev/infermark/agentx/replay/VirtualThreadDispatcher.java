package dev.infermark.agentx.replay;

import java.util.function.BiConsumer;

import dev.infermark.client.InferenceClient;
import dev.infermark.client.InferenceRequest;
import dev.infermark.record.RequestRecord;

/**
 * Sends each request on a fresh virtual thread through the run's {@link InferenceClient}, and
 * reports how late each thread started against the request's due time (the scheduler's own share
 * of the dispatch lateness, before the body is built and written). An abort interrupts the
 * request's thread: the client then ends the exchange and returns it as {@code CANCELLED}, with
 * the times and chunks received so far (a request still being built is cancelled before it leaves).
 */
public final class VirtualThreadDispatcher implements RequestDispatcher {
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
      if (out.dueNs() >= 0) {
        started.accept(out, System.nanoTime() - out.dueNs());
      }
      Sending sending = new Sending(Thread.currentThread());
      out.abort().onRequest(sending::interrupt);
      RequestRecord record;
      try {
        InferenceRequest request = out.build().get();
        record = client.send(request);
      } catch (RuntimeException e) {
        // The client never throws for a failed request; this is a bug or unbuildable data. Keep the run going.
        record = out.failed(e, System.nanoTime());
      }
      sending.returned();
      out.done().accept(record);
    });
  }

  /** Interrupts the request's thread only while it builds or sends, never once the record is handed on. */
  private static final class Sending {
    private final Thread thread;
    private boolean returned;

    Sending(Thread thread) {
      this.thread = thread;
    }

    synchronized void interrupt() {
      if (!returned) {
        thread.interrupt();
      }
    }

    synchronized void returned() {
      returned = true;
      Thread.interrupted(); // an abort that raced with the response
    }
  }
}
