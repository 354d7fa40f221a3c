package dev.infermark.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;

/**
 * The Netty transport's first handler: every read is stamped when it arrives, and handed on only
 * once the event loop has read every ready socket, in order, with its own time; a plain
 * connection's read buffer is free again as soon as it is stamped (its bytes are copied).
 */
class ReadStampTest {
  /** What reached the handler after the stamp: "name:bytes@ns" or "name:event". */
  private final List<String> seen = new ArrayList<>();
  private final List<Long> times = new ArrayList<>();
  private final List<ByteBuf> buffers = new ArrayList<>();

  private EmbeddedChannel channel(String name, boolean tls) {
    ReadStamp.Reader plain = (b, off, len, ns) -> {
      seen.add(name + ":" + new String(b, off, len, StandardCharsets.US_ASCII));
      times.add(ns);
    };
    ReadStamp stamp = new ReadStamp(tls ? null : plain);
    return new EmbeddedChannel(stamp, new ChannelInboundHandlerAdapter() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) { // behind TLS: the buffers themselves
        ByteBuf b = (ByteBuf) msg;
        seen.add(name + ":" + b.toString(StandardCharsets.US_ASCII));
        times.add(stamp.ns);
        b.release();
      }

      @Override
      public void channelReadComplete(ChannelHandlerContext ctx) {
        seen.add(name + ":complete");
      }

      @Override
      public void channelInactive(ChannelHandlerContext ctx) {
        seen.add(name + ":inactive");
      }

      @Override
      public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        seen.add(name + ":" + cause.getMessage());
      }
    });
  }

  private ByteBuf bytes(String s) {
    ByteBuf b = Unpooled.copiedBuffer(s, StandardCharsets.US_ASCII);
    buffers.add(b);
    return b;
  }

  @Test
  void readsOfOneWakeUpAreStampedFirstAndDecodedAfterInOrder() {
    EmbeddedChannel a = channel("a", false);
    EmbeddedChannel b = channel("b", false);
    // what Netty's epoll loop does in one wake-up: a read from each ready socket, in turn
    long t0 = System.nanoTime();
    a.pipeline().fireChannelRead(bytes("a1"));
    b.pipeline().fireChannelRead(bytes("b1"));
    a.pipeline().fireChannelRead(bytes("a2"));
    long t1 = System.nanoTime();
    a.pipeline().fireChannelInactive(); // a's close waits behind a's reads
    a.pipeline().fireExceptionCaught(new IllegalStateException("boom"));
    assertEquals(List.of(), seen, "nothing is decoded while the loop is still reading sockets");

    a.runPendingTasks(); // the loop's tasks, after its reads

    assertEquals(List.of("a:a1", "b:b1", "a:a2", "a:inactive", "a:boom"), seen);
    for (int i = 0; i < times.size(); i++) {
      long t = times.get(i);
      assertTrue(t >= t0 && t <= t1, "read " + i + " carries the time it was read, not when it was decoded");
      if (i > 0) {
        assertTrue(t >= times.get(i - 1), "stamps follow the reads");
      }
    }
    buffers.forEach(x -> assertEquals(0, x.refCnt(), "every read is handed on, and released"));
  }

  @Test
  void aPlainReadsBufferIsFreeOnceStampedAndItsBytesWait() {
    EmbeddedChannel a = channel("a", false);
    ByteBuf shared = bytes("first");
    a.pipeline().fireChannelRead(shared.retain());
    assertEquals(1, shared.refCnt(), "given back as soon as the read is stamped");
    shared.clear().writeBytes("other".getBytes(StandardCharsets.US_ASCII)); // the loop's next read reuses it
    a.pipeline().fireChannelRead(shared.retain());

    a.runPendingTasks();

    assertEquals(List.of("a:first", "a:other"), seen, "each read's own bytes, not the buffer's last contents");
  }

  @Test
  void readsBehindTlsWaitInTheirOwnBuffers() {
    EmbeddedChannel tls = channel("tls", true);
    ByteBuf b = bytes("record");
    tls.pipeline().fireChannelRead(b);
    assertEquals(1, b.refCnt(), "the TLS handler may keep it: held until handed on");

    tls.runPendingTasks();

    assertEquals(List.of("tls:record"), seen);
    assertEquals(0, b.refCnt());
  }

  @Test
  void eventsOfAConnectionWithNothingWaitingPassAtOnce() {
    EmbeddedChannel a = channel("a", false);
    a.pipeline().fireChannelInactive();
    a.pipeline().fireExceptionCaught(new IllegalStateException("reset"));
    assertEquals(List.of("a:inactive", "a:reset"), seen);
  }

  @Test
  void readCompleteKeepsItsPlaceBehindTheReadsWhereTlsFollows() {
    EmbeddedChannel tls = channel("tls", true);
    tls.pipeline().fireChannelRead(bytes("x"));
    tls.pipeline().fireChannelReadComplete(); // Netty's head context then asks to read, which runs the embedded loop's tasks

    tls.runPendingTasks();

    assertEquals(List.of("tls:x", "tls:complete"), seen);
  }

  @Test
  void readCompleteStopsAtTheStampOnAPlainConnection() {
    EmbeddedChannel plain = channel("plain", false);
    plain.pipeline().fireChannelRead(bytes("y"));
    plain.pipeline().fireChannelReadComplete(); // nothing after the stamp acts on it

    plain.runPendingTasks();

    assertEquals(List.of("plain:y"), seen);
  }

  @Test
  void aLaterWakeUpIsAFreshBatch() {
    EmbeddedChannel a = channel("a", false);
    a.pipeline().fireChannelRead(bytes("1"));
    a.runPendingTasks();
    a.pipeline().fireChannelRead(bytes("2"));
    assertEquals(List.of("a:1"), seen);
    a.runPendingTasks();
    assertEquals(List.of("a:1", "a:2"), seen);
  }
}
