package dev.infermark.api.workload;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

import dev.infermark.api.status.API;

/**
 * The generic closed-loop workload: each virtual user replays the same conversation (its turns in
 * order, the history carrying each reply) again and again. The harness runs the phases
 * ({@link ClosedLoop}); one iteration is one play of the conversation. With several
 * {@code infermark.url}s, a conversation of more than one turn keeps each user on one URL (its
 * history's prefix cache lives there: affinity {@code user-<index>}); one-turn conversations go
 * round-robin.
 */
@API(status = STABLE, since = "0.1")
public final class Conversations implements ClosedLoop {
  private final List<Turn> turns;

  private Conversations(List<Turn> turns) {
    if (turns.isEmpty()) {
      throw new IllegalArgumentException("a conversation needs at least one turn");
    }
    this.turns = List.copyOf(turns);
  }

  /** Users repeat a conversation of these turns. */
  public static Conversations repeat(Turn... turns) {
    return new Conversations(List.of(turns));
  }

  /** The turns, in order. */
  public List<Turn> turns() {
    return turns;
  }

  @Override
  public void iterate(VirtualUser user) {
    String correlation = UUID.randomUUID().toString();
    String affinity = turns.size() > 1 ? "user-" + user.index() : null;
    List<ChatMessage> history = new ArrayList<>();
    for (int k = 0; k < turns.size(); k++) {
      Turn turn = turns.get(k);
      history.add(ChatMessage.user(turn.text()));
      RequestTags tags = new RequestTags("conversation-" + user.index(), correlation, k, correlation, null, user.index(),
          0, null);
      InferenceRequest req = new InferenceRequest(user.phase(), tags, history, null, null, turn.maxTokens(), null,
          k + 1 < turns.size(), -1, affinity);
      RequestRecord r = user.client().send(req);
      history.add(ChatMessage.assistant(r.text() == null ? "" : r.text()));
    }
  }
}
