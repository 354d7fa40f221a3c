package dev.infermark.api.workload;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.OpenLoop;
import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

import dev.infermark.api.status.API;

/**
 * The generic workload: one iteration plays the conversation (its turns in order, the history carrying
 * each reply). As a {@link ClosedLoop} each virtual user plays it again and again; as an {@link OpenLoop}
 * (a run with {@code request-rate}) each arrival plays it once, its first turn due at the arrival's instant
 * and each later turn as soon as the previous answer is in. The harness runs the phases either way. With several
 * {@code infermark.url}s, a conversation of more than one turn keeps each user on one URL (its
 * history's prefix cache lives there: affinity {@code user-<index>}); one-turn conversations go
 * round-robin.
 */
@API(status = STABLE, since = "0.1")
public final class Conversations implements ClosedLoop, OpenLoop {
  /** How many affinity keys users share at most (an open loop numbers its arrivals without end). */
  private static final int AFFINITY_KEYS = 1 << 16;

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
    // one URL per user (an open loop's arrival): its history's prefix cache lives there; the keys stay a bounded set
    String affinity = turns.size() > 1 ? "user-" + Math.floorMod(user.index(), AFFINITY_KEYS) : null;
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
