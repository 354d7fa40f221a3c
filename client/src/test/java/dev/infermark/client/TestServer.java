package dev.infermark.client;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;

/**
 * A deliberately simple HTTP/1.1 server on a loopback {@link ServerSocket} whose misbehaviour the
 * test chooses per request: chunked SSE, resets, stalls, odd bodies; plain or TLS. Keep-alive is
 * honoured so tests can check that the next request on the client still works.
 */
final class TestServer implements AutoCloseable {
  record Request(String method, String path, Map<String, String> headers, String body) {}

  @FunctionalInterface
  interface Handler {
    void handle(Request req, Conn conn) throws Exception;
  }

  private final ServerSocket socket;
  private final Thread acceptor;
  final List<Request> requests = new CopyOnWriteArrayList<>();
  final List<Socket> sockets = new CopyOnWriteArrayList<>();
  volatile Handler handler;
  /** Released at close: stalled handlers wait on it instead of sleeping. */
  final CountDownLatch release = new CountDownLatch(1);
  /** Counted down each time a request arrives. */
  volatile CountDownLatch arrived = new CountDownLatch(1);

  TestServer() throws IOException {
    this(null);
  }

  /** With {@code tls}, an HTTPS server with that context's certificate. */
  TestServer(SSLContext tls) throws IOException {
    // A deep backlog: tests open hundreds of connections at once, and an overflowing accept queue drops them.
    socket = tls == null ? new ServerSocket(0, 1024, InetAddress.getLoopbackAddress())
        : tls.getServerSocketFactory().createServerSocket(0, 1024, InetAddress.getLoopbackAddress());
    acceptor = Thread.ofVirtual().start(this::acceptLoop);
  }

  URI uri() {
    return URI.create((socket instanceof SSLServerSocket ? "https" : "http") + "://127.0.0.1:" + socket.getLocalPort());
  }

  private void acceptLoop() {
    while (!socket.isClosed()) {
      try {
        Socket s = socket.accept();
        sockets.add(s);
        Thread.ofVirtual().start(() -> serve(s));
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket s) {
    try (s) {
      InputStream in = new BufferedInputStream(s.getInputStream());
      Conn conn = new Conn(s);
      while (!conn.closed) {
        Request r = read(in);
        if (r == null) {
          return;
        }
        requests.add(r);
        arrived.countDown();
        handler.handle(r, conn);
      }
    } catch (Exception e) {
      // the client went away or the test made the server break: either way this connection is done
    }
  }

  private static Request read(InputStream in) throws IOException {
    String line = line(in);
    if (line == null || line.isEmpty()) {
      return null;
    }
    String[] parts = line.split(" ");
    Map<String, String> headers = new LinkedHashMap<>();
    String h;
    while ((h = line(in)) != null && !h.isEmpty()) {
      int c = h.indexOf(':');
      headers.put(h.substring(0, c).trim().toLowerCase(Locale.ROOT), h.substring(c + 1).trim());
    }
    int len = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    byte[] body = in.readNBytes(len);
    return new Request(parts[0], parts[1], headers, new String(body, StandardCharsets.UTF_8));
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        String s = b.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
      }
      b.write(c);
    }
    return b.size() == 0 ? null : b.toString(StandardCharsets.UTF_8);
  }

  /** One connection's response writer. */
  static final class Conn {
    final Socket socket;
    final OutputStream out;
    boolean closed;

    Conn(Socket s) throws IOException {
      this.socket = s;
      this.out = s.getOutputStream();
    }

    void respond(int status, String contentType, byte[] body) throws IOException {
      out.write(("HTTP/1.1 " + status + " X\r\nContent-Type: " + contentType + "\r\nContent-Length: " + body.length
          + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
    }

    void respond(int status, String contentType, String body) throws IOException {
      respond(status, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    void startStream(int status) throws IOException {
      out.write(("HTTP/1.1 " + status + " OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.flush();
    }

    /** One HTTP chunk, flushed: it arrives as its own network read. */
    void chunk(String text) throws IOException {
      byte[] b = text.getBytes(StandardCharsets.UTF_8);
      out.write((Integer.toHexString(b.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(b);
      out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
    }

    void data(String json) throws IOException {
      chunk("data: " + json + "\n\n");
    }

    void endStream() throws IOException {
      out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
    }

    /** Closes with a TCP reset. */
    void reset() throws IOException {
      socket.setSoLinger(true, 0);
      socket.close();
      closed = true;
    }
  }

  @Override
  public void close() throws IOException {
    release.countDown();
    socket.close();
    for (Socket s : sockets) {
      s.close();
    }
    acceptor.interrupt();
  }
}
