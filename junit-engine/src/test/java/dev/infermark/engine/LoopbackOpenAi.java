package dev.infermark.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A minimal OpenAI-compatible server on loopback: {@code /v1/models} lists model {@code m}, chat
 * completions stream one token. It can stop listening after a number of completions (a server
 * that dies mid-run), and listen again on the same port after a while (a server that restarts).
 */
final class LoopbackOpenAi implements AutoCloseable {
  private volatile HttpServer server;
  final AtomicInteger completions = new AtomicInteger();
  private final int healthy;
  private final Duration down;

  /** @param healthy completions served before the server stops listening; 0: never stops */
  LoopbackOpenAi(int healthy) throws IOException {
    this(healthy, null);
  }

  /**
   * @param healthy completions served before the server stops listening; 0: never stops
   * @param down how long it stays away before it listens again on the same port; {@code null}: for good
   */
  LoopbackOpenAi(int healthy, Duration down) throws IOException {
    this.healthy = healthy;
    this.down = down;
    server = serve(0);
  }

  private HttpServer serve(int port) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/v1/models", ex -> respond(ex, "application/json", "{\"data\":[{\"id\":\"m\"}]}"));
    server.createContext("/v1/chat/completions", ex -> {
      ex.getRequestBody().readAllBytes();
      if (completions.incrementAndGet() == healthy) {
        Thread.ofVirtual().start(this::goAway);
      }
      respond(ex, "text/event-stream", "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
          + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}\n\ndata: [DONE]\n\n");
    });
    server.start();
    return server;
  }

  /** Stops listening (connections in flight are closed), and when it restarts, listens again after {@link #down}. */
  private void goAway() {
    int port = server.getAddress().getPort();
    server.stop(0);
    if (down == null) {
      return;
    }
    try {
      Thread.sleep(down); // the server's own downtime, not a test's synchronisation
      server = serve(port);
    } catch (InterruptedException | IOException e) {
      throw new IllegalStateException("the loopback server did not come back on port " + port, e);
    }
  }

  String url() {
    return "127.0.0.1:" + server.getAddress().getPort();
  }

  private static void respond(HttpExchange ex, String type, String body) throws IOException {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", type);
    ex.sendResponseHeaders(200, b.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(b);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
