package dev.infermark.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.RecvByteBufAllocator;

/** A plain connection's reads: one direct buffer per thread, lent to a read and given back by its release. */
class LoopReadBufferTest {
  @Test
  void oneBufferServesEveryReadGivenBackAndAnotherStandsInWhileItIsLent() {
    RecvByteBufAllocator.Handle h = LoopReadBuffer.INSTANCE.newHandle();
    ByteBuf first = h.allocate(UnpooledByteBufAllocator.DEFAULT);
    assertTrue(first.isDirect(), "epoll reads into direct memory");
    assertEquals(LoopReadBuffer.SIZE, first.writableBytes());
    first.writeBytes(new byte[] {1, 2, 3});
    first.release(); // the stamp copied the read out

    ByteBuf second = h.allocate(UnpooledByteBufAllocator.DEFAULT);
    assertSame(first, second, "no buffer allocated per read");
    assertEquals(0, second.readableBytes(), "emptied for the next read");

    ByteBuf third = h.allocate(UnpooledByteBufAllocator.DEFAULT); // the second is still lent
    assertNotSame(second, third, "a buffer still lent is never read into again");
    second.release();
    assertEquals(0, second.refCnt(), "the buffer it replaced is freed by its holder's release, not kept");
    third.release();
    assertEquals(1, third.refCnt(), "the thread's buffer now");
  }
}
