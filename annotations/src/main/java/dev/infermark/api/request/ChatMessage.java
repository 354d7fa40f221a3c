package dev.infermark.api.request;

import static dev.infermark.api.status.API.Status.STABLE;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import dev.infermark.api.status.API;

/**
 * One chat message. {@code content} is a {@link CharSequence} so that large prompts can be
 * assembled from shared pieces when the body is written, not stored whole per request.
 *
 * <p>The OpenAI tool-calling fields are optional and sent only when set: an assistant message's
 * {@code tool_calls} (JSON objects, written as given; {@code content} may then be {@code null}), a
 * {@code tool} message's {@code tool_call_id}, and {@code name}.
 *
 * @param role the role ({@code system}, {@code user}, {@code assistant}, {@code tool}, ...)
 * @param content the text, or {@code null} (sent as JSON {@code null})
 * @param toolCalls the assistant's tool calls, each an OpenAI tool call as a JSON object (a map of
 *     plain JSON values: strings, numbers, booleans, lists, maps), or {@code null}
 * @param toolCallId the call a {@code tool} message answers, or {@code null}
 * @param name the message's {@code name} (the tool's, for a tool result), or {@code null}
 */
@API(status = STABLE, since = "0.1")
public record ChatMessage(String role, CharSequence content, List<Map<String, Object>> toolCalls, String toolCallId,
    String name) {
  public ChatMessage {
    if (toolCalls != null) {
      // A private, unmodifiable copy: the message is shared between requests and threads.
      List<Map<String, Object>> copy = new ArrayList<>(toolCalls.size());
      for (int i = 0; i < toolCalls.size(); i++) {
        if (toolCalls.get(i) == null) {
          throw new IllegalArgumentException("tool_calls[" + i + "] must be a JSON object, got null");
        }
        copy.add(JsonValues.freezeObject(toolCalls.get(i), "tool_calls[" + i + "]"));
      }
      toolCalls = Collections.unmodifiableList(copy);
    }
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

  /**
   * An assistant message: an earlier answer in a conversation's history.
   *
   * @throws IllegalArgumentException for {@code null} content: a record's {@code text()} is {@code null} when its
   *     request did not keep the text ({@link RequestRecord#reply()} says so, and is the way to carry an answer)
   */
  public static ChatMessage assistant(CharSequence content) {
    if (content == null) {
      throw new IllegalArgumentException("an assistant message needs its text, got null (a RequestRecord's text() is "
          + "null when the request did not keep it: send it withKeepText(true), and carry the answer with "
          + "RequestRecord.reply())");
    }
    return new ChatMessage("assistant", content);
  }

  /** An assistant message that calls tools; {@code content} may be {@code null}. */
  public static ChatMessage assistant(CharSequence content, List<Map<String, Object>> toolCalls) {
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
