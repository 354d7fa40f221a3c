package dev.infermark.servermetrics;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** A response body collected up to a size cap; past it the exchange is cancelled and the body fails. */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {
  private final long cap;
  private final ByteArrayOutputStream buf = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private Flow.Subscription subscription;

  CappedBody(long cap) {
    this.cap = cap;
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
