package dev.infermark.client;

import dev.infermark.protocol.LazyTls;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;

import javax.net.ssl.SSLContext;

/**
 * The JDK {@link HttpClient} transport (the design card's choice): HTTP/1.1, redirects not
 * followed, a virtual-thread executor. Each {@code onNext} of the body subscriber is one delivery
 * of network bytes and takes one {@link System#nanoTime()} first thing, before any parsing.
 */
final class JdkTransport implements Transport {
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
  private final HttpClient http;
  private final Duration timeout;

  JdkTransport(Duration timeout, SSLContext tls) {
    this.timeout = timeout;
    HttpClient.Builder b = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
        .connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER);
    this.http = (tls != null ? b.sslContext(tls) : LazyTls.defaults(b)).build();
  }

  @Override
  public Call start(HttpCall call, ResponseSink sink) {
    HttpRequest.Builder b = HttpRequest.newBuilder(call.uri()).timeout(timeout)
        .POST(new TimedPublisher(call.body(), sink));
    for (HttpCall.Header h : call.headers()) {
      b.header(h.name(), h.value());
    }
    Body[] body = new Body[1];
    CompletableFuture<HttpResponse<Void>> f = http.sendAsync(b.build(), info -> {
      String ct = info.headers().firstValue("content-type").orElse("").toLowerCase(Locale.ROOT);
      sink.onHeaders(info.statusCode(), ct, System.nanoTime());
      body[0] = new Body(sink);
      return body[0];
    });
    f.whenComplete((r, t) -> {
      if (t != null) {
        sink.onFailure(unwrap(t));
      }
    });
    return () -> {
      f.cancel(true);
      Body bd = body[0];
      if (bd != null) {
        bd.cancel();
      }
    };
  }

  @Override
  public void close() {
    http.shutdownNow();
    try {
      // connections closed before the caller goes on, so their file descriptors are free again
      http.awaitTermination(Duration.ofSeconds(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    executor.shutdownNow();
  }

  private static Throwable unwrap(Throwable t) {
    Throwable x = t;
    while ((x instanceof CompletionException || x instanceof ExecutionException) && x.getCause() != null) {
      x = x.getCause();
    }
    return x;
  }

  /** Receives the body on the HttpClient's executor; no reader thread in between. */
  private static final class Body implements HttpResponse.BodySubscriber<Void> {
    private final CompletableFuture<Void> result = new CompletableFuture<>();
    private final ResponseSink sink;
    private final byte[] scratch = new byte[16 * 1024];
    private volatile Flow.Subscription subscription;
    private volatile boolean stopped;

    Body(ResponseSink sink) {
      this.sink = sink;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
      subscription = s;
      if (stopped) {
        s.cancel();
      } else {
        // onNext only parses, never blocks: no need for back-pressure
        s.request(Long.MAX_VALUE);
      }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
      long t = System.nanoTime(); // at the read, before any parsing
      if (stopped) {
        return;
      }
      for (ByteBuffer b : items) {
        if (!deliver(b, t)) {
          cancel();
          return;
        }
      }
    }

    private boolean deliver(ByteBuffer b, long t) {
      if (b.hasArray()) {
        int n = b.remaining();
        boolean more = n == 0 || sink.onBytes(b.array(), b.arrayOffset() + b.position(), n, t);
        b.position(b.limit());
        return more;
      }
      while (b.hasRemaining()) {
        int k = Math.min(scratch.length, b.remaining());
        b.get(scratch, 0, k);
        if (!sink.onBytes(scratch, 0, k, t)) {
          return false;
        }
      }
      return true;
    }

    void cancel() {
      stopped = true;
      Flow.Subscription s = subscription;
      if (s != null) {
        s.cancel(); // drops the connection
      }
      result.complete(null);
    }

    @Override
    public void onError(Throwable throwable) {
      result.completeExceptionally(throwable);
    }

    @Override
    public void onComplete() {
      if (!stopped) {
        sink.onEnd();
      }
      result.complete(null);
    }

    @Override
    public CompletionStage<Void> getBody() {
      return result;
    }
  }

  /** Notes when the HttpClient starts writing the body: after the connection is ready. */
  private static final class TimedPublisher implements HttpRequest.BodyPublisher {
    private final HttpRequest.BodyPublisher delegate;
    private final ResponseSink sink;
    private boolean noted;

    TimedPublisher(byte[] body, ResponseSink sink) {
      this.delegate = HttpRequest.BodyPublishers.ofByteArray(body);
      this.sink = sink;
    }

    @Override
    public long contentLength() {
      return delegate.contentLength();
    }

    @Override
    public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
      if (!noted) {
        noted = true;
        sink.onWriting(System.nanoTime());
      }
      delegate.subscribe(subscriber);
    }
  }
}
