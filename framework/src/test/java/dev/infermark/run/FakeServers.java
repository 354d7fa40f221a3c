package dev.infermark.run;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.function.Predicate;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.ServerClient;

/**
 * A server that answers at once, except the requests {@code hang} picks: those wait until their
 * thread is interrupted or {@link #cancelInFlight} is called (then they come back {@code CANCELLED},
 * as the real client does), or, with {@code deaf}, until {@link #release}.
 */
final class FakeServers implements ServerClient {
  final List<InferenceRequest> received = new CopyOnWriteArrayList<>();
  private final Predicate<InferenceRequest> hang;
  private final boolean deaf;
  private final CountDownLatch released = new CountDownLatch(1);
  private volatile CountDownLatch cancel = new CountDownLatch(1);

  FakeServers(Predicate<InferenceRequest> hang, boolean deaf) {
    this.hang = hang;
    this.deaf = deaf;
  }

  static FakeServers answering() {
    return new FakeServers(r -> false, false);
  }

  @Override
  public RequestRecord send(InferenceRequest r) {
    received.add(r);
    long start = System.nanoTime();
    if (hang.test(r)) {
      try {
        if (deaf) {
          released.await();
        } else {
          cancel.await();
        }
      } catch (InterruptedException e) {
        if (deaf) {
          // a transport that ignores interrupts: it comes back only when released
          Thread.currentThread().interrupt();
          awaitRelease();
        }
      }
      return record(r, start, new RequestError(ErrorKind.CANCELLED, 0, "Cancelled",
          "the run was cancelled while the request was in flight", null));
    }
    return record(r, start, null);
  }

  private void awaitRelease() {
    boolean interrupted = Thread.interrupted();
    while (true) {
      try {
        released.await();
        break;
      } catch (InterruptedException again) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits (busily, at most 30 s) until {@code condition} holds: another thread's progress, not a time. */
  static void await(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 30 s");
      }
      Thread.onSpinWait();
    }
  }

  void release() {
    released.countDown();
  }

  @Override
  public void cancelInFlight() {
    cancel.countDown();
    cancel = new CountDownLatch(1);
  }

  static RequestRecord record(InferenceRequest r, long start, RequestError error) {
    long t = System.nanoTime();
    return new RequestRecord(r.phase(), "id-" + r.tags().correlationId() + "-" + r.tags().turnIndex(), r.tags(), r.dueNs(),
        start, 0, t, error == null ? new long[] {t} : new long[0], t, 5, error == null ? 2 : null, null, null,
        r.keepText() ? "re ply" : null, null, error == null ? "length" : null, error == null ? 200 : 0, error);
  }
}
