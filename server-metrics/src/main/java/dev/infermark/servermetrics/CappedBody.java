package dev.infermark.servermetrics;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

import dev.infermark.prometheus.PromFormatException;
import dev.infermark.prometheus.PromParser;

/**
 * A response body collected up to a size cap; past it the exchange is cancelled and the body fails.
 * Its first line is parsed as Prometheus text as soon as it has arrived: a body that is something
 * else (an SSE stream from a server that answers every path with a completion, an HTML page) fails
 * then with the {@link PromFormatException}, the exchange cancelled, instead of being read to its end.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {
  private final long cap;
  private final String source;
  private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private Flow.Subscription subscription;
  private boolean firstLineChecked;

  /** @param source names the body in the error of a bad first line (the URL) */
  CappedBody(long cap, String source) {
    this.cap = cap;
    this.source = source;
  }

  /** A body not read at all: the exchange is cancelled at once and the body is empty. */
  static HttpResponse.BodySubscriber<byte[]> refused() {
    return new HttpResponse.BodySubscriber<>() {
      private final CompletableFuture<byte[]> empty = CompletableFuture.completedFuture(new byte[0]);

      @Override
      public CompletionStage<byte[]> getBody() {
        return empty;
      }

      @Override
      public void onSubscribe(Flow.Subscription s) {
        s.cancel();
      }

      @Override
      public void onNext(List<ByteBuffer> items) {}

      @Override
      public void onError(Throwable t) {}

      @Override
      public void onComplete() {}
    };
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    s.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer b : items) {
      if (buf.size() + (long) b.remaining() > cap) {
        subscription.cancel();
        result.completeExceptionally(new IOException("body larger than " + cap + " bytes"));
        return;
      }
      byte[] a = new byte[b.remaining()];
      b.get(a);
      buf.write(a, 0, a.length);
    }
    if (!firstLineChecked) {
      checkFirstLine();
    }
  }

  /** Parses the first non-blank line once it is complete; cancels the exchange when it is not Prometheus text. */
  private void checkFirstLine() {
    byte[] bytes = buf.toByteArray();
    int start = 0;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] != '\n') {
        continue;
      }
      String line = new String(bytes, start, i - start, StandardCharsets.UTF_8);
      if (line.isBlank()) {
        start = i + 1;
        continue;
      }
      firstLineChecked = true;
      try {
        PromParser.parse(line, source);
      } catch (PromFormatException e) {
        subscription.cancel();
        result.completeExceptionally(e);
      }
      return;
    }
  }

  @Override
  public void onError(Throwable t) {
    result.completeExceptionally(t);
  }

  @Override
  public void onComplete() {
    result.complete(buf.toByteArray());
  }
}
