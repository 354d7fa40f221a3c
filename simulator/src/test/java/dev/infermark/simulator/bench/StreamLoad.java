package dev.infermark.simulator.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * A manual load program (not a unit test): holds {@code connections} keep-alive connections to a
 * running simulator, each sending streaming chat requests with {@code ignore_eos} back to back for
 * {@code seconds}, and prints tokens streamed per second and the most streams open at once.
 * Run it in its own JVM, the simulator in another (open-files limit):
 *
 * <pre>
 * java -cp simulator/target/test-classes:simulator/target/infermark-simulator.jar \
 *     dev.infermark.simulator.bench.StreamLoad 127.0.0.1 8000 10000 200 60
 * </pre>
 */
public final class StreamLoad {
  private StreamLoad() {}

  public static void main(String[] args) throws Exception {
    String host = args.length > 0 ? args[0] : "127.0.0.1";
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 8000;
    int connections = args.length > 2 ? Integer.parseInt(args[2]) : 256;
    int maxTokens = args.length > 3 ? Integer.parseInt(args[3]) : 200;
    int seconds = args.length > 4 ? Integer.parseInt(args[4]) : 30;
    String body = "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"say something long\"}],"
        + "\"max_tokens\":" + maxTokens + ",\"ignore_eos\":true,\"stream\":true}";
    byte[] request = ("POST /v1/chat/completions HTTP/1.1\r\nHost: " + host + "\r\nContent-Type: application/json\r\n"
        + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body)
        .getBytes(StandardCharsets.UTF_8);

    LongAdder tokens = new LongAdder();
    LongAdder completed = new LongAdder();
    LongAdder failed = new LongAdder();
    AtomicInteger open = new AtomicInteger();
    AtomicInteger streaming = new AtomicInteger();
    AtomicInteger maxStreaming = new AtomicInteger();
    long start = System.nanoTime();
    long end = start + seconds * 1_000_000_000L;
    CountDownLatch done = new CountDownLatch(connections);
    for (int i = 0; i < connections; i++) {
      Thread.ofVirtual().start(() -> {
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(host, port), 30_000);
          s.setTcpNoDelay(true);
          open.incrementAndGet();
          OutputStream out = s.getOutputStream();
          InputStream in = s.getInputStream();
          byte[] buf = new byte[4096];
          while (System.nanoTime() < end) {
            out.write(request);
            out.flush();
            int now = streaming.incrementAndGet();
            maxStreaming.accumulateAndGet(now, Math::max);
            long n = readStream(in, buf);
            streaming.decrementAndGet();
            if (n < 0) {
              failed.increment();
              break;
            }
            tokens.add(n);
            completed.increment();
          }
        } catch (IOException e) {
          failed.increment();
        } finally {
          done.countDown();
        }
      });
    }
    Thread reporter = Thread.ofPlatform().daemon().start(() -> {
      long last = 0;
      while (true) {
        try {
          Thread.sleep(5000);
        } catch (InterruptedException e) {
          return;
        }
        long t = tokens.sum();
        System.out.printf("t=%.0fs open=%d streaming=%d tokens/s(last 5 s)=%.0f completed=%d failed=%d%n",
            (System.nanoTime() - start) / 1e9, open.get(), streaming.get(), (t - last) / 5.0, completed.sum(),
            failed.sum());
        last = t;
      }
    });
    done.await();
    reporter.interrupt();
    double secs = (System.nanoTime() - start) / 1e9;
    System.out.printf("connections=%d max_tokens=%d: %d requests, %d tokens in %.1f s = %.0f tokens/s; "
        + "most streams open at once %d; failed %d%n", connections, maxTokens, completed.sum(), tokens.sum(), secs,
        tokens.sum() / secs, maxStreaming.get(), failed.sum());
  }

  /**
   * Reads one chunked SSE response to its end; returns the content chunks seen, or -1 on a
   * broken stream. Counting {@code "content":" } occurrences avoids parsing JSON.
   */
  private static long readStream(InputStream in, byte[] buf) throws IOException {
    byte[] needle = "\"content\":\" ".getBytes(StandardCharsets.US_ASCII);
    byte[] terminator = "\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    int matchNeedle = 0;
    int matchEnd = 0;
    long count = 0;
    while (true) {
      int n = in.read(buf);
      if (n < 0) {
        return -1;
      }
      for (int i = 0; i < n; i++) {
        byte b = buf[i];
        matchNeedle = b == needle[matchNeedle] ? matchNeedle + 1 : (b == needle[0] ? 1 : 0);
        if (matchNeedle == needle.length) {
          count++;
          matchNeedle = 0;
        }
        matchEnd = b == terminator[matchEnd] ? matchEnd + 1 : (b == terminator[0] ? 1 : 0);
        if (matchEnd == terminator.length) {
          return count;
        }
      }
    }
  }
}
