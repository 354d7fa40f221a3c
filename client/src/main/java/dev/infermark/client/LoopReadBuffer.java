package dev.infermark.client;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.DefaultMaxMessagesRecvByteBufAllocator;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * What a plain connection reads its socket into: one direct buffer per event-loop thread, lent to
 * every read. {@link ReadStamp} copies a read's bytes out and releases the buffer before the loop
 * reads the next socket, so the loop never needs a second one; a pooled buffer per read (Netty's
 * default) cost an allocation, a recycler round trip and a release for every chunk.
 */
final class LoopReadBuffer extends DefaultMaxMessagesRecvByteBufAllocator {
  /** As Netty's largest adaptive guess: a read fills it, another read follows at once. */
  static final int SIZE = 64 * 1024;

  private static final FastThreadLocal<ByteBuf> BUFFER = new FastThreadLocal<>() {
    @Override
    protected ByteBuf initialValue() {
      return Unpooled.directBuffer(SIZE, SIZE);
    }
  };

  static final LoopReadBuffer INSTANCE = new LoopReadBuffer();

  private LoopReadBuffer() {}

  @Override
  public Handle newHandle() {
    return new MaxMessageHandle() {
      @Override
      public ByteBuf allocate(ByteBufAllocator alloc) {
        ByteBuf b = BUFFER.get();
        if (b.refCnt() != 1) {
          // still lent (a reader that kept it) or freed: this thread takes a fresh one, and the one lent is its
          // holder's alone (freed by the holder's release)
          if (b.refCnt() > 1) {
            b.release();
          }
          b = Unpooled.directBuffer(SIZE, SIZE);
          BUFFER.set(b);
        }
        return b.clear().retain(); // the read's release gives it back
      }

      @Override
      public int guess() {
        return SIZE;
      }
    };
  }
}
