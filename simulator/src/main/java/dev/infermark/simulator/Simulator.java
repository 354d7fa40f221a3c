package dev.infermark.simulator;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.infermark.json.Json;
import dev.infermark.tokenizer.Tokenizer;
import dev.infermark.tokenizer.WordTokenizer;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-compatible inference server that behaves like a continuous-batching engine with a
 * paged KV cache and prefix caching, and records the ground truth of every request.
 *
 * <pre>{@code
 * try (Simulator sim = Simulator.start(SimulatorConfig.builder().maxNumSeqs(64).build())) {
 *   URI base = sim.baseUri();                  // http://127.0.0.1:PORT
 *   ...                                        // send requests with X-Request-ID
 *   GroundTruth gt = sim.groundTruth(id).orElseThrow();
 * }
 * }</pre>
 *
 * Endpoints: {@code POST /v1/chat/completions}, {@code POST /v1/completions}, {@code GET /v1/models},
 * {@code GET /health}, {@code GET /metrics}, {@code GET /ground-truth/<X-Request-ID>}.
 */
public final class Simulator implements AutoCloseable {
  private final SimulatorConfig config;
  final SimMetrics metrics = new SimMetrics();
  final Engine engine;
  private final ServerSocket server;
  private final Thread acceptor;
  private final ConcurrentHashMap<String, GroundTruth> truth = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<String> truthOrder = new ConcurrentLinkedQueue<>();
  private final AtomicInteger truthSize = new AtomicInteger();
  private final AtomicLong requestCounter = new AtomicLong();
  private final ConcurrentHashMap<Integer, String> tokenTexts = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<Socket> sockets = new ConcurrentLinkedQueue<>();
  private final int vocabulary;
  private final String[] tokenTextArray;
  final TokenMemo tokenMemo;
  private volatile boolean closed;

  private Simulator(SimulatorConfig config, TokenMemo tokenMemo) throws IOException {
    this.config = config;
    this.tokenMemo = tokenMemo;
    Tokenizer t = config.tokenizer();
    // Output ids: the stand-in's whole vocabulary, else a band of ordinary ids of a real one.
    this.vocabulary = t instanceof WordTokenizer w ? w.vocabularySize() : 10_000;
    this.tokenTextArray = new String[vocabulary];
    this.engine = new Engine(config, metrics);
    this.server = new ServerSocket();
    server.setReuseAddress(true);
    server.bind(new InetSocketAddress(InetAddress.getByName(config.host()), config.port()), 8192);
    this.acceptor = Thread.ofPlatform().daemon().name("infermark-sim-accept").unstarted(this::acceptLoop);
  }

  /**
   * Starts a simulator: binds its port, starts the engine and accepts connections.
   *
   * @throws IOException when the port cannot be bound
   */
  public static Simulator start(SimulatorConfig config) throws IOException {
    return start(config, TokenMemo.sizedForHeap(config.tokenizer()));
  }

  /** A simulator that tokenises through {@code tokenMemo} (tests compare with and without one). */
  static Simulator start(SimulatorConfig config, TokenMemo tokenMemo) throws IOException {
    Simulator s = new Simulator(config, tokenMemo);
    s.engine.start();
    s.acceptor.start();
    return s;
  }

  public SimulatorConfig config() {
    return config;
  }

  /** The port actually bound. */
  public int port() {
    return server.getLocalPort();
  }

  /** {@code http://HOST:PORT} (a wildcard host is shown as 127.0.0.1). */
  public URI baseUri() {
    String host = config.host();
    if (host.equals("0.0.0.0") || host.equals("::")) {
      host = "127.0.0.1";
    }
    return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port());
  }

  /** The ground truth of a finished request, by its {@code X-Request-ID}. */
  public Optional<GroundTruth> groundTruth(String xRequestId) {
    return Optional.ofNullable(truth.get(xRequestId));
  }

  /** The {@code /metrics} text (Prometheus text format 0.0.4). */
  public String metricsText() {
    return metrics.render(config.servedModelName());
  }

  /** Stops accepting, aborts what is running and closes every connection. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      server.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    engine.close();
    Socket s;
    while ((s = sockets.poll()) != null) {
      try {
        s.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
    try {
      acceptor.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void acceptLoop() {
    while (!closed) {
      try {
        Socket s = server.accept();
        sockets.add(s);
        Thread.ofVirtual().name("infermark-sim-conn").start(() -> {
          try {
            new HttpConnection(this, s).run();
          } finally {
            sockets.remove(s);
          }
        });
      } catch (SocketException e) {
        if (closed) {
          return;
        }
      } catch (IOException e) {
        // one failed accept (e.g. too many open files) must not stop the server
        Thread.onSpinWait();
      }
    }
  }

  // --- helpers used by the request path ---

  ObjectNode modelsJson() {
    ObjectNode o = Json.object();
    o.put("object", "list");
    var data = o.putArray("data");
    for (String name : config.servedModelNames()) {
      ObjectNode m = data.addObject();
      m.put("id", name);
      m.put("object", "model");
      m.put("created", java.time.Instant.now().getEpochSecond());
      m.put("owned_by", "infermark-simulator");
      m.put("root", config.servedModelName());
      m.put("max_model_len", config.maxModelLen());
    }
    return o;
  }

  String newRequestId() {
    return "sim-" + requestCounter.incrementAndGet();
  }

  /** A short id for response {@code id} fields. */
  String idSuffix(String requestId) {
    return Long.toHexString(requestId.hashCode() & 0xffffffffL) + Long.toHexString(requestCounter.incrementAndGet());
  }

  /** The per-request seed when the request names none: the simulator seed mixed with the request id. */
  long seedFor(String requestId) {
    long h = config.seed() * 0x9E3779B97F4A7C15L;
    for (int i = 0; i < requestId.length(); i++) {
      h = (h ^ requestId.charAt(i)) * 0x100000001B3L;
    }
    return h;
  }

  /** A seeded stop: geometric with the configured mean, at least one token. */
  int stopLength(SplittableRandom rng) {
    double mean = config.meanOutputTokens();
    if (mean <= 1) {
      return 1;
    }
    double u = 1.0 - rng.nextDouble(); // (0, 1]
    long n = 1 + (long) Math.floor(Math.log(u) / Math.log(1 - 1 / mean));
    return (int) Math.min(n, Integer.MAX_VALUE);
  }

  int outputToken(SplittableRandom rng) {
    return rng.nextInt(vocabulary);
  }

  String tokenText(int id) {
    if (id >= 0 && id < tokenTextArray.length) {
      String t = tokenTextArray[id];
      if (t == null) {
        t = config.tokenizer().decode(new int[] {id});
        tokenTextArray[id] = t; // a benign race: Strings are immutable and decoding is deterministic
      }
      return t;
    }
    return tokenTexts.computeIfAbsent(id, i -> config.tokenizer().decode(new int[] {i}));
  }

  /**
   * The prompt's token ids: for chat, each message is a few role-marker tokens (the chat-template
   * overhead) followed by its content, and the assistant turn's markers close it, so a later turn
   * that repeats the conversation repeats these ids exactly (prefix-cache hits). Texts go through
   * the {@link TokenMemo}: a later turn re-sends the earlier messages, which are not tokenised again.
   * The result may be shared with the memo: callers only read it.
   */
  int[] promptTokens(ApiRequest r) {
    TokenMemo t = tokenMemo;
    if (!r.chat()) {
      return t.encode(r.prompt());
    }
    int overhead = config.chatTemplateOverhead();
    int[][] parts = new int[r.messages().size()][];
    int total = overhead;
    for (int i = 0; i < parts.length; i++) {
      parts[i] = t.encode(r.messages().get(i).content());
      total += overhead + parts[i].length;
    }
    int[] ids = new int[total];
    int k = 0;
    for (int i = 0; i < parts.length; i++) {
      k = markers(r.messages().get(i).role(), overhead, ids, k);
      System.arraycopy(parts[i], 0, ids, k, parts[i].length);
      k += parts[i].length;
    }
    markers("assistant", overhead, ids, k);
    return ids;
  }

  private static int markers(String role, int overhead, int[] ids, int k) {
    int roleCode = role.hashCode() & 0x3fffff;
    for (int j = 0; j < overhead; j++) {
      ids[k++] = -(1 + roleCode * 256 + (j & 0xff)); // negative: never a vocabulary id
    }
    return k;
  }

  void record(GroundTruth gt) {
    if (truth.put(gt.requestId(), gt) == null) {
      truthOrder.add(gt.requestId());
      if (truthSize.incrementAndGet() > config.groundTruthCapacity()) {
        String oldest = truthOrder.poll();
        if (oldest != null) {
          truth.remove(oldest);
          truthSize.decrementAndGet();
        }
      }
    }
  }
}
