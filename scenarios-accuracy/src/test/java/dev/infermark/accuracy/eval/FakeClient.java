package dev.infermark.accuracy.eval;

import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.protocol.ServerClient;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

/** An in-process client that answers each request with text computed from its session index. */
final class FakeClient implements ServerClient {
  final List<InferenceRequest> requests = new CopyOnWriteArrayList<>();
  private final BiFunction<Integer, InferenceRequest, String> answer;

  FakeClient(BiFunction<Integer, InferenceRequest, String> answer) {
    this.answer = answer;
  }

  static int session(InferenceRequest r) {
    return Integer.parseInt(r.tags().conversationId().substring("session_".length()));
  }

  @Override
  public RequestRecord send(InferenceRequest r) {
    requests.add(r);
    long t = System.nanoTime();
    String text = answer.apply(session(r), r);
    return new RequestRecord(r.phase(), UUID.randomUUID().toString(), r.tags(), -1, t, System.currentTimeMillis() * 1000,
        t, new long[] {t}, System.nanoTime(), 10, 3, null, null, r.keepText() ? text : null, null, "stop", 200, null);
  }
}
