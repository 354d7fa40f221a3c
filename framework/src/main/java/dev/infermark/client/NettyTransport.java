package dev.infermark.client;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ProtocolException;
import java.net.URI;
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
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ConnectTimeoutException;
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
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.FastThreadLocal;

/**
 * The lean transport: Netty on its native epoll transport (NIO where epoll is not available), a
 * few event-loop threads for all connections, {@link HttpClientCodec}, JDK TLS. The first handler
 * of every connection takes one {@link System#nanoTime()} per raw socket read, before TLS and HTTP
 * decoding; every byte of that read is delivered with that time. Keep-alive connections are pooled
 * per scheme, host and port (most recently used first); a connection whose response was cut short
 * is dropped.
 */
final class NettyTransport implements Transport {
  private final EventLoopGroup group;
  private final Class<? extends SocketChannel> channelType;
  private final SslContext tls;
  private final int connectTimeoutMs;
  private final Map<String, Deque<Channel>> idle = new ConcurrentHashMap<>();
  private final ExecutorService handshakes = Executors.newVirtualThreadPerTaskExecutor();

  NettyTransport(int threads, TrustManagerFactory trust, Duration connectTimeout) {
    boolean epoll = Epoll.isAvailable();
    IoHandlerFactory io = epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    this.channelType = epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    this.group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory("infermark-netty", true), io);
    this.connectTimeoutMs = (int) Math.min(Integer.MAX_VALUE, Math.max(1, connectTimeout.toMillis()));
    try {
      this.tls = SslContextBuilder.forClient().sslProvider(SslProvider.JDK).trustManager(trust)
          .endpointIdentificationAlgorithm("HTTPS").build();
    } catch (SSLException e) {
      group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
      throw new IllegalStateException("cannot set up TLS: " + e.getMessage(), e);
    }
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

  /** One exchange: finds or opens a connection, writes the request, then the connection's {@link Conn} reads. */
  private final class NettyCall implements Call {
    private final HttpCall call;
    private final ResponseSink sink;
    private volatile boolean aborted;
    private volatile Channel channel;
    private boolean headersSeen;
    private boolean https;
    private String host;
    private int port;
    private InetSocketAddress address;
    private Deque<Channel> pool;

    NettyCall(HttpCall call, ResponseSink sink) {
      this.call = call;
      this.sink = sink;
    }

    void go() {
      URI u = call.uri();
      https = "https".equalsIgnoreCase(u.getScheme());
      host = u.getHost();
      port = u.getPort() >= 0 ? u.getPort() : https ? 443 : 80;
      pool = idle.computeIfAbsent((https ? "https://" : "http://") + host + ":" + port, k -> new ConcurrentLinkedDeque<>());
      try {
        // resolved here, on the sender's (virtual) thread, never on an event loop (the JVM caches names)
        address = new InetSocketAddress(InetAddress.getByName(host), port);
      } catch (UnknownHostException e) {
        sink.onFailure(new ConnectException("cannot resolve " + host + ": " + e.getMessage()));
        return;
      }
      for (Channel ch; (ch = pool.pollFirst()) != null; ) {
        if (ch.isActive()) {
          Channel reused = ch;
          ch.eventLoop().execute(() -> begin(reused));
          return;
        }
      }
      connect();
    }

    /** Opens a new connection to the resolved address. */
    private void connect() {
      new Bootstrap().group(group).channel(channelType)
          .option(ChannelOption.TCP_NODELAY, true)
          // the pooled allocator copies out with no garbage; the default (adaptive) one allocates a view per copy
          .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
          .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMs)
          .handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              Stamp stamp = new Stamp();
              ChannelPipeline p = ch.pipeline();
              p.addLast(stamp);
              if (https) {
                // the handshake's expensive steps on virtual threads, not on the event loop all streams share
                SslHandler h = tls.newHandler(ch.alloc(), host, port, handshakes);
                h.setHandshakeTimeoutMillis(connectTimeoutMs); // as the JDK's connect timeout: the request deadline
                p.addLast(h);
              }
              // headers up to 64 KiB (proxies add many); HTTP chunks delivered as they arrive, in pieces up to 64 KiB
              p.addLast(new HttpClientCodec(new HttpDecoderConfig().setMaxHeaderSize(64 * 1024).setMaxChunkSize(64 * 1024),
                  false, false));
              p.addLast(new Conn(stamp));
            }
          })
          .connect(address).addListener(f -> {
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
      conn.current = this;
      conn.pool = pool;
      sink.onWriting(System.nanoTime());
      URI u = call.uri();
      String target = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
      if (u.getRawQuery() != null) {
        target += "?" + u.getRawQuery();
      }
      DefaultFullHttpRequest req = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, target,
          Unpooled.wrappedBuffer(call.body()));
      req.headers().set(HttpHeaderNames.HOST, u.getPort() >= 0 ? u.getHost() + ":" + u.getPort() : u.getHost());
      for (HttpCall.Header h : call.headers()) {
        req.headers().add(h.name(), h.value());
      }
      req.headers().set(HttpHeaderNames.CONTENT_LENGTH, call.body().length);
      ch.writeAndFlush(req).addListener(f -> {
        if (!f.isSuccess()) {
          conn.fail(this, f.cause());
          ch.close();
        }
      });
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

  /** Where direct bytes are copied for the parser: one per event-loop thread, not one per connection. */
  private static final FastThreadLocal<byte[]> SCRATCH = new FastThreadLocal<>() {
    @Override
    protected byte[] initialValue() {
      return new byte[16 * 1024];
    }
  };

  /** First in the pipeline: one clock read per raw socket read, before TLS and HTTP decoding. */
  private static final class Stamp extends ChannelInboundHandlerAdapter {
    long ns;

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ns = System.nanoTime();
      ctx.fireChannelRead(msg);
    }
  }

  /** Last in the pipeline: hands the decoded response of the current call to its sink. */
  private static final class Conn extends ChannelInboundHandlerAdapter {
    private final Stamp stamp;
    NettyCall current;
    Deque<Channel> pool;
    private boolean keepAlive;

    Conn(Stamp stamp) {
      this.stamp = stamp;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      try {
        NettyCall c = current;
        if (c == null) {
          return; // bytes after a response we stopped caring about
        }
        if (msg instanceof HttpResponse r) {
          if (r.decoderResult().isFailure()) {
            fail(c, r.decoderResult().cause());
            ctx.close();
            return;
          }
          if (r.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
            return; // 1xx: the real response follows
          }
          c.headersSeen = true;
          keepAlive = HttpUtil.isKeepAlive(r);
          c.sink.onHeaders(r.status().code(), r.headers().get(HttpHeaderNames.CONTENT_TYPE, ""), stamp.ns);
        }
        if (msg instanceof HttpContent hc) {
          if (hc.decoderResult().isFailure()) {
            fail(c, hc.decoderResult().cause());
            ctx.close();
            return;
          }
          if (!deliver(c, hc.content())) {
            current = null;
            ctx.close();
            return;
          }
          if (msg instanceof LastHttpContent) {
            current = null;
            // pooled before the sender hears of the end, so that its next request finds this connection
            if (keepAlive && !c.aborted) {
              pool.offerFirst(ctx.channel());
            } else {
              ctx.close();
            }
            c.sink.onEnd();
          }
        }
      } finally {
        ReferenceCountUtil.release(msg);
      }
    }

    private boolean deliver(NettyCall c, ByteBuf b) {
      int from = b.readerIndex();
      int left = b.readableBytes();
      long ns = stamp.ns;
      byte[] scratch = SCRATCH.get();
      if (b.hasArray()) {
        return left == 0 || c.sink.onBytes(b.array(), b.arrayOffset() + from, left, ns);
      }
      while (left > 0) {
        int k = Math.min(left, scratch.length);
        b.getBytes(from, scratch, 0, k);
        if (!c.sink.onBytes(scratch, 0, k, ns)) {
          return false;
        }
        from += k;
        left -= k;
      }
      return true;
    }

    void fail(NettyCall c, Throwable t) {
      if (current == c) {
        current = null;
      }
      c.sink.onFailure(normalise(t, c.headersSeen));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      NettyCall c = current;
      if (c != null) {
        fail(c, new IOException(c.headersSeen ? "the connection closed mid-response" : "the connection closed before a response"));
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
  static Throwable normalise(Throwable t, boolean midResponse) {
    Throwable x = t instanceof DecoderException && t.getCause() != null ? t.getCause() : t;
    if (x instanceof IOException) {
      return x;
    }
    if (x instanceof PrematureChannelClosureException) {
      return new IOException((midResponse ? "the connection closed mid-response: " : "the connection closed before a response: ")
          + x.getMessage(), x);
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
