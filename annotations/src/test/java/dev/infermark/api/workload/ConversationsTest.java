package dev.infermark.api.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.Abort;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestRecord;

/** One iteration of the closed loop: one play of the conversation, the history carrying each reply. */
class ConversationsTest {
  @Test
  void anIterationPlaysEveryTurnInOrderWithTheRepliesInTheHistory() {
    List<InferenceRequest> sent = new ArrayList<>();
    InferenceClient client = new InferenceClient() {
      @Override
      public RequestRecord send(InferenceRequest r) {
        sent.add(r);
        return new RequestRecord(r.phase(), "id", r.tags(), -1, 0, 0, 0, new long[0], 0, null, null, null, null,
            r.keepText() ? "reply " + sent.size() : null, null, null, 200, null);
      }

      @Override
      public RequestRecord send(InferenceRequest r, Abort abort) {
        return send(r);
      }
    };
    VirtualUser user = new VirtualUser() {
      @Override
      public int index() {
        return 3;
      }

      @Override
      public Phase phase() {
        return Phase.WARMUP;
      }

      @Override
      public InferenceClient client() {
        return client;
      }

      @Override
      public boolean running() {
        return true;
      }
    };
    Conversations.repeat(Turn.user("a").maxTokens(4), Turn.user("b"), Turn.user("c")).iterate(user);

    assertThat(sent).extracting(r -> r.tags().turnIndex()).containsExactly(0, 1, 2);
    assertThat(sent).allMatch(r -> r.phase() == Phase.WARMUP && r.tags().lane() == 3
        && r.tags().conversationId().equals("conversation-3"));
    assertThat(sent).extracting(r -> r.tags().correlationId()).containsOnly(sent.get(0).tags().correlationId());
    assertThat(sent.get(2).messages()).extracting(m -> m.role() + ":" + m.content())
        .containsExactly("user:a", "assistant:reply 1", "user:b", "assistant:reply 2", "user:c");
    assertThat(sent).extracting(InferenceRequest::keepText).containsExactly(true, true, false);
    assertThat(sent.get(0).maxTokens()).isEqualTo(4);
    assertThat(sent.get(1).maxTokens()).isNull();
    assertThatThrownBy(Conversations::repeat).hasMessageContaining("at least one turn");
  }
}
