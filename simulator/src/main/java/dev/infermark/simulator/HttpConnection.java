package dev.infermark.simulator;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import dev.infermark.json.Json;
import tools.jackson.databind.node.ObjectNode;

/**
 * One client connection, served by its own virtual thread: HTTP/1.1 requests one after another
 * (keep-alive), each routed to an endpoint. Streams are written from here as the engine
 * publishes tokens.
 */
final class HttpConnection implements Runnable {
  private final Simulator sim;
  private final Socket socket;
  private InputStream in;
  private OutputStream out;
  private ChunkBuffer chunk;

  HttpConnection(Simulator sim, Socket socket) {
    this.sim = sim;
    this.socket = socket;
  }

  @Override
  public void run() {
    sim.metrics.openConnections.incrementAndGet();
    try (Socket s = socket) {
      s.setTcpNoDelay(true);
      in = new BufferedInputStream(s.getInputStream(), 4096);
      out = s.getOutputStream();
      while (true) {
        HttpHead head;
        try {
          head = HttpHead.read(in);
        } catch (HttpHead.Malformed e) {
          sendError(400, "BadRequestError", e.getMessage(), null, false);
          return;
        }
        if (head == null) {
          return;
        }
        long arrival = System.nanoTime();
        if (!handle(head, arrival)) {
          return;
        }
      }
    } catch (IOException | InterruptedException e) {
      // The client went away, or the simulator is closing: nothing left to answer.
    } finally {
      sim.metrics.openConnections.decrementAndGet();
    }
  }

  /** Serves one request; false when the connection must close. */
  private boolean handle(HttpHead head, long arrival) throws IOException, InterruptedException {
    boolean keep = head.keepAlive();
    long max = sim.config().maxBodyBytes();
    BodyStream body;
    String te = head.header("transfer-encoding");
    String cl = head.header("content-length");
    if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
      body = BodyStream.chunked(in, max);
    } else if (cl != null) {
      long len;
      try {
        len = Long.parseLong(cl.trim());
      } catch (NumberFormatException e) {
        sendError(400, "BadRequestError", "bad Content-Length '" + cl + "'", null, false);
        return false;
      }
      if (len > max) {
        sim.metrics.rejected.increment();
        sendError(413, "BadRequestError", "request body of " + len + " bytes is larger than the limit of " + max
            + " bytes (simulator-max-request-body-mb)", null, false);
        return false;
      }
      body = BodyStream.fixed(in, len, max);
    } else {
      body = BodyStream.fixed(in, 0, max);
    }
    if ("100-continue".equalsIgnoreCase(head.header("expect"))) {
      out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
    }
    String path = head.path();
    String method = head.method();
    if (path.equals("/v1/chat/completions") || path.equals("/v1/completions")) {
      if (!method.equals("POST")) {
        body.drain();
        sendError(405, "MethodNotAllowed", "use POST for " + path, null, keep);
        return keep;
      }
      return new Completion(sim, this, head, body, arrival, path.equals("/v1/chat/completions"), keep).serve();
    }
    try {
      body.drain();
    } catch (BodyStream.TooLarge e) {
      sendError(413, "BadRequestError", e.getMessage(), null, false);
      return false;
    }
    if (!method.equals("GET")) {
      sendError(path.equals("/v1/models") || path.equals("/health") || path.equals("/metrics")
          || path.startsWith("/ground-truth/") ? 405 : 404, "NotFoundError", method + " " + path + " is not served", null, keep);
      return keep;
    }
    switch (path) {
      case "/health" -> send(200, "text/plain; charset=utf-8", new byte[0], null, keep);
      case "/metrics" -> send(200, "text/plain; version=0.0.4; charset=utf-8",
          sim.metricsText().getBytes(StandardCharsets.UTF_8), null, keep);
      case "/v1/models" -> send(200, "application/json", Json.write(sim.modelsJson()).getBytes(StandardCharsets.UTF_8),
          null, keep);
      default -> {
        if (path.startsWith("/ground-truth/")) {
          String id = java.net.URLDecoder.decode(path.substring("/ground-truth/".length()), StandardCharsets.UTF_8);
          var gt = sim.groundTruth(id);
          if (gt.isPresent()) {
            send(200, "application/json", Json.write(gt.get().toJson()).getBytes(StandardCharsets.UTF_8), null, keep);
          } else {
            sendError(404, "NotFoundError", "no ground truth for X-Request-ID '" + id
                + "' (unknown, still running, or older than simulator-ground-truth-capacity requests)", null, keep);
          }
        } else {
          sendError(404, "NotFoundError", "no route " + path, null, keep);
        }
      }
    }
    return keep;
  }

  // --- writing ---

  /** A complete response with a body. */
  void send(int status, String contentType, byte[] body, String extraHeaders, boolean keep) throws IOException {
    StringBuilder h = new StringBuilder(160);
    h.append("HTTP/1.1 ").append(status).append(' ').append(reason(status)).append("\r\n");
    h.append("Content-Type: ").append(contentType).append("\r\nContent-Length: ").append(body.length).append("\r\n");
    if (extraHeaders != null) {
      h.append(extraHeaders);
    }
    if (!keep) {
      h.append("Connection: close\r\n");
    }
    h.append("\r\n");
    byte[] headBytes = h.toString().getBytes(StandardCharsets.ISO_8859_1);
    byte[] all = new byte[headBytes.length + body.length];
    System.arraycopy(headBytes, 0, all, 0, headBytes.length);
    System.arraycopy(body, 0, all, headBytes.length, body.length);
    out.write(all);
    out.flush();
    if (status == 413 && !keep) {
      lingeringClose();
    }
  }

  /**
   * Ends a connection whose request body was not read: FIN first, then the unread input is
   * discarded for a bounded time. Closing with unread bytes would send an RST that can destroy
   * the response before the client reads it.
   */
  private void lingeringClose() {
    try {
      socket.shutdownOutput();
      socket.setSoTimeout(2000);
      byte[] buf = new byte[16 * 1024];
      long deadline = System.nanoTime() + 2_000_000_000L;
      long left = sim.config().maxBodyBytes() * 2 + (1 << 20);
      int n;
      while (left > 0 && System.nanoTime() < deadline && (n = in.read(buf)) >= 0) {
        left -= n;
      }
    } catch (IOException ignored) {
      // the client went away: nothing left to protect
    }
  }

  /** An OpenAI-style error object: {@code {"error":{"message","type","param","code"}}}. */
  void sendError(int status, String type, String message, String extraHeaders, boolean keep) throws IOException {
    send(status, "application/json", errorBody(status, type, message), extraHeaders, keep);
  }

  static byte[] errorBody(int status, String type, String message) {
    ObjectNode e = Json.object();
    ObjectNode inner = e.putObject("error");
    inner.put("message", message);
    inner.put("type", type);
    inner.putNull("param");
    inner.put("code", status);
    return Json.write(e).getBytes(StandardCharsets.UTF_8);
  }

  /** The head of a chunked (server-sent events) response. */
  void startStream(String requestId, boolean keep) throws IOException {
    String h = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-cache\r\n"
        + "X-Request-ID: " + requestId + "\r\nTransfer-Encoding: chunked\r\n" + (keep ? "" : "Connection: close\r\n")
        + "\r\n";
    out.write(h.getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  /** The connection's chunk buffer, emptied: its streams are written one after another. */
  ChunkBuffer chunkBuffer() {
    if (chunk == null) {
      chunk = new ChunkBuffer();
    }
    return chunk.clear();
  }

  /** One HTTP chunk holding {@code data}'s bytes, plus the terminating zero chunk when {@code last}. */
  void writeChunk(ChunkBuffer data, boolean last) throws IOException {
    data.writeTo(out, last);
  }

  /** Resets the connection: RST instead of FIN (SO_LINGER 0, then close). */
  void reset() throws IOException {
    socket.setSoLinger(true, 0);
    socket.close();
  }

  private static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 400 -> "Bad Request";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 413 -> "Payload Too Large";
      case 429 -> "Too Many Requests";
      case 500 -> "Internal Server Error";
      case 503 -> "Service Unavailable";
      default -> "Status";
    };
  }
}
