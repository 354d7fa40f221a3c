package dev.infermark.run;

import static dev.infermark.api.status.API.Status.EXPERIMENTAL;

import dev.infermark.api.status.API;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/** A run's cancel signal (Ctrl+C, a JUnit abort). Listeners run once, on the cancelling thread. */
@API(status = EXPERIMENTAL, since = "0.2") // the run's cancel signal (methodology SPI, test kit)
public final class Cancellation {
  private final AtomicBoolean cancelled = new AtomicBoolean();
  private final CopyOnWriteArrayList<Runnable> listeners = new CopyOnWriteArrayList<>();

  public boolean cancelled() {
    return cancelled.get();
  }

  public void cancel() {
    if (cancelled.compareAndSet(false, true)) {
      listeners.forEach(Runnable::run);
    }
  }

  /**
   * Runs {@code r} on cancel (at once when already cancelled).
   *
   * @return a handle that unregisters {@code r} (a run unregisters its listeners when it ends)
   */
  public Runnable onCancel(Runnable r) {
    listeners.add(r);
    if (cancelled.get() && listeners.remove(r)) {
      r.run();
    }
    return () -> listeners.remove(r);
  }
}
