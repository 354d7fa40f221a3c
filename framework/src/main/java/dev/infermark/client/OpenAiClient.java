package dev.infermark.client;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.settings.Keys;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.Tokenizer;

/**
 * The OpenAI-compatible streaming client, one shared instance per run: settings, request bodies
 * and headers here; each request is an {@link Exchange} over the run's {@link Transport}
 * ({@code infermark.transport}: Netty or the JDK HttpClient, HTTP/1.1, plain or TLS). {@link #send}
 * blocks its (virtual) thread until the response ends and never throws for a failed request: HTTP
 * errors, in-stream errors, broken or unterminated streams, resets, timeouts and cancellation come
 * back as a record with a {@link RequestError}.
 *
 * <p>Timing: {@code startNs} is taken just before the request is handed to the transport (after
 * the body is written); {@code ackNs} when the response headers arrive; every network read of
 * body bytes takes one {@link System#nanoTime()} before any parsing, shared by all SSE messages it
 * completes; {@code endNs} is the last read that carried bytes. {@code infermark.request-timeout}
 * covers the whole request, connect to last byte.
 *
 * <p>Entry points for the runner: {@link #create}, {@link #cancelInFlight} (hook
 * it to the run's cancellation), {@link #bodyListener} (inputs.json), {@link #tokenizer} (token
 * counts when {@code use-server-token-count} is off) and {@link #stats} (self-check).
 */
public final class OpenAiClient implements ServerClient {
  /** How much of an error body a record keeps. */
  public static final int MAX_ERROR_BODY = ResponseBody.MAX_ERROR_BODY;

  private static final String CHAT_PATH = "/v1/chat/completions";
  private static final String COMPLETIONS_PATH = "/v1/completions";

  private final Transport transport;
  private final Transport.Kind transportKind;
  private final SSLContext tls;
  /**
   * The client's one timer thread: a request handed over before its due instant leaves from it at
   * that instant (a virtual thread woken then would wait for a carrier), and whole-request deadlines
   * and the wait after {@code [DONE]} fire on it. Its tasks are short: a transport's start never blocks.
   */
  private final ScheduledThreadPoolExecutor timer;
  private final List<URI> bases;
  private final List<URI> endpoints;
  private final UrlRouter router;
  private final String endpointType;
  private final List<String> models;
  private final RequestBodyWriter bodies;
  private final ErrorClassifier classifier;
  private final ApiKey apiKey;
  private final Duration timeout;
  private final Set<String> sessionHeaders;
  private final boolean serverTokenCount;
  private final RequestCounter progress;
  private final ClientStats stats = new ClientStats();
  private final Set<Exchange> inFlight = ConcurrentHashMap.newKeySet();
  private volatile RequestBodyListener listener;
  private volatile Tokenizer tokenizer;
  private volatile StreamTap tap;
  private volatile boolean closed;
  /** Set once a response did not end within {@link Exchange#END_AFTER_DONE}: later ones are dropped at [DONE]. */
  private volatile boolean holdsAfterDone;
  /** What the preflight found the targets serve (the smallest context length), or null. */
  private volatile ServedContext served;

  private OpenAiClient(Settings s, List<URI> baseUris, RequestCounter progress) {
    String type = s.get(Keys.ENDPOINT_TYPE).trim().toLowerCase(Locale.ROOT);
    if (!type.equals("chat") && !type.equals("completions")) {
      throw new IllegalArgumentException(Keys.ENDPOINT_TYPE + ": expected chat or completions, got '" + type + "'");
    }
    boolean chat = type.equals("chat");
    String custom = s.get(Keys.CUSTOM_ENDPOINT);
    String path = custom != null && !custom.isBlank() ? (custom.startsWith("/") ? custom : "/" + custom)
        : chat ? CHAT_PATH : COMPLETIONS_PATH;
    if (baseUris.isEmpty()) {
      throw new IllegalArgumentException(Keys.URL + ": no server to send to");
    }
    this.bases = baseUris.stream().map(u -> URI.create(strip(u.toString()))).toList();
    this.endpoints = bases.stream().map(b -> URI.create(b + path)).toList();
    this.router = new UrlRouter(bases.size());
    this.endpointType = type;
    this.serverTokenCount = s.get(Keys.USE_SERVER_TOKEN_COUNT);
    List<String> models = s.get(Keys.MODEL);
    this.models = models == null ? List.of() : models;
    this.bodies = new RequestBodyWriter(chat, s.get(Keys.STREAMING), s.get(Keys.USE_LEGACY_MAX_TOKENS), serverTokenCount,
        models == null || models.isEmpty() ? null : models.get(0), s.get(Keys.EXTRA_INPUTS));
    this.classifier = new ErrorClassifier(s.get(Keys.CONTEXT_OVERFLOW_SUBSTRINGS));
    this.apiKey = ApiKey.from(s).orElse(null);
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
    this.transportKind = Transport.Kind.parse(s.get(Keys.TRANSPORT));
    TrustManagerFactory trust = TlsTrust.trustManagers(s.get(Keys.TLS_CA));
    this.tls = trust == null ? null : TlsTrust.context(trust);
    this.transport = switch (transportKind) {
      case NETTY -> new NettyTransport(eventLoops(s.get(Keys.EVENT_LOOPS), Runtime.getRuntime().availableProcessors()), trust, timeout);
      case JDK -> new JdkTransport(timeout, tls);
    };
    this.timer = new ScheduledThreadPoolExecutor(1, r -> {
      Thread t = new Thread(r, "infermark-client-timer");
      t.setDaemon(true);
      return t;
    });
    timer.setRemoveOnCancelPolicy(true);
  }

  /**
   * Event-loop threads of the Netty transport ({@code infermark.event-loops}; 0 = automatic). One
   * loop reads ~100k chunks/s, but when a decode step makes every stream readable at once, two
   * loops stamp those reads in half the time (the client bench's burst case: timestamp p99 6–9 ms
   * against 6–22 ms with one, on 2 cores), so automatic is 2 from 2 cores, then one per 8 cores, at
   * most 4; 1 on a single core.
   */
  static int eventLoops(int setting, int cores) {
    if (setting < 0) {
      throw new IllegalArgumentException(Keys.EVENT_LOOPS + ": must be 0 (automatic) or more, not " + setting);
    }
    if (setting > 0) {
      return setting;
    }
    return cores < 2 ? 1 : Math.max(2, Math.min(4, cores / 8));
  }

  /**
   * The run's client. Reads {@code endpoint-type}, {@code custom-endpoint}, {@code model},
   * {@code streaming}, {@code api-key} or {@code api-key-file} (else {@code OPENAI_API_KEY}), {@code extra-inputs},
   * {@code use-legacy-max-tokens}, {@code use-server-token-count}, {@code request-timeout},
   * {@code transport}, {@code event-loops}, {@code tls-ca},
   * {@code session-headers} and {@code context-overflow-substrings}.
   *
   * @param baseUri the server ({@code infermark.url}, already normalised by its setting, or the embedded simulator)
   * @param progress counts sent and returned requests
   * @throws IllegalArgumentException naming the setting when one is unusable
   */
  public static OpenAiClient create(Settings settings, URI baseUri, RequestCounter progress) {
    return new OpenAiClient(settings, List.of(baseUri), progress);
  }

  /**
   * The run's client over several servers ({@code infermark.url=a,b}): each request goes to one of
   * them ({@link InferenceRequest#affinity}: round-robin, or sticky per key), its record says which
   * ({@link RequestRecord#urlIndex}); the preflight checks every one.
   */
  public static OpenAiClient create(Settings settings, List<URI> baseUris, RequestCounter progress) {
    return new OpenAiClient(settings, baseUris, progress);
  }

  private static String strip(String u) {
    String s = u;
    while (s.endsWith("/")) {
      s = s.substring(0, s.length() - 1);
    }
    return s.endsWith("/v1") ? s.substring(0, s.length() - 3) : s;
  }

  /** The full endpoint URL requests go to (the first URL's, with several). */
  public URI endpoint() {
    return endpoints.get(0);
  }

  /** The servers' base URLs, in {@code infermark.url} order: {@link RequestRecord#urlIndex} indexes it. */
  public List<URI> urls() {
    return bases;
  }

  /** Which URL {@code request} goes to (index into {@link #urls}). */
  int route(InferenceRequest request) {
    return router.route(request);
  }

  URI endpoint(int url) {
    return endpoints.get(url);
  }

  /**
   * The body this client would send for {@code request} (UTF-8 JSON), without sending it: for
   * tools and tests that check what a scenario's requests look like on the wire.
   */
  public byte[] body(InferenceRequest request) {
    return bodies.write(request);
  }

  /**
   * For every URL: {@code GET /v1/models} (every {@code infermark.model} served?), then one 1-token
   * request of this client's endpoint type with its headers and extra inputs; nothing is recorded.
   * The first URL that fails stops the run, named in the exception.
   */
  @Override
  public java.util.Optional<String> preflight() {
    java.util.function.Function<String, InferenceRequest> tiny = model -> new InferenceRequest(
        dev.infermark.api.request.Phase.WARMUP, null,
        endpointType.equals("chat") ? List.of(ChatMessage.user("Hi")) : List.of(), endpointType.equals("chat") ? null : "Hi",
        model, 1, null, false, -1);
    List<String> found = new ArrayList<>();
    for (int i = 0; i < bases.size(); i++) {
      Preflight.Found f = Preflight.run(new Preflight.Target(bases.get(i), endpoints.get(i), endpointType, apiKey, models,
          model -> bodies.write(tiny.apply(model)), bodies.streams(tiny.apply(null)), timeout, tls));
      found.add(f.line());
      if (f.maxModelLen() != null && (served == null || f.maxModelLen() < served.maxModelLen())) {
        served = new ServedContext(bases.get(i), f.maxModelLen());
      }
    }
    return java.util.Optional.of(String.join("; ", found));
  }

  /** The smallest context length the preflight found advertised, if it ran and found one. */
  @Override
  public java.util.Optional<ServedContext> servedContext() {
    return java.util.Optional.ofNullable(served);
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

  /** The transport in use ({@code netty} or {@code jdk}). */
  public String transportName() {
    return transportKind.name().toLowerCase(Locale.ROOT);
  }

  /** Aborts every request in flight; each is recorded as {@link ErrorKind#CANCELLED}. */
  @Override
  public void cancelInFlight() {
    for (Exchange e : inFlight) {
      e.abort(ErrorKind.CANCELLED);
    }
  }

  /**
   * Cancels what is in flight and releases the transport, waiting (a few seconds at most) until its
   * connections are closed, so their file descriptors are free again; later sends are cancelled at once.
   */
  @Override
  public void close() {
    closed = true;
    cancelInFlight();
    timer.shutdownNow();
    transport.close();
  }

  @Override
  public RequestRecord send(InferenceRequest request) {
    Exchange ex = new Exchange(this, request);
    progress.requestSent();
    RequestRecord r = ex.run();
    progress.requestReturned(!r.ok(), r.ttftNs());
    return r;
  }

  /** The wire form of one request: the endpoint, its headers and body. */
  HttpCall call(InferenceRequest r, int url, String requestId, byte[] body, boolean stream) {
    List<HttpCall.Header> h = new ArrayList<>(8);
    h.add(new HttpCall.Header("Content-Type", "application/json"));
    h.add(new HttpCall.Header("Accept", stream ? "text/event-stream" : "application/json"));
    h.add(new HttpCall.Header("X-Request-ID", requestId));
    if (apiKey != null) {
      h.add(new HttpCall.Header("Authorization", "Bearer " + apiKey.value()));
    }
    String corr = r.tags() == null ? null : r.tags().correlationId();
    if (corr != null) {
      h.add(new HttpCall.Header("X-Correlation-ID", corr));
      if (sessionHeaders.contains("x-session-id")) {
        h.add(new HttpCall.Header("X-Session-ID", corr));
      }
      if (sessionHeaders.contains("dynamo")) {
        h.add(new HttpCall.Header("X-Dynamo-Session-ID", corr));
        if (r.tags().parentCorrelationId() != null) {
          h.add(new HttpCall.Header("X-Dynamo-Parent-Session-ID", r.tags().parentCorrelationId()));
        }
      }
      if (sessionHeaders.contains("smg")) {
        h.add(new HttpCall.Header("X-SMG-Routing-Key", corr));
      }
    }
    return new HttpCall(endpoints.get(url), List.copyOf(h), body);
  }

  // What an exchange needs from its client.
  RequestBodyWriter bodies() {
    return bodies;
  }

  ErrorClassifier classifier() {
    return classifier;
  }

  /** The run's key, or {@code null}: the exchange redacts it from error texts. */
  ApiKey apiKey() {
    return apiKey;
  }

  boolean serverTokenCount() {
    return serverTokenCount;
  }

  StreamTap streamTap() {
    return tap;
  }

  RequestBodyListener bodyListener() {
    return listener;
  }

  Tokenizer tokenizer() {
    return tokenizer;
  }

  Duration timeout() {
    return timeout;
  }

  boolean isClosed() {
    return closed;
  }

  Set<Exchange> inFlight() {
    return inFlight;
  }

  ScheduledThreadPoolExecutor timer() {
    return timer;
  }

  Transport transport() {
    return transport;
  }

  boolean holdsAfterDone() {
    return holdsAfterDone;
  }

  void heldAfterDone() {
    holdsAfterDone = true;
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

}
