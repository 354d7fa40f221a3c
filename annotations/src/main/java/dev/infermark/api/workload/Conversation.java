package dev.infermark.api.workload;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.ArrayList;
import java.util.List;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.status.API;

/**
 * One conversation a {@link Conversations} workload plays: what every request of it starts with (a system prompt,
 * a user's context, as AIPerf's {@code --shared-system-prompt-length} and {@code --user-context-prompt-length}
 * make them), then its turns in order, the history carrying each answer.
 *
 * @param systemPrompt the system message every request starts with, or {@code null} for none
 * @param userContext a user message sent before the first turn's, in every request of the conversation (a
 *     user's own context: documents, memory), or {@code null} for none
 * @param turns the user turns, at least one
 */
@API(status = STABLE, since = "0.2")
public record Conversation(String systemPrompt, String userContext, List<Turn> turns) {
  public Conversation {
    if (turns == null || turns.isEmpty()) {
      throw new IllegalArgumentException("a conversation needs at least one turn");
    }
    turns = List.copyOf(turns);
  }

  /** A conversation of these turns, without system prompt or user context. */
  public static Conversation of(Turn... turns) {
    return new Conversation(null, null, List.of(turns));
  }

  /** The same conversation, each request starting with this system message ({@code null}: none). */
  public Conversation withSystemPrompt(String prompt) {
    return new Conversation(prompt, userContext, turns);
  }

  /** The same conversation with this user context before its first turn ({@code null}: none). */
  public Conversation withUserContext(String context) {
    return new Conversation(systemPrompt, context, turns);
  }

  /** The messages every request of the conversation starts with: the system prompt, then the user context. */
  public List<ChatMessage> preamble() {
    List<ChatMessage> out = new ArrayList<>(2);
    if (systemPrompt != null) {
      out.add(ChatMessage.system(systemPrompt));
    }
    if (userContext != null) {
      out.add(ChatMessage.user(userContext));
    }
    return List.copyOf(out);
  }
}
