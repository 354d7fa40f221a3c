package dev.infermark.simulator;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;

/**
 * A manual measure (not a unit test): CPU time and bytes allocated to format and write streamed
 * chunks, one token each, to a counting null stream, the way before ({@link WireBefore}) and now
 * ({@link ChunkFormat} into the connection's {@link ChunkBuffer}), alternating in one JVM:
 *
 * <pre>
 * java -cp simulator/target/test-classes:simulator/target/classes:$(cat cp.txt) \
 *     dev.infermark.simulator.ChunkWriteMeasure 1000000
 * </pre>
 */
final class ChunkWriteMeasure {
  private static final int PER_RESPONSE = 200;

  private ChunkWriteMeasure() {}

  /** Counts what it is given and keeps nothing. */
  private static final class Counting extends OutputStream {
    long bytes;

    @Override
    public void write(int b) {
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
    }
  }

  public static void main(String[] args) throws IOException {
    int chunks = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    String[] texts = new String[4096];
    for (int i = 0; i < texts.length; i++) {
      texts[i] = i % 64 == 0 ? " caf\u00e9" + i : i % 97 == 0 ? "\n" : " word" + i; // mostly ASCII, as real vocabularies
    }
    var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    double[][] sums = new double[2][2];
    for (int round = 0; round < 8; round++) {
      for (int way = 0; way < 2; way++) {
        Counting out = new Counting();
        long cpu0 = mx.getCurrentThreadCpuTime();
        long alloc0 = mx.getCurrentThreadAllocatedBytes();
        if (way == 0) {
          before(out, texts, chunks);
        } else {
          after(out, texts, chunks);
        }
        long cpu = mx.getCurrentThreadCpuTime() - cpu0;
        long alloc = mx.getCurrentThreadAllocatedBytes() - alloc0;
        if (round >= 3) { // the first rounds warm up
          sums[way][0] += (double) cpu / chunks;
          sums[way][1] += (double) alloc / chunks;
        }
        System.out.printf("round %d %-6s %7.1f ns CPU/chunk %7.1f B alloc/chunk  (%d bytes written)%n", round,
            way == 0 ? "before" : "after", (double) cpu / chunks, (double) alloc / chunks, out.bytes);
      }
    }
    System.out.printf("mean of rounds 3-7: before %.1f ns, %.1f B; after %.1f ns, %.1f B per chunk; CPU %.2fx less, "
        + "allocation %.1fx less%n", sums[0][0] / 5, sums[0][1] / 5, sums[1][0] / 5, sums[1][1] / 5,
        sums[0][0] / sums[1][0], sums[0][1] / Math.max(1e-9, sums[1][1]));
  }

  private static void before(OutputStream out, String[] texts, int chunks) throws IOException {
    StringBuilder sb = null;
    WireBefore fmt = null;
    for (int i = 0; i < chunks; i++) {
      if (i % PER_RESPONSE == 0) {
        fmt = new WireBefore(true, "chatcmpl-5f3a9c1e" + Integer.toHexString(i), 1764669000L, "test-model");
        sb = new StringBuilder(1024);
      }
      sb.setLength(0);
      fmt.token(sb, texts[i & 4095], false, null);
      WireBefore.writeChunk(out, sb.toString().getBytes(StandardCharsets.UTF_8), false);
    }
  }

  private static void after(OutputStream out, String[] texts, int chunks) throws IOException {
    ChunkBuffer buf = new ChunkBuffer();
    ChunkFormat fmt = null;
    for (int i = 0; i < chunks; i++) {
      if (i % PER_RESPONSE == 0) {
        fmt = new ChunkFormat(true, "chatcmpl-5f3a9c1e" + Integer.toHexString(i), 1764669000L, "test-model");
      }
      buf.clear();
      fmt.token(buf, texts[i & 4095], false, null);
      buf.writeTo(out, false);
    }
  }
}
