package dev.infermark.agentperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.agentperf.trajectory.Turn;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestTags;

class RequestFactoryTest {
  private static final RequestTags TAGS = new RequestTags("c", "c", 0, "c", null, 0, 0, Map.of());

  private static Turn turn(ChatMessage first) {
    return new Turn(List.of(first, ChatMessage.user("task")), List.of(), 7, Duration.ZERO, null);
  }

  @Test
  void thePrefixedFirstMessageIsReusedWhileItRepeatsAndOnlyTheLatestIsKept() {
    RequestFactory factory = new RequestFactory(16384, true, 0);
    PhasePrefix prefix = PhasePrefix.of(1, 0);
    Map<ChatMessage, ChatMessage> cache = RequestFactory.newPrefixCache();
    ChatMessage system = ChatMessage.system("You are an agent");

    InferenceRequest a = factory.build(Phase.WARMUP, TAGS, prefix, turn(system), cache, 0);
    InferenceRequest b = factory.build(Phase.WARMUP, TAGS, prefix, turn(system), cache, 1);
    assertThat(a.messages().getFirst().content().toString()).isEqualTo(prefix.text() + "You are an agent");
    assertThat(b.messages().getFirst()).isSameAs(a.messages().getFirst());
    assertThat(a.maxTokens()).isEqualTo(7);

    // Weka turns assemble a new first message per turn: the cache must not grow with them.
    for (int k = 0; k < 5; k++) {
      factory.build(Phase.WARMUP, TAGS, prefix, turn(ChatMessage.system(new StringBuilder("system ").append(k))), cache, k);
    }
    assertThat(cache).hasSize(1);
  }
}
