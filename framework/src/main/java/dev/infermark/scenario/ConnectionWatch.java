package dev.infermark.scenario;

import java.util.function.Consumer;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.record.RecordSink;
import dev.infermark.settings.Keys;

/**
 * Passes a run's records on, counts them, and watches for a server that is gone: {@code connection-failure-limit}
 * requests in a row that could not connect or lost their connection (in completion order, any
 * other outcome resets the count) call the limit action once, with a message naming the last error.
 */
final class ConnectionWatch implements RecordSink {
  /** The {@code incomplete_reason} of a run aborted here. */
  static final String REASON = "connection_failures";

  private final RecordSink next;
  private final int limit;
  private volatile Consumer<String> onLimit = m -> { };
  private final java.util.concurrent.atomic.AtomicLong records = new java.util.concurrent.atomic.AtomicLong();
  private int streak;
  private boolean fired;

  ConnectionWatch(RecordSink next, int limit) {
    this.next = next;
    this.limit = limit;
  }

  void onLimit(Consumer<String> action) {
    this.onLimit = action;
  }

  /** Records passed on so far. */
  long records() {
    return records.get();
  }

  @Override
  public void accept(RequestRecord r) {
    next.accept(r);
    records.incrementAndGet();
    if (limit <= 0) {
      return;
    }
    boolean failed = r.error() != null
        && (r.error().kind() == ErrorKind.CONNECTION_REFUSED || r.error().kind() == ErrorKind.CONNECTION_RESET);
    String message = null;
    synchronized (this) {
      streak = failed ? streak + 1 : 0;
      if (streak >= limit && !fired) {
        fired = true;
        message = limit + " requests in a row failed to connect or lost their connection (" + Keys.CONNECTION_FAILURE_LIMIT
            + "=" + limit + "), the last: " + r.error().kind().name().toLowerCase(java.util.Locale.ROOT) + ": "
            + r.error().message();
      }
    }
    if (message != null) {
      onLimit.accept(message);
    }
  }
}
