package dev.infermark.api.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.Abort;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.ErrorKind;
import dev.infermark.api.request.InferenceClient;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestError;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

/** One iteration: one play of a conversation (its system prompt, user context and turns), the history carrying each reply. */
class ConversationsTest {
  /** Answers every request; keeps the text ("reply N") only when the request asked to keep it. */
  static final class Recorder implements InferenceClient {
    final List<InferenceRequest> sent = new ArrayList<>();

    @Override
    public RequestRecord send(InferenceRequest r) {
      sent.add(r);
      return new RequestRecord(r.phase(), "id-" + sent.size(), r.tags(), -1, 0, 0, 0, new long[0], 0, null, null, null,
          null, r.keepText() ? "reply " + sent.size() : null, null, null, 200, null);
    }

    @Override
    public RequestRecord send(InferenceRequest r, Abort abort) {
      return send(r);
    }
  }

  static VirtualUser user(int index, InferenceClient client) {
    return new VirtualUser() {
      @Override
      public int index() {
        return index;
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
  }

  @Test
  void anIterationPlaysEveryTurnInOrderWithTheRepliesInTheHistory() {
    Recorder client = new Recorder();
    List<InferenceRequest> sent = client.sent;
    Conversations.repeat(Turn.user("a").maxTokens(4), Turn.user("b"), Turn.user("c")).iterate(user(3, client));

    assertThat(sent).extracting(r -> r.tags().turnIndex()).containsExactly(0, 1, 2);
    assertThat(sent).allMatch(r -> r.phase() == Phase.WARMUP && r.tags().lane() == 3
        && r.tags().conversationId().equals("conversation-3"));
    assertThat(sent).extracting(r -> r.tags().correlationId()).containsOnly(sent.get(0).tags().correlationId());
    assertThat(sent.get(2).messages()).extracting(m -> m.role() + ":" + m.content())
        .containsExactly("user:a", "assistant:reply 1", "user:b", "assistant:reply 2", "user:c");
    assertThat(sent).extracting(InferenceRequest::keepText).containsExactly(true, true, false);
    assertThat(sent.get(0).maxTokens()).isEqualTo(4);
    assertThat(sent.get(1).maxTokens()).isNull();
    assertThat(sent.get(0).extraBody()).isNull(); // a cap alone sends nothing more
    assertThatThrownBy(Conversations::repeat).hasMessageContaining("at least one turn");
  }

  @Test
  void aCycleGivesEachIterationTheNextConversationWithItsSystemPromptAndUserContext() {
    Recorder client = new Recorder();
    Conversation first = Conversation.of(Turn.user("q1"), Turn.user("q1 again")).withUserContext("my notes");
    Conversation second = Conversation.of(Turn.user("q2"));
    Conversations dataset = Conversations.cycle(List.of(first, second)).withSystemPrompt("be brief");
    for (int i = 0; i < 3; i++) {
      dataset.iterate(user(i, client));
    }

    assertThat(client.sent).extracting(r -> r.messages().stream().map(m -> m.role() + ":" + m.content()).toList())
        .containsExactly(
            List.of("system:be brief", "user:my notes", "user:q1"),
            List.of("system:be brief", "user:my notes", "user:q1", "assistant:reply 1", "user:q1 again"),
            List.of("system:be brief", "user:q2"),
            // the third iteration starts the cycle again
            List.of("system:be brief", "user:my notes", "user:q1"),
            List.of("system:be brief", "user:my notes", "user:q1", "assistant:reply 4", "user:q1 again"));
    assertThat(dataset.turns()).isEqualTo(first.turns());
    assertThatThrownBy(() -> Conversations.cycle(List.of())).hasMessageContaining("no conversation");
    assertThatThrownBy(() -> Conversation.of()).hasMessageContaining("at least one turn");
  }

  @Test
  void aFixedOutputTurnAsksForExactlyItsTokens() {
    Recorder client = new Recorder();
    Conversations.repeat(Turn.user("write").fixedOutputTokens(512)).iterate(user(0, client));

    InferenceRequest r = client.sent.get(0);
    assertThat(r.maxTokens()).isEqualTo(512);
    assertThat(r.extraBody()).containsExactly(Map.entry("min_tokens", 512), Map.entry("ignore_eos", true));
    assertThat(Turn.user("x").fixedOutputTokens(8).fixedOutput()).isTrue();
    assertThat(Turn.user("x").maxTokens(8).fixedOutput()).isFalse();
    assertThatThrownBy(() -> new Turn("x", 4, 8, false)).hasMessageContaining("minTokens (8) is above its maxTokens (4)");
    assertThatThrownBy(() -> Turn.user("x").maxTokens(0)).hasMessageContaining("must be positive");
  }

  @Test
  void anAnswerWhoseTextWasNotKeptCannotSilentlyBecomeAnEmptyAssistantMessage() {
    // a hand-written closed loop that forgot keepText: its second turn must not carry an empty answer
    Recorder client = new Recorder();
    List<ChatMessage> history = new ArrayList<>(List.of(ChatMessage.user("first")));
    RequestRecord first = client.send(InferenceRequest.chat(RequestTags.of("c", "c", 0), history, 16));

    assertThatThrownBy(() -> ChatMessage.assistant(first.text()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("withKeepText(true)");
    assertThatThrownBy(first::reply).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("did not keep its answer's text").hasMessageContaining("withKeepText(true)");

    RequestRecord kept = client.send(InferenceRequest.chat(RequestTags.of("c", "c", 1), history, 16).withKeepText(true));
    assertThat(kept.reply()).isEqualTo(ChatMessage.assistant("reply 2"));
    RequestRecord failed = new RequestRecord(Phase.PROFILING, "f", RequestTags.of("c", "c", 2), -1, 0, 0, 0,
        new long[0], 0, null, null, null, null, null, null, null, 500,
        new RequestError(ErrorKind.SERVER_ERROR, 500, "x", "server error", null));
    assertThat(failed.reply()).isEqualTo(ChatMessage.assistant("")); // nothing was answered; the record says why
  }
}
