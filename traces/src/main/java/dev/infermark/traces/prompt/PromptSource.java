package dev.infermark.traces.prompt;

import java.util.List;
import java.util.Map;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.traces.topology.ReplayStream;

/**
 * What each turn of a stream sends: its chat messages, assembled from shared text when called (cheap objects, no
 * whole-prompt copies kept), and body fields sent as given. Thread-safe.
 *
 * <p>A recorded stream ({@link #live} false: Weka, Mooncake, payloads) gives each turn's whole prompt, its history
 * included (for Weka, the delta/reset rules of spec §2.7 applied). A live stream (the conversation files:
 * {@code single_turn}, {@code multi_turn}, {@code sharegpt}) gives only the messages each turn adds; the player
 * threads the server's answers in between, as {@code Conversations} does.
 */
public interface PromptSource {
  List<ChatMessage> messages(ReplayStream stream, int turnIndex);

  /**
   * Body fields the turn sends as given, merged last (they win over the run's): a raw payload's whole body, a
   * trace row's {@code extra}, its {@code tools}; {@code null} for none.
   */
  default Map<String, Object> body(ReplayStream stream, int turnIndex) {
    return null;
  }

  /** Whether the stream's turns give only the messages they add, answers threaded in between by the player. */
  default boolean live(ReplayStream stream) {
    return false;
  }
}
