package dev.infermark.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.infermark.client.InferenceClient;
import dev.infermark.client.InferenceRequest;
import dev.infermark.hub.HfHub;
import dev.infermark.record.Phase;
import dev.infermark.record.RequestRecord;
import dev.infermark.run.Cancellation;
import dev.infermark.run.Progress;
import dev.infermark.run.RunContext;
import dev.infermark.settings.Settings;
import dev.infermark.tokenizer.WordTokenizer;

class ConversationsTest {
  @TempDir
  Path dir;

  /** Answers at once with a two-token reply, tracking how many requests are in flight. */
  static final class FakeClient implements InferenceClient {
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();
    final List<InferenceRequest> requests = new CopyOnWriteArrayList<>();

    @Override
    public RequestRecord send(InferenceRequest r) {
      maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      requests.add(r);
      try {
        Thread.sleep(1); // a request takes time; lets users overlap
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      inFlight.decrementAndGet();
      long t = System.nanoTime();
      return new RequestRecord(r.phase(), "id", r.tags(), -1, t, 0, t, new long[] {t, t}, t, 5, 2, null, null,
          r.keepText() ? "re ply" : null, null, "length", 200, null);
    }
  }

  private RunContext context(FakeClient client, List<RequestRecord> sink, Map<String, String> settings) {
    return new RunContext("t", Map.of(), Settings.of(settings), URI.create("http://127.0.0.1:9"), false, client, sink::add,
        new Progress(), new Cancellation(), dir, Optional.empty(), HfHub.fromEnvironment(Map.of()), 1, line -> {});
  }

  @Test
  void warmupThenProfilingUpToTheRequestCountWithinTheConcurrency() throws Exception {
    FakeClient client = new FakeClient();
    List<RequestRecord> records = new CopyOnWriteArrayList<>();
    Conversations.repeat(Turn.user("hello there").maxTokens(2), Turn.user("and again").maxTokens(2))
        .run(context(client, records, Map.of("concurrency", "3", "warmup-request-count", "4", "request-count", "20",
            "benchmark-duration", "60s")));
    assertThat(records.stream().filter(r -> r.phase() == Phase.WARMUP)).hasSize(4);
    assertThat(records.stream().filter(r -> r.phase() == Phase.PROFILING)).hasSize(20);
    assertThat(client.maxInFlight.get()).isLessThanOrEqualTo(3);
    // the second turn carries the first turn and its reply
    InferenceRequest second = client.requests.stream().filter(r -> r.tags().turnIndex() == 1).findFirst().orElseThrow();
    assertThat(second.messages()).extracting(m -> m.role() + ":" + m.content())
        .containsExactly("user:hello there", "assistant:re ply", "user:and again");
    assertThat(second.maxTokens()).isEqualTo(2);
  }

  @Test
  void syntheticTextHasExactTokenCounts() {
    SyntheticText text = new SyntheticText(WordTokenizer.instance(), 7);
    for (int n : new int[] {1, 17, 1024}) {
      assertThat(WordTokenizer.instance().count(text.tokens(n))).isEqualTo(n);
    }
    assertThat(new SyntheticText(WordTokenizer.instance(), 7).tokens(50)).isEqualTo(new SyntheticText(WordTokenizer.instance(), 7).tokens(50));
  }
}
