package dev.infermark.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.infermark.api.request.Abort;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.ServerClient;
import dev.infermark.record.RecordSink;

/**
 * The harness's client: every request sent through it is recorded, exactly once, whatever happens
 * to it. A request an {@link Abort} stopped is recorded with the abort's error; at the end of the
 * run, {@link #finish} aborts what is still in flight and records it (as cut off, or cancelled
 * when the run was), gives a request that does not come back a record of its own, and closes: a
 * late record is then dropped and a later send is refused.
 */
public final class RecordingClient implements InferenceClient {
  /** How long {@link #finish} waits for aborted requests to come back. */
  public static final Duration RETURN_WAIT = Duration.ofSeconds(5);

  private final ServerClient server;
  private final RecordSink sink;
  private final Cancellation cancellation;
  private final Consumer<String> log;
  private final Map<Long, Sending> inFlight = new LinkedHashMap<>();
  private long next;
  private boolean closed;
  private RequestError endedAs;
  private volatile java.util.function.Predicate<RequestRecord> skipPath = r -> false;

  public RecordingClient(ServerClient server, RecordSink sink, Cancellation cancellation, Consumer<String> log) {
    this.server = server;
    this.sink = sink;
    this.cancellation = cancellation;
    this.log = log;
  }

  @Override
  public RequestRecord send(InferenceRequest request) {
    return send(request, null);
  }

  @Override
  public RequestRecord send(InferenceRequest request, Abort abort) {
    Sending s = new Sending(request, Thread.currentThread(), System.nanoTime());
    long id;
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the run is over: a request sent after its end cannot be recorded (a load "
            + "generator's thread outlived its run)");
      }
      id = next++;
      inFlight.put(id, s);
    }
    Runnable unregister = abort == null ? () -> { } : abort.onAbort(s::interrupt);
    RequestRecord r;
    try {
      r = server.send(request);
    } catch (RuntimeException e) {
      // The transport never throws for a failed request: this is a bug, still one request with one record.
      r = unanswered(s, new RequestError(ErrorKind.PROTOCOL_ERROR, 0, e.getClass().getSimpleName(),
          "request failed inside the client: " + e.getMessage(), null), System.nanoTime());
    } finally {
      unregister.run();
      s.returned();
    }
    if (abort != null && abort.aborted()) {
      r = r.abortedBecause(abort.reason().orElseThrow());
    }
    boolean kept;
    synchronized (this) {
      kept = inFlight.remove(id) != null;
      if (kept && endedAs != null && !cancellation.cancelled()) {
        r = r.abortedBecause(endedAs);
      }
      notifyAll();
    }
    if (kept && !skipPath.test(r)) {
      sink.accept(r);
    } else if (!kept) {
      log.accept("infermark: dropped the late record of a request already recorded at the end of the run ("
          + request.tags().conversationId() + " turn " + request.tags().turnIndex() + ")");
    }
    return r;
  }

  /**
   * A methodology's skip path: records matching {@code path} are returned to their sender but kept out
   * of the run's records (export and metrics). The one use: AIPerf's agentic replay keeps context
   * overflows of its profiling phase out of {@code profile_export.jsonl} and counts them as
   * {@code skipped_context_overflow_count} (agentx spec §3.12). Every other request sent is recorded.
   */
  public void skipPath(java.util.function.Predicate<RequestRecord> path) {
    this.skipPath = path;
  }

  /** Requests in flight now. */
  public synchronized int inFlight() {
    return inFlight.size();
  }

  /**
   * Ends recording once the load generator has returned: aborts what is still in flight (recorded as
   * cut off with {@code why}, or cancelled when the run was), waits up to {@code wait} for it to come
   * back, records what did not with {@code why} and no response times, then refuses further sends.
   *
   * @return how many requests did not come back in time
   */
  public int finish(RequestError why, Duration wait) throws InterruptedException {
    List<Sending> abort;
    synchronized (this) {
      if (closed) {
        return 0;
      }
      endedAs = why;
      abort = new ArrayList<>(inFlight.values());
    }
    if (!abort.isEmpty()) {
      server.cancelInFlight();
      abort.forEach(Sending::interrupt);
    }
    List<RequestRecord> stragglers = new ArrayList<>();
    synchronized (this) {
      long deadline = System.nanoTime() + wait.toNanos();
      for (long left = wait.toNanos(); !inFlight.isEmpty() && left > 0; left = deadline - System.nanoTime()) {
        wait(Math.max(1, left / 1_000_000));
      }
      closed = true;
      long now = System.nanoTime();
      RequestError base = cancellation.cancelled() ? CANCELLED : why;
      for (Sending s : inFlight.values()) {
        stragglers.add(unanswered(s, new RequestError(base.kind(), base.code(), base.type(), base.message()
            + " (the aborted request did not return within " + seconds(wait) + ")", null), now));
      }
      inFlight.clear();
    }
    stragglers.forEach(sink::accept);
    if (!stragglers.isEmpty()) {
      log.accept("infermark: WARNING " + stragglers.size() + " aborted request(s) did not return within "
          + seconds(wait) + "; recorded without response times");
    }
    return stragglers.size();
  }

  private static String seconds(Duration d) {
    return d.toMillis() / 1000.0 + " s";
  }

  private static final RequestError CANCELLED = new RequestError(ErrorKind.CANCELLED, 0, "Cancelled",
      "the run was cancelled while the request was in flight", null);

  /** A record of a request that gave none back: its request's ids, the error, no response times. */
  private static RequestRecord unanswered(Sending s, RequestError error, long nowNs) {
    InferenceRequest r = s.request;
    return new RequestRecord(r.phase(), null, r.tags(), r.dueNs(), s.startNs,
        System.currentTimeMillis() * 1000 - (nowNs - s.startNs) / 1000, -1, new long[0], nowNs, null, null, null, null,
        null, null, null, 0, error);
  }

  /** One request on its way: its thread is interrupted to abort it, but never once it has returned. */
  private static final class Sending {
    private final InferenceRequest request;
    private final Thread thread;
    private final long startNs;
    private boolean returned;
    private boolean interrupted;

    Sending(InferenceRequest request, Thread thread, long startNs) {
      this.request = request;
      this.thread = thread;
      this.startNs = startNs;
    }

    synchronized void interrupt() {
      if (!returned) {
        interrupted = true;
        thread.interrupt();
      }
    }

    synchronized void returned() {
      returned = true;
      if (interrupted) {
        Thread.interrupted(); // our abort, which may have raced with the response: not the caller's interrupt
      }
    }
  }
}
