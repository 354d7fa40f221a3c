package dev.infermark.scenario;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.record.RecordSink;
import dev.infermark.settings.Keys;

/**
 * Passes a run's records on, counts them, and watches for a server that is gone: {@code connection-failure-limit}
 * requests in a row that could not connect or lost their connection (in completion order; any
 * other outcome, a success or an HTTP error, resets the count: the limit counts consecutive
 * failures, not a total) call the limit action once, with a message naming the last error. It also
 * keeps each stretch of such failures (an outage: a server restarting, a network gone) with when it
 * began and ended, for the error-rate check to say what happened and when ({@link #outages()}).
 *
 * <p>While they last, the sender of a request that failed so waits before its next one
 * ({@link #pause}: {@value #FIRST_PAUSE_MS} ms, doubling with each failure in a row, at most
 * {@value #MAX_PAUSE_MS} ms; an answer from the server or the end of the run ends every wait), so an
 * outage costs about one failed request per sender a second instead of thousands: the journal and
 * the error rate stay about the run, and a restart shorter than the limit's worth of failures is
 * ridden out. The failed request's record is untouched; only the sender's next request leaves later.
 */
final class ConnectionWatch implements RecordSink {
  /** The {@code incomplete_reason} of a run aborted here. */
  static final String REASON = "connection_failures";
  /** Outages named one by one in the message; more are counted. */
  static final int NAMED = 3;
  static final long FIRST_PAUSE_MS = 10;
  static final long MAX_PAUSE_MS = 1000;
  private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.S").withZone(ZoneOffset.UTC);

  private final RecordSink next;
  private final int limit;
  private final Instant runStart;
  private boolean ended;
  private volatile Consumer<String> onLimit = m -> { };
  private final java.util.concurrent.atomic.AtomicLong records = new java.util.concurrent.atomic.AtomicLong();
  private int streak;
  private boolean fired;
  private Outage open;
  private final List<Outage> closed = new ArrayList<>();

  /** A stretch of requests that failed to connect or lost their connection, with no other outcome between. */
  private static final class Outage {
    final long fromMicros;
    long toMicros;
    long failed;
    final Map<ErrorKind, Long> kinds = new EnumMap<>(ErrorKind.class);
    /** When the request that found the server again was sent, or -1. */
    long answeredMicros = -1;

    Outage(long fromMicros) {
      this.fromMicros = fromMicros;
      this.toMicros = fromMicros;
    }
  }

  /** @param runStart when the run started: outages are told in seconds from it */
  ConnectionWatch(RecordSink next, int limit, Instant runStart) {
    this.next = next;
    this.limit = limit;
    this.runStart = runStart;
  }

  /** Ends every sender's wait, now and from now on: the run is over or cancelled. */
  synchronized void end() {
    ended = true;
    notifyAll();
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
    boolean failed = r.error() != null
        && (r.error().kind() == ErrorKind.CONNECTION_REFUSED || r.error().kind() == ErrorKind.CONNECTION_RESET);
    String message = null;
    int failures;
    synchronized (this) {
      track(r, failed);
      streak = failed ? streak + 1 : 0;
      failures = streak;
      if (!failed) {
        notifyAll(); // the server answered: senders waiting on it go on
      }
      if (limit > 0 && streak >= limit && !fired) {
        fired = true;
        message = limit + " requests in a row failed to connect or lost their connection (" + Keys.CONNECTION_FAILURE_LIMIT
            + "=" + limit + "), the last: " + r.error().kind().name().toLowerCase(Locale.ROOT) + ": "
            + r.error().message();
      }
    }
    if (message != null) {
      onLimit.accept(message);
    }
    if (failed) {
      pause(failures);
    }
  }

  /**
   * The sender of the {@code failures}-th failure in a row waits before it sends again, until the
   * server answers another sender, the run ends, or the pause is over.
   */
  private void pause(int failures) {
    long ms = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS << Math.min(20, failures - 1));
    long deadline = System.nanoTime() + ms * 1_000_000L;
    synchronized (this) {
      try {
        for (long left = ms; streak > 0 && !ended && left > 0; left = (deadline - System.nanoTime()) / 1_000_000L) {
          wait(left);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt(); // the run is stopping this sender: let it see why
      }
    }
  }

  private void track(RequestRecord r, boolean failed) {
    long sent = r.startEpochMicros();
    if (failed) {
      long end = sent + Math.max(0, r.endNs() - r.startNs()) / 1000;
      if (open == null) {
        open = new Outage(sent);
      }
      open.failed++;
      open.kinds.merge(r.error().kind(), 1L, Long::sum);
      open.toMicros = Math.max(open.toMicros, end);
    } else if (open != null && sent >= open.fromMicros
        && (r.error() == null || r.error().kind() != ErrorKind.CANCELLED)) {
      // A request sent since the outage began got an answer (a success or an HTTP error): it is over.
      open.answeredMicros = sent;
      closed.add(open);
      open = null;
    }
  }

  /**
   * What the run saw of servers that could not be reached, for the error-rate check's message:
   * {@code the server could not be reached 1 time: from 12.3 s to 22.4 s into the run (10:42:01.2 to
   * 10:42:11.3 UTC), 412 requests failed (connection_refused 410, connection_reset 2), and a request sent
   * at 22.9 s got an answer}: the first and last failures' instants, then when the server was found
   * again; {@code null} when every request connected.
   */
  synchronized String outages() {
    List<Outage> all = new ArrayList<>(closed);
    if (open != null) {
      all.add(open);
    }
    if (all.isEmpty()) {
      return null;
    }
    StringBuilder b = new StringBuilder("the server could not be reached ").append(all.size())
        .append(all.size() == 1 ? " time: " : " times: ");
    for (int i = 0; i < Math.min(NAMED, all.size()); i++) {
      Outage o = all.get(i);
      b.append(i == 0 ? "" : "; ").append("from ").append(seconds(o.fromMicros)).append(" to ").append(seconds(o.toMicros))
          .append(" into the run (").append(CLOCK.format(instant(o.fromMicros))).append(" to ")
          .append(CLOCK.format(instant(o.toMicros))).append(" UTC), ").append(o.failed).append(" request")
          .append(o.failed == 1 ? "" : "s").append(" failed (")
          .append(o.kinds.entrySet().stream().map(e -> e.getKey().name().toLowerCase(Locale.ROOT) + " " + e.getValue())
              .collect(Collectors.joining(", ")))
          .append(o.answeredMicros >= 0 ? "), and a request sent at " + seconds(o.answeredMicros) + " got an answer"
              : "), and it did not answer again before the run ended");
    }
    if (all.size() > NAMED) {
      b.append("; and ").append(all.size() - NAMED).append(" more");
    }
    return b.toString();
  }

  private String seconds(long epochMicros) {
    double s = (epochMicros - (runStart.getEpochSecond() * 1_000_000L + runStart.getNano() / 1000)) / 1e6;
    return String.format(Locale.ROOT, "%.1f s", Math.max(0, s));
  }

  private static Instant instant(long epochMicros) {
    return Instant.ofEpochSecond(epochMicros / 1_000_000L, (epochMicros % 1_000_000L) * 1000);
  }
}
