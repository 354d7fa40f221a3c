package dev.infermark.client;

import tools.jackson.databind.JsonNode;

/**
 * One chat message. {@code content} is a {@link CharSequence} so that large prompts can be
 * assembled from shared pieces when the body is written, not stored whole per request.
 *
 * <p>The OpenAI tool-calling fields are optional and sent only when set: an assistant message's
 * {@code tool_calls} (a JSON array written as given; {@code content} may then be {@code null}), a
 * {@code tool} message's {@code tool_call_id}, and {@code name}.
 *
 * @param role the role ({@code system}, {@code user}, {@code assistant}, {@code tool}, ...)
 * @param content the text, or {@code null} (sent as JSON {@code null})
 * @param toolCalls the assistant's tool calls as an OpenAI {@code tool_calls} array, or {@code null}
 * @param toolCallId the call a {@code tool} message answers, or {@code null}
 * @param name the message's {@code name} (the tool's, for a tool result), or {@code null}
 */
public record ChatMessage(String role, CharSequence content, JsonNode toolCalls, String toolCallId, String name) {
  public ChatMessage {
    if (toolCalls != null && !toolCalls.isArray()) {
      throw new IllegalArgumentException("tool_calls must be a JSON array, got " + toolCalls.getNodeType());
    }
    // A private copy: the message is shared between requests and threads, and JSON nodes are mutable.
    toolCalls = toolCalls == null ? null : toolCalls.deepCopy();
  }

  /** A plain role/content message. */
  public ChatMessage(String role, CharSequence content) {
    this(role, content, null, null, null);
  }

  public static ChatMessage system(CharSequence content) {
    return new ChatMessage("system", content);
  }

  public static ChatMessage user(CharSequence content) {
    return new ChatMessage("user", content);
  }

  public static ChatMessage assistant(CharSequence content) {
    return new ChatMessage("assistant", content);
  }

  /** An assistant message that calls tools; {@code content} may be {@code null}. */
  public static ChatMessage assistant(CharSequence content, JsonNode toolCalls) {
    return new ChatMessage("assistant", content, toolCalls, null, null);
  }

  /** A tool result answering call {@code toolCallId}. */
  public static ChatMessage tool(String toolCallId, CharSequence content) {
    return new ChatMessage("tool", content, null, toolCallId, null);
  }

  /** This message with another content, every other field kept. */
  public ChatMessage withContent(CharSequence text) {
    return new ChatMessage(role, text, toolCalls, toolCallId, name);
  }
}
