package dev.infermark.traces.format;

import java.util.ArrayList;
import java.util.List;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.workload.Turn;
import dev.infermark.traces.corpus.Corpus;
import dev.infermark.traces.prompt.PromptSource;
import dev.infermark.traces.topology.ReplayStream;
import dev.infermark.traces.topology.ReplayTurn;
import dev.infermark.traces.topology.SessionTree;

/**
 * A dataset's sessions as conversations of user {@link Turn}s (the API's: a user message and its output cap), for
 * a workload that threads the server's answers itself, as {@code Conversations} does (the chat scenario). A
 * conversation file's sessions map turn for turn; a recorded trace maps when each of its sessions is one request
 * whose prompt is one user message (a Mooncake or BurstGPT row, a {@code text_input}). A recorded multi-turn history
 * (Weka, Mooncake sessions) or a raw body does not: it needs the trace replay, and fails naming the format.
 */
public final class TraceConversations {
  private final Corpus corpus;

  private TraceConversations(Corpus corpus) {
    this.corpus = corpus;
  }

  /**
   * @throws IllegalArgumentException when a session is not a conversation of user turns
   */
  public static TraceConversations of(Corpus corpus) {
    PromptSource p = corpus.prompts();
    for (SessionTree t : corpus.trees()) {
      ReplayStream s = t.root();
      boolean single = t.children().isEmpty() && s.turns().size() == 1;
      if (!t.children().isEmpty() || !p.live(s) && !single || p.body(s, 0) != null && !p.live(s)) {
        throw new IllegalArgumentException(corpus.loader() + " session " + t.traceId() + " replays recorded requests ("
            + (t.children().isEmpty() ? s.turns().size() + " turns with their recorded history" : "sub-agents")
            + (p.body(s, 0) != null ? ", request bodies" : "") + "), not a conversation of user turns: play it with the "
            + "trace-replay scenario");
      }
    }
    return new TraceConversations(corpus);
  }

  /** How many conversations. */
  public int size() {
    return corpus.trees().size();
  }

  /** Conversation {@code i}'s id in the file. */
  public String id(int i) {
    return corpus.trees().get(i).traceId();
  }

  /**
   * Conversation {@code i}'s user turns, built now (a rebuilt prompt's text is assembled here).
   *
   * @throws IllegalArgumentException when a turn is not one user message
   */
  public List<Turn> turns(int i) {
    ReplayStream s = corpus.trees().get(i).root();
    List<Turn> out = new ArrayList<>(s.turns().size());
    for (int k = 0; k < s.turns().size(); k++) {
      List<ChatMessage> m = corpus.prompts().messages(s, k);
      if (m.size() != 1 || !"user".equals(m.getFirst().role()) || m.getFirst().content() == null) {
        throw new IllegalArgumentException(corpus.loader() + " session " + s.sessionId() + " turn " + k + " is not one "
            + "user message (" + m.size() + " messages" + (m.isEmpty() ? "" : ", the first a " + m.getFirst().role()) + ")");
      }
      ReplayTurn t = s.turns().get(k);
      Turn turn = Turn.user(m.getFirst().content().toString());
      out.add(t.maxTokens() > 0 ? turn.maxTokens(t.maxTokens()) : turn);
    }
    return out;
  }
}
