package dev.infermark.simulator;

import tools.jackson.core.io.JsonStringEncoder;

/**
 * Writes the server-sent events of one streamed response in OpenAI's exact shapes:
 * {@code chat.completion.chunk} deltas ({@code content} or {@code reasoning_content}) or
 * {@code text_completion} choices, the usage chunk and {@code data: [DONE]}.
 */
final class ChunkFormat {
  private static final JsonStringEncoder ENCODER = JsonStringEncoder.getInstance();

  private final boolean chat;
  private final String head;

  ChunkFormat(boolean chat, String id, long created, String model) {
    this.chat = chat;
    StringBuilder b = new StringBuilder(128);
    b.append("data: {\"id\":\"").append(id).append("\",\"object\":\"")
        .append(chat ? "chat.completion.chunk" : "text_completion").append("\",\"created\":").append(created)
        .append(",\"model\":\"");
    ENCODER.quoteAsString(model, b);
    b.append("\",\"choices\":");
    this.head = b.toString();
  }

  /** The chat stream's opening chunk: the assistant role with empty content. */
  void role(StringBuilder out) {
    out.append(head).append("[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"logprobs\":null,"
        + "\"finish_reason\":null}]}\n\n");
  }

  /** One token's chunk; {@code finishReason} only on the last. */
  void token(StringBuilder out, String text, boolean reasoning, String finishReason) {
    out.append(head).append("[{\"index\":0,");
    if (chat) {
      out.append("\"delta\":{\"").append(reasoning ? "reasoning_content" : "content").append("\":\"");
      ENCODER.quoteAsString(text, out);
      out.append("\"},\"logprobs\":null,\"finish_reason\":");
    } else {
      out.append("\"text\":\"");
      ENCODER.quoteAsString(text, out);
      out.append("\",\"logprobs\":null,\"finish_reason\":");
    }
    if (finishReason == null) {
      out.append("null");
    } else {
      out.append('"').append(finishReason).append('"');
    }
    out.append(chat ? "}]}\n\n" : ",\"stop_reason\":null}]}\n\n");
  }

  /** A chunk cut off in the middle of its JSON (the malformed-chunk fault). */
  void malformed(StringBuilder out) {
    out.append(head).append("[{\"index\":0,\"delta\":{\"content\":\"\n\n");
  }

  /** The usage chunk of {@code stream_options.include_usage}: empty choices, then usage. */
  void usage(StringBuilder out, int promptTokens, int completionTokens, int cachedTokens, int reasoningTokens) {
    out.append(head).append("[],\"usage\":");
    usageJson(out, promptTokens, completionTokens, cachedTokens, reasoningTokens);
    out.append("}\n\n");
  }

  static void usageJson(StringBuilder out, int promptTokens, int completionTokens, int cachedTokens, int reasoningTokens) {
    out.append("{\"prompt_tokens\":").append(promptTokens).append(",\"total_tokens\":")
        .append(promptTokens + completionTokens).append(",\"completion_tokens\":").append(completionTokens)
        .append(",\"prompt_tokens_details\":{\"cached_tokens\":").append(cachedTokens).append('}');
    if (reasoningTokens > 0) {
      out.append(",\"completion_tokens_details\":{\"reasoning_tokens\":").append(reasoningTokens).append('}');
    }
    out.append('}');
  }

  static void done(StringBuilder out) {
    out.append("data: [DONE]\n\n");
  }
}
