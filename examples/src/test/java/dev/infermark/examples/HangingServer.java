package dev.infermark.examples;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.Predicate;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.infermark.json.Json;
import tools.jackson.databind.JsonNode;

/**
 * A loopback OpenAI-compatible server that streams a two-chunk answer, except for the requests a
 * test chooses to hang: those get their headers and first chunk, then nothing until the server
 * closes. It notes the {@code X-Request-ID} of every request it received.
 */
final class HangingServer implements AutoCloseable {
  private final HttpServer server;
  private final CountDownLatch release = new CountDownLatch(1);
  private final Predicate<JsonNode> hang;
  private final AtomicInteger received = new AtomicInteger();
  /** X-Request-ID of every request received, and of those hung. */
  final Set<String> ids = ConcurrentHashMap.newKeySet();
  final Set<String> hung = ConcurrentHashMap.newKeySet();
  /** Called with the count after each request arrived (before it is answered). */
  volatile IntConsumer onArrival = n -> { };

  /**
   * @param hang decides, from the request body, whether to hang it (called once per request, in
   *     arrival order)
   */
  HangingServer(Predicate<JsonNode> hang) throws IOException {
    this.hang = hang;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/", this::handle);
    server.start();
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      JsonNode body = Json.parse(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      String id = ex.getRequestHeaders().getFirst("X-Request-ID");
      boolean hangIt;
      synchronized (this) {
        hangIt = hang.test(body);
        ids.add(id);
        if (hangIt) {
          hung.add(id);
        }
      }
      onArrival.accept(received.incrementAndGet());
      boolean chat = ex.getRequestURI().getPath().endsWith("/chat/completions");
      ex.getResponseHeaders().add("Content-Type", "text/event-stream");
      ex.sendResponseHeaders(200, 0);
      OutputStream out = ex.getResponseBody();
      out.write(chunk(chat, "The answer is (A)", null));
      out.flush();
      if (hangIt) {
        release.await();
        return;
      }
      out.write(chunk(chat, " done", "{\"prompt_tokens\":50,\"completion_tokens\":6}"));
      out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException clientWentAway) {
      // an aborted request: nothing more to answer
    }
  }

  private static byte[] chunk(boolean chat, String text, String usage) {
    String choice = (chat ? "{\"index\":0,\"delta\":{\"content\":" + Json.write(text) + "}"
        : "{\"index\":0,\"text\":" + Json.write(text)) + (usage == null ? "}" : ",\"finish_reason\":\"stop\"}");
    return ("data: {\"choices\":[" + choice + "]" + (usage == null ? "" : ",\"usage\":" + usage) + "}\n\n")
        .getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    release.countDown();
    server.stop(0);
  }
}
