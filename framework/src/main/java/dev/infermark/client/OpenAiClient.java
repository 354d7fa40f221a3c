package dev.infermark.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import dev.infermark.record.ErrorKind;
import dev.infermark.record.RequestError;
import dev.infermark.record.RequestRecord;
import dev.infermark.run.Progress;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;
import tools.jackson.databind.JsonNode;

/**
 * The OpenAI-compatible streaming client: JDK {@link HttpClient} on HTTP/1.1 with a virtual-thread
 * executor, one shared instance per run. {@link #send} blocks its (virtual) thread until the
 * response ends and never throws for a failed request: HTTP errors, in-stream errors, broken or
 * unterminated streams, resets, timeouts and cancellation come back as a record with a
 * {@link RequestError}.
 *
 * <p>Timing: {@code startNs} is taken just before the request is handed to the HttpClient (after
 * the body is written); {@code ackNs} when the response headers arrive; every delivery of body
 * bytes (a network read) takes one {@link System#nanoTime()} in the body subscriber's
 * {@code onNext} before any parsing, shared by all SSE messages it completes; {@code endNs} is the
 * last delivery that carried bytes. {@code infermark.request-timeout} covers the whole request,
 * headers to last byte.
 *
 * <p>Entry points for the runner: {@link #create}, {@link #cancelInFlight} (hook
 * it to the run's cancellation), {@link #bodyListener} (inputs.json), {@link #tokenizer} (token
 * counts when {@code use-server-token-count} is off) and {@link #stats} (self-check).
 */
public final class OpenAiClient implements InferenceClient {
  /** How much of an error body a record keeps. */
  public static final int MAX_ERROR_BODY = 16 * 1024;
  /** How much of an error body is read (then the connection is dropped). */
  static final int MAX_ERROR_DRAIN = 1 << 20;
  /** The largest non-streamed body parsed. */
  static final int MAX_JSON_BODY = 256 << 20;
  /**
   * How long a response may take to end after {@code data: [DONE]} before its connection is
   * dropped: servers end it at once (and the connection is reused); a proxy may hold it open.
   */
  static final Duration END_AFTER_DONE = Duration.ofSeconds(1);

  private static final String CHAT_PATH = "/v1/chat/completions";
  private static final String COMPLETIONS_PATH = "/v1/completions";

  private final HttpClient http;
  private final ExecutorService executor;
  private final ScheduledThreadPoolExecutor deadlines;
  private final URI base;
  private final URI endpoint;
  private final String endpointType;
  private final List<String> models;
  private final RequestBodyWriter bodies;
  private final ErrorClassifier classifier;
  private final String apiKey;
  private final Duration timeout;
  private final Set<String> sessionHeaders;
  private final boolean serverTokenCount;
  private final Progress progress;
  private final ClientStats stats = new ClientStats();
  private final Set<Exchange> inFlight = ConcurrentHashMap.newKeySet();
  private volatile RequestBodyListener listener;
  private volatile Tokenizer tokenizer;
  private volatile StreamTap tap;
  private volatile boolean closed;
  /** Set once a response did not end within {@link #END_AFTER_DONE}: later ones are dropped at [DONE]. */
  private volatile boolean holdsAfterDone;

  private OpenAiClient(Settings s, URI baseUri, Progress progress) {
    String type = s.get(Keys.ENDPOINT_TYPE).trim().toLowerCase(Locale.ROOT);
    if (!type.equals("chat") && !type.equals("completions")) {
      throw new IllegalArgumentException(Keys.ENDPOINT_TYPE + ": expected chat or completions, got '" + type + "'");
    }
    boolean chat = type.equals("chat");
    String custom = s.get(Keys.CUSTOM_ENDPOINT);
    String path = custom != null && !custom.isBlank() ? (custom.startsWith("/") ? custom : "/" + custom)
        : chat ? CHAT_PATH : COMPLETIONS_PATH;
    this.base = URI.create(strip(baseUri.toString()));
    this.endpoint = URI.create(base + path);
    this.endpointType = type;
    this.serverTokenCount = s.get(Keys.USE_SERVER_TOKEN_COUNT);
    List<String> models = s.get(Keys.MODEL);
    this.models = models == null ? List.of() : models;
    this.bodies = new RequestBodyWriter(chat, s.get(Keys.STREAMING), s.get(Keys.USE_LEGACY_MAX_TOKENS), serverTokenCount,
        models == null || models.isEmpty() ? null : models.get(0), s.get(Keys.EXTRA_INPUTS));
    this.classifier = new ErrorClassifier(s.get(Keys.CONTEXT_OVERFLOW_SUBSTRINGS));
    String key = s.get(Keys.API_KEY);
    if (key == null || key.isBlank()) {
      key = System.getenv("OPENAI_API_KEY");
    }
    this.apiKey = key == null || key.isBlank() ? null : key.trim();
    this.timeout = s.get(Keys.REQUEST_TIMEOUT);
    if (timeout.isZero()) {
      throw new IllegalArgumentException(Keys.REQUEST_TIMEOUT + ": must be longer than 0");
    }
    this.sessionHeaders = Set.copyOf(s.get(Keys.SESSION_HEADERS).stream().map(h -> h.toLowerCase(Locale.ROOT)).toList());
    for (String h : sessionHeaders) {
      if (!Set.of("x-session-id", "dynamo", "smg").contains(h)) {
        throw new IllegalArgumentException(Keys.SESSION_HEADERS + ": unknown '" + h + "' (expected x-session-id, dynamo, smg)");
      }
    }
    this.progress = progress;
    this.executor = Executors.newVirtualThreadPerTaskExecutor();
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
        .connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    this.deadlines = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "infermark-client-deadlines");
      t.setDaemon(true);
      return t;
    });
    deadlines.setRemoveOnCancelPolicy(true);
  }

  /**
   * The run's client. Reads {@code endpoint-type}, {@code custom-endpoint}, {@code model},
   * {@code streaming}, {@code api-key} (else {@code OPENAI_API_KEY}), {@code extra-inputs},
   * {@code use-legacy-max-tokens}, {@code use-server-token-count}, {@code request-timeout},
   * {@code session-headers} and {@code context-overflow-substrings}.
   *
   * @param baseUri the server ({@code infermark.url}, already normalised by its setting, or the embedded simulator)
   * @param progress counts sent and returned requests
   * @throws IllegalArgumentException naming the setting when one is unusable
   */
  public static OpenAiClient create(Settings settings, URI baseUri, Progress progress) {
    return new OpenAiClient(settings, baseUri, progress);
  }

  private static String strip(String u) {
    String s = u;
    while (s.endsWith("/")) {
      s = s.substring(0, s.length() - 1);
    }
    return s.endsWith("/v1") ? s.substring(0, s.length() - 3) : s;
  }

  /** The full endpoint URL requests go to. */
  public URI endpoint() {
    return endpoint;
  }

  /**
   * The body this client would send for {@code request} (UTF-8 JSON), without sending it: for
   * tools and tests that check what a scenario's requests look like on the wire.
   */
  public byte[] body(InferenceRequest request) {
    return bodies.write(request);
  }

  /**
   * {@code GET /v1/models} (every {@code infermark.model} served?), then one 1-token request of this
   * client's endpoint type with its headers and extra inputs; nothing is recorded.
   */
  @Override
  public java.util.Optional<String> preflight() {
    InferenceRequest tiny = new InferenceRequest(dev.infermark.record.Phase.WARMUP, null,
        endpointType.equals("chat") ? List.of(ChatMessage.user("Hi")) : List.of(), endpointType.equals("chat") ? null : "Hi",
        null, 1, null, false, -1);
    return java.util.Optional.of(Preflight.run(new Preflight.Target(base, endpoint, endpointType, apiKey, models,
        bodies.write(tiny), bodies.streams(tiny), timeout)));
  }

  /** Sets who sees each request body (inputs.json); {@code null} for nobody. */
  public OpenAiClient bodyListener(RequestBodyListener l) {
    this.listener = l;
    return this;
  }

  /**
   * Sets the tokenizer that counts ISL and OSL when {@code use-server-token-count} is off. Counting
   * happens after the response ended, so it never delays a timestamp.
   */
  public OpenAiClient tokenizer(Tokenizer t) {
    this.tokenizer = t;
    return this;
  }

  /** Sets who sees every SSE message with its receive time ({@code null} for nobody). */
  public OpenAiClient tap(StreamTap t) {
    this.tap = t;
    return this;
  }

  /** The client's own costs for the run's self-check. */
  public ClientStats stats() {
    return stats;
  }

  /** Aborts every request in flight; each is recorded as {@link ErrorKind#CANCELLED}. */
  @Override
  public void cancelInFlight() {
    for (Exchange e : inFlight) {
      e.abort(ErrorKind.CANCELLED);
    }
  }

  /**
   * Cancels what is in flight and releases the HttpClient, waiting (a few seconds at most) until its
   * connections are closed, so their file descriptors are free again; later sends are cancelled at once.
   */
  @Override
  public void close() {
    closed = true;
    cancelInFlight();
    deadlines.shutdownNow();
    http.shutdownNow();
    try {
      http.awaitTermination(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    executor.shutdownNow();
  }

  @Override
  public RequestRecord send(InferenceRequest request) {
    Exchange ex = new Exchange(request);
    progress.requestSent();
    RequestRecord r = ex.run();
    progress.requestReturned(!r.ok());
    return r;
  }

  private HttpRequest httpRequest(InferenceRequest r, String requestId, Exchange ex, byte[] body, boolean stream) {
    HttpRequest.Builder b = HttpRequest.newBuilder(endpoint).timeout(timeout)
        .header("Content-Type", "application/json")
        .header("Accept", stream ? "text/event-stream" : "application/json")
        .header("X-Request-ID", requestId)
        .POST(new TimedPublisher(body, ex));
    if (apiKey != null) {
      b.header("Authorization", "Bearer " + apiKey);
    }
    String corr = r.tags() == null ? null : r.tags().correlationId();
    if (corr != null) {
      b.header("X-Correlation-ID", corr);
      if (sessionHeaders.contains("x-session-id")) {
        b.header("X-Session-ID", corr);
      }
      if (sessionHeaders.contains("dynamo")) {
        b.header("X-Dynamo-Session-ID", corr);
        if (r.tags().parentCorrelationId() != null) {
          b.header("X-Dynamo-Parent-Session-ID", r.tags().parentCorrelationId());
        }
      }
      if (sessionHeaders.contains("smg")) {
        b.header("X-SMG-Routing-Key", corr);
      }
    }
    return b.build();
  }

  /** One request in flight: its state, abort flag and response parsing. */
  private final class Exchange {
    private final InferenceRequest req;
    private final String requestId = UUID.randomUUID().toString();
    private final ResponseAccumulator acc;
    private volatile ErrorKind aborted;
    private volatile CompletableFuture<?> future;
    private volatile Body body;
    private long startNs;
    private long startEpochMicros;
    private volatile long ackNs = -1;
    private volatile long writeNs = -1;
    private volatile int status;

    Exchange(InferenceRequest req) {
      this.req = req;
      // Without server token counts the text is needed to count tokens after the response.
      this.acc = new ResponseAccumulator(req.keepText() || !serverTokenCount, classifier).tap(tap, requestId);
    }

    void abort(ErrorKind why) {
      Body b = body;
      if (b != null && b.completeAtDone) {
        b.release(); // the request is complete; only its connection was left
        return;
      }
      if (aborted == null) {
        aborted = why;
      }
      CompletableFuture<?> f = future;
      if (f != null) {
        f.cancel(true);
      }
      b = body;
      if (b != null) {
        b.abort();
      }
    }

    RequestRecord run() {
      boolean stream = bodies.streams(req);
      byte[] bytes;
      try {
        bytes = bodies.write(req);
      } catch (RuntimeException e) {
        return failedBeforeSend("cannot write the request body: " + e.getMessage());
      }
      HttpRequest hr;
      try {
        hr = httpRequest(req, requestId, this, bytes, stream);
      } catch (RuntimeException e) {
        // e.g. a correlation id that is not a legal header value
        return failedBeforeSend("cannot build the HTTP request: " + e.getMessage());
      }
      RequestBodyListener l = listener;
      if (l != null) {
        l.onBody(req, requestId, bytes);
      }
      if (closed) {
        startNs = System.nanoTime();
        startEpochMicros = epochMicros();
        return record(new RequestError(ErrorKind.CANCELLED, 0, "Cancelled", "the client is closed", null), startNs);
      }
      inFlight.add(this);
      startEpochMicros = epochMicros();
      startNs = System.nanoTime();
      ScheduledFuture<?> deadline = null;
      try {
        deadline = deadlines.schedule(() -> abort(ErrorKind.TIMEOUT), timeout.toNanos(), TimeUnit.NANOSECONDS);
        CompletableFuture<HttpResponse<Void>> f = http.sendAsync(hr, info -> {
          ackNs = System.nanoTime();
          status = info.statusCode();
          String ct = info.headers().firstValue("content-type").orElse("").toLowerCase(Locale.ROOT);
          Body b = new Body(status >= 300 ? Mode.ERROR : ct.startsWith("text/event-stream") ? Mode.SSE : Mode.JSON);
          body = b;
          return b;
        });
        future = f;
        if (aborted != null) {
          f.cancel(true);
        }
        f.get();
        if (writeNs > 0) {
          stats.recordPoolWait(writeNs - startNs);
        }
        Body b = body;
        stats.recordResponse(b.reads, acc.messages);
        if (aborted != null) {
          return record(abortError(), end());
        }
        switch (b.mode) {
          case ERROR -> {
            return httpError(b);
          }
          case JSON -> parseJson(b);
          case SSE -> {
            if (acc.error == null && !acc.done) {
              acc.fail(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "IncompleteStream",
                  "the stream ended without data: [DONE]", null));
            }
          }
        }
        return record(acc.error, end());
      } catch (ExecutionException e) {
        return record(failure(e.getCause()), end());
      } catch (CancellationException e) {
        return record(abortError(), end());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        abort(ErrorKind.CANCELLED);
        return record(abortError(), end());
      } catch (RuntimeException | InternalError e) {
        // InternalError: the JDK HttpClient wraps a failure to open a socket (out of file descriptors) in it
        return record(failure(e), end());
      } finally {
        if (deadline != null) {
          deadline.cancel(false);
        }
        inFlight.remove(this);
      }
    }

    private RequestRecord failedBeforeSend(String message) {
      startEpochMicros = epochMicros();
      startNs = System.nanoTime();
      return record(new RequestError(ErrorKind.CLIENT_ERROR, 0, "InvalidRequest", message, null), startNs);
    }

    private long end() {
      Body b = body;
      long last = b == null ? -1 : b.lastNs;
      return last > 0 ? last : ackNs > 0 && aborted == null ? ackNs : System.nanoTime();
    }

    private void parseJson(Body b) {
      if (acc.error != null) {
        return;
      }
      byte[] all = b.whole.toByteArray();
      acc.messages++;
      JsonNode node;
      try {
        node = dev.infermark.json.Json.MAPPER.readTree(all);
      } catch (RuntimeException e) {
        acc.fail(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "InvalidJSON", "the response body is not valid JSON",
            ResponseAccumulator.abbreviate(new String(all, StandardCharsets.UTF_8), MAX_ERROR_BODY)));
        return;
      }
      acc.onJson(node, null, all, 0, all.length, b.lastNs);
    }

    private RequestRecord httpError(Body b) {
      String text = b.whole.toString(StandardCharsets.UTF_8);
      if (b.total > MAX_ERROR_BODY) {
        text += "...(" + b.total + (b.total >= MAX_ERROR_DRAIN ? "+" : "") + " bytes)";
      }
      String reason = reasonPhrase(status);
      String message = ErrorClassifier.errorMessage(text);
      if (message == null) {
        message = text.isBlank() ? reason : ResponseAccumulator.abbreviate(text.strip(), 500);
      }
      return record(new RequestError(classifier.forHttpStatus(status, text), status, reason,
          ResponseAccumulator.abbreviate(message, 500), text), end());
    }

    /**
     * Receives the response body on the HttpClient's executor: each {@code onNext} is one network
     * delivery and takes one timestamp before any parsing. No reader thread in between.
     */
    private final class Body implements HttpResponse.BodySubscriber<Void> {
      private final CompletableFuture<Void> result = new CompletableFuture<>();
      private final Mode mode;
      private final SseDecoder sse;
      private final ByteArrayOutputStream whole;
      private final byte[] scratch;
      private volatile Flow.Subscription subscription;
      private boolean stopped;
      /** {@code data: [DONE]} arrived: the request is complete whatever the connection does next. */
      volatile boolean completeAtDone;
      private volatile boolean ended;
      long total;
      long reads;
      volatile long lastNs = -1;

      Body(Mode mode) {
        this.mode = mode;
        this.sse = mode == Mode.SSE ? new SseDecoder(acc) : null;
        this.whole = mode == Mode.SSE ? null : new ByteArrayOutputStream(mode == Mode.ERROR ? 1024 : 8192);
        this.scratch = mode == Mode.SSE ? new byte[16 * 1024] : null;
      }

      @Override
      public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (aborted != null) {
          s.cancel();
          result.completeExceptionally(new CancellationException("aborted"));
        } else {
          // onNext only parses, never blocks: no need for back-pressure
          s.request(Long.MAX_VALUE);
        }
      }

      @Override
      public void onNext(List<ByteBuffer> items) {
        long t = System.nanoTime(); // at the read, before any parsing
        if (stopped) {
          return;
        }
        boolean any = false;
        try {
          for (ByteBuffer b : items) {
            int n = b.remaining();
            if (n == 0) {
              continue;
            }
            any = true;
            total += n;
            switch (mode) {
              case SSE -> feed(b, t);
              case JSON -> {
                if (total > MAX_JSON_BODY) {
                  stop(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "BodyTooLarge",
                      "the response body exceeds " + (MAX_JSON_BODY >> 20) + " MiB", null));
                  return;
                }
                copy(b, n);
              }
              case ERROR -> {
                copy(b, (int) Math.max(0, Math.min(n, MAX_ERROR_BODY - whole.size())));
                if (total >= MAX_ERROR_DRAIN) {
                  // the rest is not worth reading; cancelling drops the connection
                  stop(null);
                  return;
                }
              }
            }
          }
        } catch (SseDecoder.SseException e) {
          stop(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, "ProtocolError", e.getMessage(), null));
        } catch (RuntimeException e) {
          stop(new RequestError(ErrorKind.PROTOCOL_ERROR, 502, e.getClass().getSimpleName(), String.valueOf(e.getMessage()), null));
        } finally {
          if (any) {
            lastNs = t;
            reads++;
          }
        }
        if (sse != null && acc.done && !stopped) {
          done();
        }
      }

      /**
       * After {@code [DONE]} nothing more is read into the record. The response normally ends at
       * once and its connection goes back to the pool; one that does not end within
       * {@link #END_AFTER_DONE} (or from a server that did that before) loses its connection instead
       * of waiting for the request timeout.
       */
      private void done() {
        stopped = true;
        completeAtDone = true;
        if (holdsAfterDone) {
          release();
          return;
        }
        try {
          deadlines.schedule(() -> {
            if (!ended) {
              holdsAfterDone = true;
              release();
            }
          }, END_AFTER_DONE.toNanos(), TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
          release();
        }
      }

      /** Completes the request and drops the connection if the response has not ended. */
      void release() {
        result.complete(null);
        Flow.Subscription s = subscription;
        if (s != null && !ended) {
          s.cancel();
        }
      }

      private void feed(ByteBuffer b, long t) throws SseDecoder.SseException {
        if (b.hasArray()) {
          sse.feed(b.array(), b.arrayOffset() + b.position(), b.remaining(), t);
          b.position(b.limit());
          return;
        }
        while (b.hasRemaining()) {
          int k = Math.min(scratch.length, b.remaining());
          b.get(scratch, 0, k);
          sse.feed(scratch, 0, k, t);
        }
      }

      private void copy(ByteBuffer b, int keep) {
        if (keep <= 0) {
          b.position(b.limit());
          return;
        }
        byte[] tmp = new byte[keep];
        b.get(tmp);
        whole.write(tmp, 0, keep);
        b.position(b.limit());
      }

      private void stop(RequestError e) {
        stopped = true;
        if (e != null) {
          acc.fail(e);
        }
        Flow.Subscription s = subscription;
        if (s != null) {
          s.cancel();
        }
        result.complete(null);
      }

      @Override
      public void onError(Throwable throwable) {
        ended = true;
        result.completeExceptionally(throwable);
      }

      @Override
      public void onComplete() {
        ended = true;
        if (!stopped && sse != null) {
          sse.finish(lastNs);
        }
        result.complete(null);
      }

      @Override
      public CompletionStage<Void> getBody() {
        return result;
      }

      void abort() {
        Flow.Subscription s = subscription;
        if (s != null) {
          s.cancel();
        }
        result.completeExceptionally(new CancellationException("aborted"));
      }
    }

    private RequestError abortError() {
      return aborted == ErrorKind.TIMEOUT ? timeoutError()
          : new RequestError(ErrorKind.CANCELLED, 0, "Cancelled", "the run was cancelled while the request was in flight", null);
    }

    private RequestError timeoutError() {
      return new RequestError(ErrorKind.TIMEOUT, 0, "Timeout",
          "no end of response within " + timeout.toMillis() + " ms (infermark.request-timeout)", null);
    }

    private RequestError failure(Throwable cause) {
      Throwable t = cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null ? cause.getCause() : cause;
      if (aborted == null && closed) {
        aborted = ErrorKind.CANCELLED; // close() raced with this send
      }
      if (aborted != null) {
        return abortError();
      }
      if (ClientSideFailure.matches(t)) {
        return ClientSideFailure.error(t);
      }
      if (t instanceof HttpTimeoutException) {
        return timeoutError();
      }
      if (t instanceof ConnectException) {
        return new RequestError(ErrorKind.CONNECTION_REFUSED, 0, ClientSideFailure.connectType(t),
            "cannot connect to " + endpoint + ": " + ClientSideFailure.cause(t), null);
      }
      if (t instanceof IOException) {
        return new RequestError(ErrorKind.CONNECTION_RESET, 0, "ConnectionReset",
            (status == 0 ? "connection failed before a response: " : "connection broke mid-response: ") + t, null);
      }
      return new RequestError(ErrorKind.PROTOCOL_ERROR, 0, t.getClass().getSimpleName(), String.valueOf(t.getMessage()), null);
    }

    private RequestRecord record(RequestError error, long endNs) {
      Integer in = null;
      Integer out = null;
      Integer reasoningTokens = null;
      if (serverTokenCount) {
        in = acc.promptTokens;
        reasoningTokens = acc.reasoningTokens;
        if (acc.completionTokens != null) {
          out = Math.max(0, acc.completionTokens - (reasoningTokens == null ? 0 : reasoningTokens));
        }
      } else {
        Tokenizer tk = tokenizer;
        if (tk != null) {
          in = tk.count(promptText(req));
          String t = acc.text();
          out = t == null ? null : tk.count(t);
          String r = acc.reasoningText();
          reasoningTokens = r == null ? null : tk.count(r);
        }
      }
      String text = req.keepText() ? acc.text() : null;
      String reasoning = req.keepText() ? acc.reasoningText() : null;
      return new RequestRecord(req.phase(), requestId, req.tags(), req.dueNs(), startNs, startEpochMicros, ackNs,
          acc.contentNs(), endNs, in, out, reasoningTokens, acc.cachedTokens, text, reasoning, acc.finishReason, status,
          error);
    }
  }

  /** How a response body is read: by its status and content type, whatever was asked for. */
  private enum Mode {
    SSE, JSON, ERROR
  }

  /** The prompt text whose tokens make the ISL when the client counts. */
  static String promptText(InferenceRequest r) {
    if (r.prompt() != null) {
      return r.prompt().toString();
    }
    StringBuilder sb = new StringBuilder();
    for (ChatMessage m : r.messages()) {
      if (!sb.isEmpty()) {
        sb.append('\n');
      }
      if (m.content() != null) {
        sb.append(m.content());
      }
    }
    return sb.toString();
  }

  private static long epochMicros() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
  }

  static String reasonPhrase(int status) {
    return switch (status) {
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 408 -> "Request Timeout";
      case 413 -> "Payload Too Large";
      case 422 -> "Unprocessable Entity";
      case 429 -> "Too Many Requests";
      case 500 -> "Internal Server Error";
      case 501 -> "Not Implemented";
      case 502 -> "Bad Gateway";
      case 503 -> "Service Unavailable";
      case 504 -> "Gateway Timeout";
      default -> "HTTP " + status;
    };
  }

  /** Notes when the HttpClient starts writing the body: after the connection is ready. */
  private static final class TimedPublisher implements HttpRequest.BodyPublisher {
    private final HttpRequest.BodyPublisher delegate;
    private final Exchange ex;

    TimedPublisher(byte[] body, Exchange ex) {
      this.delegate = HttpRequest.BodyPublishers.ofByteArray(body);
      this.ex = ex;
    }

    @Override
    public long contentLength() {
      return delegate.contentLength();
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      if (ex.writeNs < 0) {
        ex.writeNs = System.nanoTime();
      }
      delegate.subscribe(subscriber);
    }
  }
}
