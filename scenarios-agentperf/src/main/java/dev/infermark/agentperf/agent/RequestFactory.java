package dev.infermark.agentperf.agent;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.agentperf.trajectory.Turn;
import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.api.request.Phase;
import dev.infermark.api.request.RequestTags;

/**
 * Builds each turn's request: the phase prefix on the first message, {@code max_tokens} (the
 * methodology's 16,384, or the turn's recorded target), and the text kept on every Nth request for
 * the token-count check, and the turn's tool definitions as the body's {@code tools} (per-request
 * extra body, so they win over a {@code tools} in the run's extra inputs). Sampling parameters and
 * reasoning effort come from the run's extra inputs, which the client adds to every body.
 *
 * @param maxTokens the output cap
 * @param useTargetOutput whether max_tokens is the turn's target output length (when recorded)
 * @param keepTextEvery keep the generated text of every Nth request of an agent (0: never)
 */
public record RequestFactory(int maxTokens, boolean useTargetOutput, int keepTextEvery) {

  /** The request for one turn. */
  public InferenceRequest build(Phase label, RequestTags tags, PhasePrefix prefix, Turn turn, Map<ChatMessage, ChatMessage> prefixed,
      long sequence) {
    List<ChatMessage> messages = turn.messages();
    ChatMessage first = prefixed.computeIfAbsent(messages.get(0), prefix::apply);
    ChatMessage[] out = messages.toArray(new ChatMessage[0]);
    out[0] = first;
    Integer max = useTargetOutput && turn.targetOutputTokens() != null ? Math.min(maxTokens, turn.targetOutputTokens()) : maxTokens;
    boolean keep = keepTextEvery > 0 && sequence % keepTextEvery == 0;
    // The definitions are frozen once per trajectory and shared, not copied per request.
    Map<String, Object> extra = turn.toolDefinitions() == null ? null : Map.of("tools", turn.toolDefinitions());
    return new InferenceRequest(label, tags, List.of(out), null, null, max, extra, keep, -1);
  }

  /**
   * A fresh per-trajectory cache of the prefixed first message. It keeps only the latest entry: JSONL
   * and synthetic turns share one first message, while Weka turns assemble a new one per turn, and
   * keeping every prefixed copy of those would hold one system prompt per turn for the whole play.
   */
  public static Map<ChatMessage, ChatMessage> newPrefixCache() {
    return new LinkedHashMap<>(4) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<ChatMessage, ChatMessage> eldest) {
        return size() > 1;
      }
    };
  }
}
