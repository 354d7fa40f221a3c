package dev.infermark.client;

import java.nio.ByteBuffer;
import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * First handler of every Netty connection: one {@link System#nanoTime()} per raw socket read, the
 * moment the read returns, and the read's bytes handed on to TLS and HTTP decoding only after the
 * event loop has read every socket that this wake-up found ready.
 *
 * <p>Why: when a batching server emits a decode step, a thousand streams become readable at the
 * same instant. Decoding each read before reading the next socket would stamp the last stream's
 * chunk a thousand decodes late, which is the client's delay, not the server's. So the reads of one
 * wake-up are stamped back to back (as the C floor client does: one clock read per {@code read(2)})
 * and decoded afterwards, in order, in one task on the same event loop ({@link Batch}). The time
 * each read is delivered with is the time it was read; the decoding order per connection is the
 * order of the reads, and a connection's later events (read complete, inactive, exception) wait
 * behind its reads.
 *
 * <p>A plain connection's reads are copied into the batch's own bytes when they are stamped (the
 * socket's buffer is then free at once: one buffer per event loop serves every read, see
 * {@link LoopReadBuffer}), and handed straight to the connection's {@link Reader}, not down the
 * pipeline. Behind TLS the buffer itself waits in the batch and goes down the pipeline to the TLS
 * handler, which may keep it.
 */
final class ReadStamp extends ChannelInboundHandlerAdapter {
  /** Where a plain connection's bytes go, with the time of the read that brought them. */
  interface Reader {
    /** {@code b[off..off+len)}, valid only during the call, read at {@code ns}. */
    void read(byte[] b, int off, int len, long ns);
  }

  /** The plain connection's reader; null where a TLS handler follows. */
  private final Reader reader;
  private ChannelHandlerContext ctx;
  /** This connection's events waiting in the event loop's batch. */
  private int pending;
  /** The time of the read being handed on now (TLS: the read the decrypted bytes came from). */
  long ns;

  /**
   * @param reader where a plain connection's bytes go; {@code null} when a TLS handler follows,
   *     which gets the reads' buffers and read-complete (it flushes what decryption wrote on it),
   *     both in their places behind the reads; plain connections ignore read-complete
   */
  ReadStamp(Reader reader) {
    this.reader = reader;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    long t = System.nanoTime(); // the read just returned: before any decoding
    Batch batch = Batch.LOCAL.get();
    if (reader == null) {
      batch.add(this, Batch.READ, msg, t);
      return;
    }
    ByteBuf b = (ByteBuf) msg;
    try {
      batch.addBytes(this, b, t);
    } finally {
      b.release();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (reader != null) {
      return; // nothing after the stamp acts on it
    }
    if (pending > 0) {
      Batch.LOCAL.get().add(this, Batch.READ_COMPLETE, null, 0);
    } else {
      ctx.fireChannelReadComplete();
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (pending > 0) {
      Batch.LOCAL.get().add(this, Batch.INACTIVE, null, 0);
    } else {
      ctx.fireChannelInactive();
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (pending > 0) {
      Batch.LOCAL.get().add(this, Batch.EXCEPTION, cause, 0);
    } else {
      ctx.fireExceptionCaught(cause);
    }
  }

  /**
   * One event loop's events not yet handed on, in arrival order, and the task that hands them on
   * (scheduled once per wake-up that has any; Netty runs tasks after it has processed all ready
   * sockets). Parallel arrays, and the plain reads' bytes back to back in one array: nothing is
   * allocated per read.
   */
  static final class Batch implements Runnable {
    static final byte READ = 0;
    static final byte READ_COMPLETE = 1;
    static final byte INACTIVE = 2;
    static final byte EXCEPTION = 3;
    /** A plain read, its bytes in {@link #bytes}. */
    static final byte BYTES = 4;

    static final FastThreadLocal<Batch> LOCAL = new FastThreadLocal<>() {
      @Override
      protected Batch initialValue() {
        return new Batch();
      }
    };

    private ReadStamp[] who = new ReadStamp[256];
    private Object[] what = new Object[256];
    private long[] when = new long[256];
    private byte[] kind = new byte[256];
    /** Where each plain read's bytes start in {@link #bytes}, and how many. */
    private int[] from = new int[256];
    private int[] length = new int[256];
    private byte[] bytes = new byte[256 * 1024];
    /** The most bytes kept between wake-ups. */
    private static final int MAX_KEPT = 4 << 20;
    private int used;
    private int size;
    private boolean scheduled;

    void add(ReadStamp s, byte k, Object msg, long ns) {
      if (size == who.length) {
        int n = size * 2;
        who = Arrays.copyOf(who, n);
        what = Arrays.copyOf(what, n);
        when = Arrays.copyOf(when, n);
        kind = Arrays.copyOf(kind, n);
        from = Arrays.copyOf(from, n);
        length = Arrays.copyOf(length, n);
      }
      who[size] = s;
      what[size] = msg;
      when[size] = ns;
      kind[size] = k;
      size++;
      s.pending++;
      if (!scheduled) {
        scheduled = true;
        s.ctx.executor().execute(this);
      }
    }

    /** A plain read: its bytes copied, the buffer free again once this returns. */
    void addBytes(ReadStamp s, ByteBuf b, long ns) {
      int len = b.readableBytes();
      if (used + len > bytes.length) {
        // the array may be in use by a reader now (a read added while the batch runs): a new one, not a changed one
        bytes = Arrays.copyOf(bytes, Math.max(used + len, bytes.length * 2));
      }
      int at = b.readerIndex();
      // the buffer's own NIO view, no duplicate per read (getBytes makes one when Netty runs without Unsafe)
      if (b.nioBufferCount() == 1) {
        ByteBuffer view = b.internalNioBuffer(at, len);
        view.get(bytes, used, len);
      } else {
        b.getBytes(at, bytes, used, len);
      }
      add(s, BYTES, null, ns);
      from[size - 1] = used;
      length[size - 1] = len;
      used += len;
    }

    /** Hands every waiting event on, in order; events added meanwhile (a close's inactive event) are handed on too. */
    @Override
    public void run() {
      for (int i = 0; i < size; i++) {
        ReadStamp s = who[i];
        Object m = what[i];
        who[i] = null;
        what[i] = null;
        s.pending--;
        switch (kind[i]) {
          case BYTES -> s.reader.read(bytes, from[i], length[i], when[i]);
          case READ -> {
            s.ns = when[i];
            s.ctx.fireChannelRead(m);
          }
          case READ_COMPLETE -> s.ctx.fireChannelReadComplete();
          case INACTIVE -> s.ctx.fireChannelInactive();
          default -> s.ctx.fireExceptionCaught((Throwable) m);
        }
      }
      size = 0;
      used = 0;
      if (bytes.length > MAX_KEPT) {
        bytes = new byte[256 * 1024]; // a burst of large reads does not keep its memory
      }
      scheduled = false;
    }
  }
}
