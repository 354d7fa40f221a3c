package dev.infermark.protocol;

import java.util.concurrent.atomic.LongAdder;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The client's own costs, for the run's self-check: how long each request waited between
 * {@code send()} and the start of writing its body (connection set-up or pool wait), and how many
 * network reads and SSE messages it handled. Thread-safe; HdrHistogram with 3 significant digits.
 */
public final class ClientStats {
  private final ConcurrentHistogram poolWaitNs = new ConcurrentHistogram(3);
  private final LongAdder reads = new LongAdder();
  private final LongAdder messages = new LongAdder();
  private final LongAdder requests = new LongAdder();

  public void recordPoolWait(long ns) {
    poolWaitNs.recordValue(Math.max(0, ns));
  }

  public void recordResponse(long readCount, long messageCount) {
    reads.add(readCount);
    messages.add(messageCount);
    requests.increment();
  }

  /** A copy of the send-to-body-write waits in ns. */
  public Histogram poolWaitNs() {
    return poolWaitNs.copy();
  }

  /** Deliveries of response-body bytes (each is one timestamp). */
  public long reads() {
    return reads.sum();
  }

  /** SSE messages (or whole bodies) parsed. */
  public long messages() {
    return messages.sum();
  }

  /** Requests that got a response body. */
  public long requests() {
    return requests.sum();
  }
}
