package dev.infermark.api.workload;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

import dev.infermark.api.ClosedLoop;
import dev.infermark.api.OpenLoop;
import dev.infermark.api.VirtualUser;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.RequestRecord;
import dev.infermark.api.request.RequestTags;

import dev.infermark.api.status.API;

/**
 * The generic workload: one iteration plays one {@link Conversation} (its system prompt and user context, then its
 * turns in order, the history carrying each answer). As a {@link ClosedLoop} each virtual user plays conversations
 * again and again; as an {@link OpenLoop} (a run with {@code request-rate}) each arrival plays one, its first turn due
 * at the arrival's instant and each later turn as soon as the previous answer is in. The harness runs the phases
 * either way.
 *
 * <p>Which conversation: {@link #repeat} plays the same one every time; {@link #cycle} a data set's, iteration
 * {@code i} (counted in the order iterations start) playing entry {@code i mod size}; {@link #from} asks a function
 * for conversation {@code i}. An answer goes into the history as the assistant's message, so every turn but the last
 * keeps its text ({@link InferenceRequest#keepText()}); nothing sends an empty assistant message in its place.
 *
 * <p>With several {@code infermark.url}s, a conversation of more than one turn keeps each user on one URL (its
 * history's prefix cache lives there: affinity {@code user-<index>}); one-turn conversations go round-robin.
 */
@API(status = STABLE, since = "0.1")
public final class Conversations implements ClosedLoop, OpenLoop {
  /** How many affinity keys users share at most (an open loop numbers its arrivals without end). */
  private static final int AFFINITY_KEYS = 1 << 16;

  private final LongFunction<Conversation> source;
  private final AtomicLong next = new AtomicLong();

  private Conversations(LongFunction<Conversation> source) {
    this.source = source;
  }

  /** Users repeat a conversation of these turns. */
  public static Conversations repeat(Turn... turns) {
    return repeat(Conversation.of(turns));
  }

  /** Users repeat this conversation. */
  @API(status = STABLE, since = "0.2")
  public static Conversations repeat(Conversation conversation) {
    if (conversation == null) {
      throw new IllegalArgumentException("repeat(null): give the conversation to repeat");
    }
    return new Conversations(i -> conversation);
  }

  /**
   * Iterations play the data set's conversations in order, from the first again after the last: iteration
   * {@code i} (counted in the order iterations start) plays entry {@code i mod size}.
   */
  @API(status = STABLE, since = "0.2")
  public static Conversations cycle(List<Conversation> dataset) {
    List<Conversation> entries = List.copyOf(dataset);
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("cycle: the data set has no conversation");
    }
    int n = entries.size();
    return new Conversations(i -> entries.get((int) (i % n)));
  }

  /**
   * Iteration {@code i} (counted from 0 in the order iterations start) plays {@code source.apply(i)}: a data set
   * too large to hold, or conversations made as they are needed. Called from many threads at once.
   */
  @API(status = STABLE, since = "0.2")
  public static Conversations from(LongFunction<Conversation> source) {
    if (source == null) {
      throw new IllegalArgumentException("from(null): give the function that makes conversation i");
    }
    return new Conversations(source);
  }

  /** The same workload, each conversation's requests starting with this system message ({@code null}: none). */
  @API(status = STABLE, since = "0.2")
  public Conversations withSystemPrompt(String prompt) {
    LongFunction<Conversation> s = source;
    return new Conversations(i -> s.apply(i).withSystemPrompt(prompt));
  }

  /** The turns of the first conversation (for {@link #repeat}: of the conversation repeated). */
  public List<Turn> turns() {
    return conversation(0).turns();
  }

  /** The conversation iteration {@code i} plays. */
  @API(status = STABLE, since = "0.2")
  public Conversation conversation(long i) {
    Conversation c = source.apply(i);
    if (c == null) {
      throw new IllegalStateException("the conversation source gave no conversation for iteration " + i);
    }
    return c;
  }

  @Override
  public void iterate(VirtualUser user) {
    Conversation conversation = conversation(next.getAndIncrement());
    List<Turn> turns = conversation.turns();
    String correlation = UUID.randomUUID().toString();
    // one URL per user (an open loop's arrival): its history's prefix cache lives there; the keys stay a bounded set
    String affinity = turns.size() > 1 ? "user-" + Math.floorMod(user.index(), AFFINITY_KEYS) : null;
    List<ChatMessage> history = new ArrayList<>(conversation.preamble());
    for (int k = 0; k < turns.size(); k++) {
      Turn turn = turns.get(k);
      history.add(ChatMessage.user(turn.text()));
      RequestTags tags = new RequestTags("conversation-" + user.index(), correlation, k, correlation, null, user.index(),
          0, null);
      boolean later = k + 1 < turns.size(); // a later turn carries this answer: keep its text
      InferenceRequest req = new InferenceRequest(user.phase(), tags, history, null, null, turn.maxTokens(),
          turn.outputFields(), later, -1, affinity);
      RequestRecord r = user.client().send(req);
      if (later) {
        history.add(r.reply());
      }
    }
  }
}
