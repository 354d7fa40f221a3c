package dev.infermark.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A minimal OpenAI-compatible server on loopback: {@code /v1/models} lists model {@code m}, chat
 * completions stream one token. It can stop listening after a number of completions (a server
 * that dies mid-run).
 */
final class LoopbackOpenAi implements AutoCloseable {
  private final HttpServer server;
  final AtomicInteger completions = new AtomicInteger();

  /** @param healthy completions served before the server stops listening; 0: never stops */
  LoopbackOpenAi(int healthy) throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/v1/models", ex -> respond(ex, "application/json", "{\"data\":[{\"id\":\"m\"}]}"));
    server.createContext("/v1/chat/completions", ex -> {
      ex.getRequestBody().readAllBytes();
      if (completions.incrementAndGet() == healthy) {
        Thread.ofVirtual().start(() -> server.stop(0));
      }
      respond(ex, "text/event-stream", "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"}}]}\n\n"
          + "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}],"
          + "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}\n\ndata: [DONE]\n\n");
    });
    server.start();
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
