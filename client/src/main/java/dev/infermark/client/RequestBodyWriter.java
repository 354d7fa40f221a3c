package dev.infermark.client;

import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.infermark.api.request.ChatMessage;
import dev.infermark.api.request.InferenceRequest;
import dev.infermark.json.Json;
import dev.infermark.json.JsonText;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a request body in AIPerf's key order (agentx spec §5.1): {@code messages} (or
 * {@code prompt}), {@code model}, {@code stream}, {@code max_completion_tokens} (or
 * {@code max_tokens}), run-level extra inputs, per-request extra body (wins on conflicts, keeps
 * the run-level key's position), and {@code stream_options} last. A core key that also appears in
 * the extras takes the extra's value in its own position. Prompt text given as a
 * {@link CharSequence} view becomes one String per write ({@code toString}: bulk copies), or is copied
 * as the escaped bytes it keeps when it is a {@link JsonText}; messages
 * carry OpenAI's optional {@code tool_calls}, {@code tool_call_id} and {@code name} when set.
 */
final class RequestBodyWriter {
  private final boolean chat;
  private final boolean streaming;
  private final boolean legacyMaxTokens;
  private final boolean includeUsage;
  private final String defaultModel;
  private final ObjectNode extraInputs;

  RequestBodyWriter(boolean chat, boolean streaming, boolean legacyMaxTokens, boolean includeUsage, String defaultModel,
      ObjectNode extraInputs) {
    this.chat = chat;
    this.streaming = streaming;
    this.legacyMaxTokens = legacyMaxTokens;
    this.includeUsage = includeUsage;
    this.defaultModel = defaultModel;
    this.extraInputs = extraInputs;
  }

  /** Whether this request streams: the {@code stream} extra wins over the setting. */
  boolean streams(InferenceRequest r) {
    Object s = r.extraBody() == null ? null : r.extraBody().get("stream");
    if (s == null && extraInputs != null && extraInputs.get("stream") instanceof JsonNode n && n.isBoolean()) {
      s = n.booleanValue();
    }
    return s instanceof Boolean b ? b : streaming;
  }

  byte[] write(InferenceRequest r) {
    // Values are Jackson nodes (the run's extra inputs) or plain Java JSON values (a request's extra body).
    Map<String, Object> extras = new LinkedHashMap<>();
    if (extraInputs != null) {
      extraInputs.properties().forEach(e -> extras.put(e.getKey(), e.getValue()));
    }
    if (r.extraBody() != null) {
      extras.putAll(r.extraBody());
    }
    boolean stream = streams(r);
    ByteArrayOutputStream out = new ByteArrayOutputStream(estimate(r));
    try (JsonGenerator g = Json.MAPPER.createGenerator(out)) {
      g.writeStartObject();
      if (chat) {
        if (!core(g, extras, "messages")) {
          g.writeName("messages");
          g.writeStartArray();
          List<ChatMessage> messages = r.messages().isEmpty() && r.prompt() != null ? List.of(ChatMessage.user(r.prompt()))
              : r.messages();
          for (ChatMessage m : messages) {
            message(g, m);
          }
          g.writeEndArray();
        }
      } else if (!core(g, extras, "prompt")) {
        g.writeName("prompt");
        text(g, r.prompt() != null ? r.prompt() : joined(r.messages()));
      }
      String model = r.model() != null ? r.model() : defaultModel;
      if (!core(g, extras, "model") && model != null) {
        g.writeStringProperty("model", model);
      }
      if (!core(g, extras, "stream")) {
        g.writeBooleanProperty("stream", stream);
      }
      // The legacy completions API only knows max_tokens.
      String maxKey = legacyMaxTokens || !chat ? "max_tokens" : "max_completion_tokens";
      if (!core(g, extras, maxKey) && r.maxTokens() != null) {
        g.writeNumberProperty(maxKey, r.maxTokens());
      }
      boolean usageOption = stream && includeUsage && !extras.containsKey("stream_options");
      for (Map.Entry<String, Object> e : extras.entrySet()) {
        g.writeName(e.getKey());
        g.writePOJO(e.getValue());
      }
      if (usageOption) {
        g.writeName("stream_options");
        g.writeStartObject();
        g.writeBooleanProperty("include_usage", true);
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    return out.toByteArray();
  }

  /**
   * One message in OpenAI's form: {@code role}, {@code content} (null when absent), then the
   * optional {@code tool_calls}, {@code tool_call_id} and {@code name} when set.
   */
  private static void message(JsonGenerator g, ChatMessage m) {
    g.writeStartObject();
    g.writeStringProperty("role", m.role());
    g.writeName("content");
    text(g, m.content());
    if (m.toolCalls() != null) {
      g.writeName("tool_calls");
      g.writePOJO(m.toolCalls());
    }
    if (m.toolCallId() != null) {
      g.writeStringProperty("tool_call_id", m.toolCallId());
    }
    if (m.name() != null) {
      g.writeStringProperty("name", m.name());
    }
    g.writeEndObject();
  }

  /** Writes an extra's value in a core key's position; true when it did. */
  private static boolean core(JsonGenerator g, Map<String, Object> extras, String key) {
    if (!extras.containsKey(key)) {
      return false;
    }
    Object v = extras.remove(key);
    g.writeName(key);
    g.writePOJO(v);
    return true;
  }

  private static void text(JsonGenerator g, CharSequence cs) {
    if (cs == null) {
      g.writeNull();
    } else if (cs instanceof JsonText j) {
      // A prompt piece that recurs across requests keeps its escaped bytes: a copy, not an escape.
      byte[] b = j.jsonEscaped();
      g.writeRawUTF8String(b, 0, b.length);
    } else {
      // One bulk copy: a view such as a reconstructed prompt builds its String from whole ranges,
      // where reading it char by char (charAt) cost more than the rest of the request.
      g.writeString(cs.toString());
    }
  }

  private static CharSequence joined(List<ChatMessage> messages) {
    StringBuilder sb = new StringBuilder();
    for (ChatMessage m : messages) {
      if (m.content() == null) {
        continue;
      }
      if (!sb.isEmpty()) {
        sb.append('\n');
      }
      sb.append(m.content());
    }
    return sb;
  }

  private static int estimate(InferenceRequest r) {
    long n = 256 + (r.prompt() == null ? 0 : r.prompt().length());
    for (ChatMessage m : r.messages()) {
      n += 32 + (m.content() == null ? 0 : m.content().length()) + (m.toolCalls() == null ? 0 : 256L * m.toolCalls().size());
    }
    return (int) Math.min(n + n / 8, 64 << 20);
  }
}
