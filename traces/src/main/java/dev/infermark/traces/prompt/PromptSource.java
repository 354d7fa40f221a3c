package dev.infermark.traces.prompt;

import java.util.List;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.traces.topology.ReplayStream;

/**
 * The chat messages to send for a turn: the stream's accumulated history (delta/reset rules of
 * spec §2.7 already applied), assembled from shared block text when called (cheap objects, no
 * whole-prompt copies kept). Thread-safe.
 */
public interface PromptSource {
  List<ChatMessage> messages(ReplayStream stream, int turnIndex);
}
