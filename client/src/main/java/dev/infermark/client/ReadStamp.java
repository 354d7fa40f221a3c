package dev.infermark.client;

import java.util.Arrays;

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
 */
final class ReadStamp extends ChannelInboundHandlerAdapter {
  private final boolean passReadComplete;
  private ChannelHandlerContext ctx;
  /** This connection's events waiting in the event loop's batch. */
  private int pending;
  /** The time of the read being handed on now. */
  long ns;

  /**
   * @param tls whether a TLS handler follows: it acts on read-complete (flushing what decryption
   *     wrote), so that event keeps its place behind the reads; plain pipelines ignore it
   */
  ReadStamp(boolean tls) {
    this.passReadComplete = tls;
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    long t = System.nanoTime(); // the read just returned: before any decoding
    Batch.LOCAL.get().add(this, Batch.READ, msg, t);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (passReadComplete && pending > 0) {
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
   * sockets). Parallel arrays: nothing is allocated per read.
   */
  static final class Batch implements Runnable {
    static final byte READ = 0;
    static final byte READ_COMPLETE = 1;
    static final byte INACTIVE = 2;
    static final byte EXCEPTION = 3;

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
    private int size;
    private boolean scheduled;

    void add(ReadStamp s, byte k, Object msg, long ns) {
      if (size == who.length) {
        int n = size * 2;
        who = Arrays.copyOf(who, n);
        what = Arrays.copyOf(what, n);
        when = Arrays.copyOf(when, n);
        kind = Arrays.copyOf(kind, n);
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
      scheduled = false;
    }
  }
}
