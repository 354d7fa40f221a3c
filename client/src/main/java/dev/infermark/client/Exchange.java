package dev.infermark.client;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.protocol.RequestBodyListener;

/**
 * One request from send to record, the same for every transport: writes the body, hands the call
 * to the transport, receives the response as a {@link ResponseSink} (SSE parsing and accumulation
 * via {@link ResponseBody}), enforces the whole-request deadline and cancellation, and builds the
 * record. The sending (virtual) thread waits; the sink calls come from the transport's threads and
 * are serialised on this object. The record's outcome is fixed at the first of: the stream's
 * {@code data: [DONE]}, the end of the response, a failure, the deadline, cancellation; later
 * calls change nothing.
 */
final class Exchange implements ResponseSink {
  /**
   * How long a response may take to end after {@code data: [DONE]} before its connection is
   * dropped: servers end it at once (and the connection is reused); a proxy may hold it open.
   */
  static final Duration END_AFTER_DONE = Duration.ofSeconds(1);

  private final OpenAiClient client;
  private final InferenceRequest req;
  private final String requestId = requestId();
  private final ResponseAccumulator acc;
  /** Which of the client's URLs this request goes to. */
  private final int url;
  private final CompletableFuture<Void> done = new CompletableFuture<>();
  // guarded by this
  private long startNs;
  private long startEpochMicros;
  /** Handed to the transport ({@link #depart}); until then an abort ends it as never sent. */
  private boolean departed;
  private ScheduledFuture<?> deadline;
  private boolean finished;
  /** Finished by {@code [DONE]}: the record is complete, the rest of the response is read for the connection's sake. */
  private boolean afterDone;
  private ScheduledFuture<?> endWait;
  private ErrorKind aborted;
  private RequestError outcome;
  private Transport.Call call;
  private ResponseBody body;
  private int status;
  private long ackNs = -1;
  private long writeNs = -1;
  private long lastNs = -1;
  private long reads;

  Exchange(OpenAiClient client, InferenceRequest req) {
    this.client = client;
    this.req = req;
    this.url = client.route(req);
    // Without server token counts the text is needed to count tokens after the response.
    this.acc = new ResponseAccumulator(req.keepText() || !client.serverTokenCount(), client.classifier())
        .tap(client.streamTap(), requestId);
  }

  RequestRecord run() {
    boolean stream = client.bodies().streams(req);
    byte[] bytes;
    try {
      bytes = client.bodies().write(req);
    } catch (RuntimeException e) {
      return failedBeforeSend("cannot write the request body: " + e.getMessage());
    }
    HttpCall hc;
    try {
      hc = client.call(req, url, requestId, bytes, stream);
    } catch (RuntimeException e) {
      // e.g. a correlation id that is not a legal header value
      return failedBeforeSend("cannot build the HTTP request: " + e.getMessage());
    }
    RequestBodyListener l = client.bodyListener();
    if (l != null) {
      l.onBody(req, requestId, bytes);
    }
    if (client.isClosed()) {
      startEpochMicros = epochMicros();
      startNs = System.nanoTime();
      return record(new RequestError(ErrorKind.CANCELLED, 0, "Cancelled", "the client is closed", null), startNs);
    }
    // In the client's set before it leaves too, so that cancelInFlight and close reach a request waiting for its instant.
    client.inFlight().add(this);
    ScheduledFuture<?> departure = null;
    try {
      long wait = req.dueNs() < 0 ? 0 : req.dueNs() - System.nanoTime();
      if (wait > 0) {
        // Leaves at its instant from the client's timer thread, not from this virtual thread: woken at the
        // instant, it would wait for a carrier behind whatever the JVM's other virtual threads compute.
        HttpCall leaving = hc;
        departure = client.timer().schedule(() -> depart(leaving), wait, TimeUnit.NANOSECONDS);
      } else {
        depart(hc);
      }
      hc = null; // the body (the size of the prompt) is the transport's now, not this frame's while the response streams
      bytes = null;
      done.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abort(ErrorKind.CANCELLED);
    } catch (ExecutionException | RuntimeException | InternalError e) {
      // InternalError: the JDK HttpClient wraps a failure to open a socket (out of file descriptors) in it
      // e.g. the client closed under this send: its executors refuse work
      onFailure(e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e);
    } finally {
      if (departure != null) {
        departure.cancel(false);
      }
      ScheduledFuture<?> d;
      synchronized (this) {
        d = deadline;
      }
      if (d != null) {
        d.cancel(false);
      }
      client.inFlight().remove(this);
    }
    RequestError error;
    long endNs;
    synchronized (this) {
      if (writeNs > 0) {
        client.stats().recordPoolWait(writeNs - startNs);
      }
      if (body != null) {
        client.stats().recordResponse(reads, acc.messages);
      }
      error = outcome;
      endNs = end();
    }
    // Finished: nothing changes any more, and client-side token counting holds no lock a transport thread could wait on.
    return record(error, endNs);
  }

  /**
   * Puts the call on the wire, unless the exchange ended first: stamps its start (a request handed
   * over before its {@link InferenceRequest#dueNs() due instant} has its body written already and
   * leaves at that instant, not before), arms the whole-request deadline and hands the call to the
   * transport, which never blocks. Runs on the sending thread, or at the due instant on the
   * client's timer thread.
   */
  private void depart(HttpCall hc) {
    synchronized (this) {
      if (finished) {
        return; // aborted or cancelled while it waited for its instant
      }
      departed = true;
      startEpochMicros = epochMicros();
      startNs = System.nanoTime();
    }
    try {
      Transport.Call c = client.transport().start(hc, this);
      ScheduledFuture<?> d = client.timer().schedule(() -> abort(ErrorKind.TIMEOUT), client.timeout().toNanos(),
          TimeUnit.NANOSECONDS);
      boolean abortNow;
      synchronized (this) {
        call = c;
        deadline = d;
        abortNow = aborted != null; // aborted while the call was being started
      }
      if (abortNow) {
        c.abort();
        d.cancel(false);
      }
    } catch (RuntimeException | InternalError e) {
      onFailure(e); // e.g. the client closed under this send: its executors refuse work
    }
  }

  /**
   * Ends the exchange now with a timeout or cancellation, unless it already ended; drops the
   * connection. After {@code [DONE]} the record stays complete; only the connection goes.
   */
  void abort(ErrorKind why) {
    Transport.Call c;
    synchronized (this) {
      if (finished && !(afterDone && !done.isDone())) {
        return;
      }
      if (!finished) {
        aborted = why;
        finish(abortError());
      }
      done.complete(null);
      c = call;
    }
    if (c != null) {
      c.abort();
    }
  }

  /** Fixes the record's outcome and lets the sender go. */
  private void finish(RequestError e) {
    stampIfNeverSent();
    finished = true;
    outcome = e;
    acc.release();
    done.complete(null);
  }

  /**
   * {@code [DONE]}: the record is complete now. The sender still waits for the response to end
   * (normally at once, and the connection goes back to the pool for its next request), at most
   * {@link #END_AFTER_DONE}; a server that held a response open after it once has its
   * connections dropped at {@code [DONE]} from then on.
   *
   * @return whether to keep reading
   */
  private boolean finishAtDone() {
    finished = true;
    afterDone = true;
    outcome = acc.error;
    acc.release();
    if (client.holdsAfterDone()) {
      done.complete(null);
      return false;
    }
    try {
      endWait = client.timer().schedule(this::endWaitOver, END_AFTER_DONE.toNanos(), TimeUnit.NANOSECONDS);
    } catch (RejectedExecutionException closing) {
      done.complete(null);
      return false;
    }
    return true;
  }

  private void endWaitOver() {
    Transport.Call c;
    synchronized (this) {
      if (done.isDone()) {
        return;
      }
      client.heldAfterDone();
      done.complete(null);
      c = call;
    }
    if (c != null) {
      c.abort();
    }
  }

  /** The response after {@code [DONE]} ended (or broke): the sender may go. */
  private void endedAfterDone() {
    if (afterDone && !done.isDone()) {
      if (endWait != null) {
        endWait.cancel(false);
      }
      done.complete(null);
    }
  }

  @Override
  public synchronized void onWriting(long ns) {
    if (writeNs < 0) {
      writeNs = ns;
    }
  }

  @Override
  public synchronized void onHeaders(int status, String contentType, long ns) {
    if (finished) {
      return;
    }
    this.ackNs = ns;
    this.status = status;
    this.body = new ResponseBody(status, contentType, acc);
  }

  @Override
  public synchronized boolean onBytes(byte[] b, int off, int len, long ns) {
    if (finished) {
      return afterDone; // after [DONE] the rest is read so that the connection can carry the next request
    }
    if (len == 0 || body == null) {
      return true;
    }
    if (ns != lastNs) {
      reads++;
      lastNs = ns;
    }
    if (!body.feed(b, off, len, ns)) {
      finish(body.mode == ResponseBody.Mode.ERROR ? body.httpError(status, client.classifier()) : acc.error);
      return false;
    }
    return !acc.done || finishAtDone();
  }

  @Override
  public synchronized void onEnd() {
    if (finished) {
      endedAfterDone();
      return;
    }
    if (body == null) {
      finish(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "NoResponse", "the exchange ended without a response", null));
      return;
    }
    body.end(lastNs);
    switch (body.mode) {
      case ERROR -> finish(body.httpError(status, client.classifier()));
      case JSON -> finish(acc.error);
      case SSE -> finish(acc.error != null || acc.done ? acc.error
          : new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "IncompleteStream", "the stream ended without data: [DONE]", null));
    }
  }

  @Override
  public synchronized void onFailure(Throwable t) {
    if (finished) {
      endedAfterDone();
      return;
    }
    if (client.isClosed()) {
      aborted = ErrorKind.CANCELLED; // close() raced with this send
      finish(abortError());
      return;
    }
    finish(failure(t));
  }

  private RequestRecord failedBeforeSend(String message) {
    startEpochMicros = epochMicros();
    startNs = System.nanoTime();
    return record(new RequestError(ErrorKind.CLIENT_ERROR, 0, "InvalidRequest", message, null), startNs);
  }

  private long end() {
    return lastNs > 0 ? lastNs : ackNs > 0 && aborted == null ? ackNs : System.nanoTime();
  }

  private RequestError abortError() {
    return aborted == ErrorKind.TIMEOUT ? timeoutError()
        : new RequestError(ErrorKind.CANCELLED, 0, "Cancelled",
            departed ? "the run was cancelled while the request was in flight" : "cancelled before its due instant", null);
  }

  /** A record's start for an exchange that ends before it left: the instant it ended (guarded by this). */
  private void stampIfNeverSent() {
    if (!departed) {
      startEpochMicros = epochMicros();
      startNs = System.nanoTime();
    }
  }

  private RequestError timeoutError() {
    return new RequestError(ErrorKind.TIMEOUT, 0, "Timeout",
        "no end of response within " + client.timeout().toMillis() + " ms (infermark.request-timeout)", null);
  }

  private RequestError failure(Throwable t) {
    if (ClientSideFailure.matches(t)) {
      return ClientSideFailure.error(t);
    }
    if (t instanceof HttpTimeoutException) {
      return timeoutError();
    }
    if (t instanceof ConnectException) {
      return new RequestError(ErrorKind.CONNECTION_REFUSED, 0, ClientSideFailure.connectType(t),
          "cannot connect to " + client.endpoint(url) + ": " + ClientSideFailure.cause(t), null);
    }
    if (t instanceof IOException) {
      return new RequestError(ErrorKind.CONNECTION_RESET, 0, "ConnectionReset",
          (status == 0 ? "connection failed before a response: " : "connection broke mid-response: ") + t, null);
    }
    return new RequestError(ErrorKind.PROTOCOL_ERROR, 0, t.getClass().getSimpleName(), String.valueOf(t.getMessage()), null);
  }

  private RequestRecord record(RequestError failure, long endNs) {
    // every error text a record keeps passes here: a server may echo the key in it
    ApiKey key = client.apiKey();
    RequestError error = key == null ? failure : key.redact(failure);
    Integer in = null;
    Integer out = null;
    Integer reasoningTokens = null;
    if (client.serverTokenCount()) {
      in = acc.promptTokens;
      reasoningTokens = acc.reasoningTokens;
      if (acc.completionTokens != null) {
        out = Math.max(0, acc.completionTokens - (reasoningTokens == null ? 0 : reasoningTokens));
      }
    } else {
      Tokenizer tk = client.tokenizer();
      if (tk != null) {
        in = tk.count(OpenAiClient.promptText(req));
        String t = acc.text();
        out = t == null ? null : tk.count(t);
        String r = acc.reasoningText();
        reasoningTokens = r == null ? null : tk.count(r);
      }
    }
    String text = req.keepText() ? acc.text() : null;
    String reasoning = req.keepText() ? acc.reasoningText() : null;
    return new RequestRecord(req.phase(), requestId, req.tags(), req.dueNs(), startNs, startEpochMicros, ackNs,
        acc.contentNs(), endNs, in, out, reasoningTokens, acc.cachedTokens, text, reasoning, acc.finishReason, status, error,
        url);
  }

  /**
   * A random (version 4) UUID from {@link ThreadLocalRandom}: request ids need to be unique, not
   * secret, and {@link UUID#randomUUID()}'s shared SecureRandom is a lock every sender takes.
   */
  static String requestId() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    long msb = r.nextLong() & ~0xF000L | 0x4000L;
    long lsb = r.nextLong() & 0x3FFFFFFFFFFFFFFFL | 0x8000000000000000L;
    return new UUID(msb, lsb).toString();
  }

  private static long epochMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }
}
