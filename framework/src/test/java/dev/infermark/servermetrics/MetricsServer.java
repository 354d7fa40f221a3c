package dev.infermark.servermetrics;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import com.sun.net.httpserver.HttpServer;

/** A loopback HTTP server whose answer to each path the test chooses; counts the requests it got. */
final class MetricsServer implements AutoCloseable {
  /**
   * One answer: status, content type, body; {@code null} body: hang until the server closes;
   * {@code endless}: the body is sent, then the response stays open until the server closes (a
   * stream that goes on).
   */
  record Answer(int status, String contentType, String body, boolean endless) {
    Answer(int status, String contentType, String body) {
      this(status, contentType, body, false);
    }

    static Answer text(String body) {
      return new Answer(200, "text/plain; version=0.0.4; charset=utf-8", body);
    }

    static Answer endless(String contentType, String start) {
      return new Answer(200, contentType, start, true);
    }
  }

  private final HttpServer server;
  final List<String> paths = new CopyOnWriteArrayList<>();
  final Semaphore served = new Semaphore(0);
  private final CountDownLatch release = new CountDownLatch(1);
  volatile Function<String, Answer> answer = p -> new Answer(404, "text/plain", "not found");

  MetricsServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/", ex -> {
      String path = ex.getRequestURI().getPath();
      paths.add(path);
      Answer a = answer.apply(path);
      try {
        if (a.body() == null) {
          release.await(30, TimeUnit.SECONDS);
          return;
        }
        byte[] b = a.body().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", a.contentType());
        ex.sendResponseHeaders(a.status(), a.endless() ? 0 : b.length == 0 ? -1 : b.length);
        try (OutputStream out = ex.getResponseBody()) {
          out.write(b);
          if (a.endless()) {
            out.flush();
            release.await(30, TimeUnit.SECONDS);
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        ex.close();
        served.release();
      }
    });
    server.start();
  }

  URI metrics() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/metrics");
  }

  /** Waits for {@code n} more answered requests (bounded). */
  void awaitServed(int n) throws InterruptedException {
    if (!served.tryAcquire(n, 10, TimeUnit.SECONDS)) {
      throw new AssertionError("the server was not asked " + n + " more times; paths so far " + paths);
    }
  }

  @Override
  public void close() {
    release.countDown();
    server.stop(0);
  }
}
