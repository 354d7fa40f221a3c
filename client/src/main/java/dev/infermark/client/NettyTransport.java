package dev.infermark.client;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.time.Duration;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * The lean transport: Netty on its native epoll transport (NIO where epoll is not available), a
 * few event-loop threads for all connections, JDK TLS, and HTTP/1.1 framing of our own
 * ({@link HttpResponseDecoder}: the body bytes of each read go to the client as slices, no message
 * object per HTTP chunk). The first handler of every connection ({@link ReadStamp}) takes one
 * {@link System#nanoTime()} per raw socket read, before TLS and HTTP decoding, which wait until the
 * event loop has read every ready socket; every byte of that read is delivered with that
 * time. Keep-alive connections are pooled per scheme, host and port (most recently used first); a
 * connection whose response was cut short is dropped.
 */
final class NettyTransport implements Transport {
  static {
    // Netty tracks 1 buffer in 128 for leaks, with a stack trace each: cost on the measured path.
    // Off unless the JVM was told a level (-Dio.netty.leakDetection.level=paranoid in our own tests).
    if (System.getProperty("io.netty.leakDetection.level") == null && System.getProperty("io.netty.leakDetectionLevel") == null) {
      ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    }
  }

  static {
    // Netty registers and emits its own JFR events (buffer allocations) when JFR is available, which costs a fresh
    // JVM ~0.1 s of CPU in every run (docs/benchmarks.md, "Cold runs"); -Dio.netty.jfr.enabled=true keeps them.
    if (System.getProperty("io.netty.jfr.enabled") == null) {
      System.setProperty("io.netty.jfr.enabled", "false");
    }
  }

  private final EventLoopGroup group;
  private final Class<? extends SocketChannel> channelType;
  private final TrustManagerFactory trust;
  /** Made with the first https connection: most runs talk plain http (docs/benchmarks.md, "Cold runs"). */
  private volatile SslContext tls;
  private final int connectTimeoutMs;
  private final Map<String, Pool> pools = new ConcurrentHashMap<>();
  private final ExecutorService handshakes = Executors.newVirtualThreadPerTaskExecutor();

  NettyTransport(int threads, TrustManagerFactory trust, Duration connectTimeout) {
    boolean epoll = Epoll.isAvailable();
    IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    this.channelType = epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    this.group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("infermark-netty", true), io);
    this.connectTimeoutMs = (int) Math.min(Integer.MAX_VALUE, Math.max(1, connectTimeout.toMillis()));
    this.trust = trust;
  }

  private SslContext tls() {
    SslContext t = tls;
    if (t == null) {
      synchronized (this) {
        t = tls;
        if (t == null) {
          try {
            t = SslContextBuilder.forClient().sslProvider(SslProvider.JDK).trustManager(trust)
                .endpointIdentificationAlgorithm("HTTPS").build();
          } catch (SSLException e) {
            throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
          }
          tls = t;
        }
      }
    }
    return t;
  }

  /** How many event loops read this transport's connections. */
  int eventLoops() {
    return ((MultiThreadIoEventLoopGroup) group).executorCount();
  }

  /** Whether this JVM reads with native epoll (else NIO). */
  static boolean nativeEpoll() {
    return Epoll.isAvailable();
  }

  @Override
  public Call start(HttpCall call, ResponseSink sink) {
    NettyCall c = new NettyCall(call, sink);
    c.go();
    return c;
  }

  @Override
  public void close() {
    group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    handshakes.shutdownNow();
  }

  /**
   * The connections to one scheme, host and port: the idle ones (most recently used first) and how
   * to open another (one bootstrap and pipeline initialiser for all of them).
   */
  private final class Pool {
    final Deque<Channel> idle = new ConcurrentLinkedDeque<>();
    final Bootstrap bootstrap;

    Pool(boolean https, String host, int port) {
      SslContext tls = https ? tls() : null;
      bootstrap = new Bootstrap().group(group).channel(channelType)
          .option(ChannelOption.TCP_NODELAY, true)
          // the pooled allocator copies out with no garbage; the default (adaptive) one allocates a view per copy
          .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
          .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMs)
          .handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              ChannelPipeline p = ch.pipeline();
              Conn conn = new Conn(idle);
              // the raw read's time, before decryption and decoding, which wait for the other ready sockets' reads
              ReadStamp stamp = new ReadStamp(https ? null : conn);
              conn.stamp = stamp;
              p.addLast(stamp);
              if (https) {
                // the handshake's expensive steps on virtual threads, not on the event loop all streams share
                SslHandler h = tls.newHandler(ch.alloc(), host, port, handshakes);
                h.setHandshakeTimeoutMillis(connectTimeoutMs); // as the JDK's connect timeout: the request deadline
                p.addLast(h);
              }
              p.addLast(conn);
            }
          });
      if (!https) {
        // read into the event loop's one buffer: the stamp copies each read out at once (TLS may keep a read's buffer)
        bootstrap.option(ChannelOption.RCVBUF_ALLOCATOR, LoopReadBuffer.INSTANCE);
      }
    }
  }

  /** One exchange: finds or opens a connection, writes the request, then the connection's {@link Conn} reads. */
  final class NettyCall implements Call {
    /** Until the request is written (then dropped: the body is the size of the prompt, the response may stream for minutes). */
    private volatile HttpCall call;
    private final ResponseSink sink;
    private volatile boolean aborted;
    private volatile Channel channel;
    private boolean headersSeen;
    private InetSocketAddress address;
    private Pool pool;

    NettyCall(HttpCall call, ResponseSink sink) {
      this.call = call;
      this.sink = sink;
    }

    void go() {
      URI u = call.uri();
      boolean https = "https".equalsIgnoreCase(u.getScheme());
      String host = u.getHost();
      int port = u.getPort() >= 0 ? u.getPort() : https ? 443 : 80;
      pool = pools.computeIfAbsent((https ? "https://" : "http://") + host + ":" + port, k -> new Pool(https, host, port));
      try {
        // resolved here, on the sender's (virtual) thread, never on an event loop (the JVM caches names)
        address = new InetSocketAddress(InetAddress.getByName(host), port);
      } catch (UnknownHostException e) {
        sink.onFailure(new ConnectException("cannot resolve " + host + ": " + e.getMessage()));
        return;
      }
      for (Channel ch; (ch = pool.idle.pollFirst()) != null; ) {
        if (ch.isActive()) {
          Channel reused = ch;
          ch.eventLoop().execute(() -> begin(reused));
          return;
        }
      }
      connect();
    }

    /**
     * Opens a new connection to the resolved address, from an event loop: a channel built on a
     * virtual thread would miss Netty's per-thread caches (its handlers' masks, found by reflection).
     */
    private void connect() {
      EventLoop loop = group.next();
      if (loop.inEventLoop()) {
        open();
      } else {
        loop.execute(this::open);
      }
    }

    private void open() {
      pool.bootstrap.connect(address).addListener(f -> {
        if (f.isSuccess()) {
          begin(((io.netty.channel.ChannelFuture) f).channel());
        } else {
          sink.onFailure(connectFailure(f.cause(), address));
        }
      });
    }

    /** On the connection's event loop: writes the request; the response goes to this call. */
    private void begin(Channel ch) {
      if (!ch.isActive() && !aborted) {
        connect(); // a pooled connection the server closed meanwhile: nothing was sent on it
        return;
      }
      channel = ch;
      if (aborted) {
        ch.close();
        return;
      }
      Conn conn = ch.pipeline().get(Conn.class);
      conn.begin(this);
      sink.onWriting(System.nanoTime());
      ByteBuf request = request(ch, call);
      call = null;
      ch.writeAndFlush(request).addListener(f -> {
        if (!f.isSuccess()) {
          conn.fail(this, f.cause());
          ch.close();
        }
      });
    }

    /** The request as bytes: POST, the headers (checked by {@link HttpCall.Header}), Host and Content-Length, the body. */
    private static ByteBuf request(Channel ch, HttpCall call) {
      URI u = call.uri();
      StringBuilder head = new StringBuilder(256).append("POST ")
          .append(u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath());
      if (u.getRawQuery() != null) {
        head.append('?').append(u.getRawQuery());
      }
      head.append(" HTTP/1.1\r\nHost: ").append(u.getHost());
      if (u.getPort() >= 0) {
        head.append(':').append(u.getPort());
      }
      head.append("\r\n");
      for (HttpCall.Header h : call.headers()) {
        head.append(h.name()).append(": ").append(h.value()).append("\r\n");
      }
      byte[] body = call.body();
      head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
      ByteBuf b = ch.alloc().buffer(head.length() + body.length);
      b.writeCharSequence(head, StandardCharsets.ISO_8859_1);
      b.writeBytes(body);
      return b;
    }

    /** Whether it still holds the request (its body): only until the request is written. */
    boolean holdsRequest() {
      return call != null;
    }

    @Override
    public void abort() {
      aborted = true;
      Channel ch = channel;
      if (ch != null) {
        ch.close();
      }
    }
  }

  /** Where the bytes of a direct buffer are copied for the parser: one per event-loop thread, not one per connection. */
  private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
    @Override
    protected byte[] initialValue() {
      return new byte[64 * 1024];
    }
  };

  /**
   * Last in the pipeline: the HTTP framing of the current call's response, whose body bytes go
   * straight to its sink with the time of the read that brought them ({@link ReadStamp}): a plain
   * connection's reads come from the stamp directly ({@link #read}), decrypted ones down the pipeline.
   */
  private static final class Conn extends ChannelInboundHandlerAdapter implements HttpResponseDecoder.Listener, ReadStamp.Reader {
    /** The pipeline's first handler: the time of the read being handed on. */
    private ReadStamp stamp;
    private final HttpResponseDecoder decoder = new HttpResponseDecoder(this);
    private NettyCall current;
    private final Deque<Channel> pool;
    private ChannelHandlerContext ctx;
    /** The time of the read being decoded. */
    private long ns;
    private boolean keepAlive;

    Conn(Deque<Channel> pool) {
      this.pool = pool;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
      this.ctx = ctx;
    }

    /** On the event loop: the next response on this connection is {@code c}'s. */
    void begin(NettyCall c) {
      decoder.reset();
      current = c;
    }

    @Override
    public void read(byte[] b, int off, int len, long t) {
      NettyCall c = current;
      if (c == null) {
        if (len > 0) {
          ctx.close(); // bytes nobody asked for: this connection cannot carry another request
        }
        return;
      }
      ns = t;
      feed(c, b, off, len);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      long t = stamp.ns;
      ByteBuf b = (ByteBuf) msg;
      try {
        NettyCall c = current;
        if (c == null) {
          if (b.isReadable()) {
            ctx.close(); // bytes nobody asked for: this connection cannot carry another request
          }
          return;
        }
        ns = t;
        int from = b.readerIndex();
        int left = b.readableBytes();
        if (b.hasArray()) {
          feed(c, b.array(), b.arrayOffset() + from, left);
          return;
        }
        byte[] scratch = SCRATCH.get();
        // the buffer's own NIO view, no duplicate per read (getBytes makes one when Netty runs without Unsafe)
        ByteBuffer view = b.nioBufferCount() == 1 ? b.internalNioBuffer(from, left) : null;
        while (left > 0 && current == c) {
          int k = Math.min(left, scratch.length);
          if (view != null) {
            view.get(scratch, 0, k);
          } else {
            b.getBytes(from, scratch, 0, k);
          }
          feed(c, scratch, 0, k);
          from += k;
          left -= k;
        }
      } finally {
        b.release();
      }
    }

    private void feed(NettyCall c, byte[] bytes, int off, int len) {
      try {
        if (!decoder.feed(bytes, off, len) && current == c) {
          current = null; // the client wants no more of this response
          ctx.close();
        }
      } catch (ProtocolException e) {
        fail(c, e);
        ctx.close();
      }
    }

    @Override
    public void onHead(int status, String contentType, boolean keepAlive) {
      NettyCall c = current;
      c.headersSeen = true;
      this.keepAlive = keepAlive;
      c.sink.onHeaders(status, contentType, ns);
    }

    @Override
    public boolean onBody(byte[] b, int off, int len) {
      return len == 0 || current.sink.onBytes(b, off, len, ns);
    }

    @Override
    public void onEnd(boolean more) {
      NettyCall c = current;
      current = null;
      // pooled before the sender hears of the end, so that its next request finds this connection
      if (keepAlive && !more && !c.aborted) {
        pool.offerFirst(ctx.channel());
      } else {
        ctx.close();
      }
      c.sink.onEnd();
    }

    void fail(NettyCall c, Throwable t) {
      if (current == c) {
        current = null;
      }
      c.sink.onFailure(normalise(t));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      NettyCall c = current;
      if (c != null) {
        if (decoder.endsAtClose()) {
          decoder.closed(); // a close-delimited body ends here
        } else {
          fail(c, new IOException(c.headersSeen ? "the connection closed mid-response" : "the connection closed before a response"));
        }
      }
      ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      NettyCall c = current;
      if (c != null) {
        fail(c, cause);
      }
      ctx.close();
    }
  }

  /** Netty's exceptions as the client classifies them (see {@link ResponseSink#onFailure}). */
  static Throwable normalise(Throwable t) {
    Throwable x = t instanceof DecoderException && t.getCause() != null ? t.getCause() : t;
    if (x instanceof IOException) {
      return x;
    }
    ProtocolException p = new ProtocolException("malformed HTTP response: " + x);
    p.initCause(x);
    return p;
  }

  private static Throwable connectFailure(Throwable t, InetSocketAddress address) {
    if (t instanceof ConnectTimeoutException) {
      return new HttpConnectTimeoutException("cannot connect to " + address + " in time: " + t.getMessage());
    }
    if (t instanceof ConnectException) {
      return t;
    }
    ConnectException e = new ConnectException("cannot connect to " + address + ": " + t);
    e.initCause(t);
    return e;
  }
}
