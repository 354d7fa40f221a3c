package dev.infermark.agentperf.trajectory;

import java.time.Duration;
import java.util.List;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.JsonValues;

/**
 * One request of a trajectory: the whole conversation sent at this point, what the model is
 * expected to produce, and the simulated tool time that follows the response.
 *
 * @param messages every message sent with this request (the conversation so far); earlier turns'
 *     messages are shared, not copied
 * @param tools the tools called after this turn's response (empty when it calls none)
 * @param targetOutputTokens the recorded output length of this turn, or {@code null} when unknown
 * @param toolDelay the simulated tool time after the response (zero when no tool runs)
 * @param inputTokens the prompt's token count (estimated or recorded), or {@code null} when unknown
 * @param toolDefinitions the OpenAI tool definitions sent as the request's {@code tools} (a JSON
 *     array of objects, frozen once by {@link JsonValues#array} and shared between turns), or {@code null} to send none
 */
public record Turn(List<ChatMessage> messages, List<String> tools, Integer targetOutputTokens, Duration toolDelay,
    Integer inputTokens, List<Object> toolDefinitions) {
  /** A turn that sends no tool definitions. */
  public Turn(List<ChatMessage> messages, List<String> tools, Integer targetOutputTokens, Duration toolDelay,
      Integer inputTokens) {
    this(messages, tools, targetOutputTokens, toolDelay, inputTokens, null);
  }

  public Turn {
    toolDefinitions = toolDefinitions == null ? null : JsonValues.array(toolDefinitions);
    messages = List.copyOf(messages);
    tools = List.copyOf(tools);
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("a turn needs at least one message");
    }
    if (toolDelay == null || toolDelay.isNegative()) {
      throw new IllegalArgumentException("a turn's tool delay must be zero or positive, got " + toolDelay);
    }
  }
}
