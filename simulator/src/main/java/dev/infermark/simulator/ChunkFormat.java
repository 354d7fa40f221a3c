package dev.infermark.simulator;

import java.nio.charset.StandardCharsets;

import tools.jackson.core.io.JsonStringEncoder;

/**
 * Writes the server-sent events of one streamed response in OpenAI's exact shapes:
 * {@code chat.completion.chunk} deltas ({@code content} or {@code reasoning_content}) or
 * {@code text_completion} choices, the usage chunk and {@code data: [DONE]}. Everything but the
 * token texts is fixed per response, so it is kept as UTF-8 bytes and copied into the chunk.
 */
final class ChunkFormat {
  private static final JsonStringEncoder ENCODER = JsonStringEncoder.getInstance();
  private static final byte[] ROLE = ascii("[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},"
      + "\"logprobs\":null,\"finish_reason\":null}]}\n\n");
  private static final byte[] CONTENT = ascii("[{\"index\":0,\"delta\":{\"content\":\"");
  private static final byte[] REASONING = ascii("[{\"index\":0,\"delta\":{\"reasoning_content\":\"");
  private static final byte[] TEXT = ascii("[{\"index\":0,\"text\":\"");
  private static final byte[] CHAT_FINISH = ascii("\"},\"logprobs\":null,\"finish_reason\":");
  private static final byte[] TEXT_FINISH = ascii("\",\"logprobs\":null,\"finish_reason\":");
  private static final byte[] CHAT_UNFINISHED = ascii("\"},\"logprobs\":null,\"finish_reason\":null}]}\n\n");
  private static final byte[] TEXT_UNFINISHED = ascii("\",\"logprobs\":null,\"finish_reason\":null,"
      + "\"stop_reason\":null}]}\n\n");
  private static final byte[] QUOTE = ascii("\"");
  private static final byte[] CHAT_END = ascii("}]}\n\n");
  private static final byte[] TEXT_END = ascii(",\"stop_reason\":null}]}\n\n");
  private static final byte[] MALFORMED = ascii("[{\"index\":0,\"delta\":{\"content\":\"\n\n");
  private static final byte[] USAGE = ascii("[],\"usage\":");
  private static final byte[] USAGE_END = ascii("}\n\n");
  private static final byte[] DONE = ascii("data: [DONE]\n\n");

  private final boolean chat;
  private final byte[] head;

  ChunkFormat(boolean chat, String id, long created, String model) {
    this.chat = chat;
    StringBuilder b = new StringBuilder(128);
    b.append("data: {\"id\":\"").append(id).append("\",\"object\":\"")
        .append(chat ? "chat.completion.chunk" : "text_completion").append("\",\"created\":").append(created)
        .append(",\"model\":\"");
    ENCODER.quoteAsString(model, b);
    b.append("\",\"choices\":");
    this.head = b.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The chat stream's opening chunk: the assistant role with empty content. */
  void role(ChunkBuffer out) {
    out.put(head);
    out.put(ROLE);
  }

  /** One token's chunk; {@code finishReason} only on the last. */
  void token(ChunkBuffer out, String text, boolean reasoning, String finishReason) {
    out.put(head);
    out.put(chat ? (reasoning ? REASONING : CONTENT) : TEXT);
    out.putJsonString(text);
    if (finishReason == null) {
      out.put(chat ? CHAT_UNFINISHED : TEXT_UNFINISHED);
    } else {
      out.put(chat ? CHAT_FINISH : TEXT_FINISH);
      out.put(QUOTE);
      out.putUtf8(finishReason);
      out.put(QUOTE);
      out.put(chat ? CHAT_END : TEXT_END);
    }
  }

  /** A chunk cut off in the middle of its JSON (the malformed-chunk fault). */
  void malformed(ChunkBuffer out) {
    out.put(head);
    out.put(MALFORMED);
  }

  /** The usage chunk of {@code stream_options.include_usage}: empty choices, then usage. */
  void usage(ChunkBuffer out, int promptTokens, int completionTokens, int cachedTokens, int reasoningTokens) {
    out.put(head);
    out.put(USAGE);
    StringBuilder u = new StringBuilder(160); // once per response
    usageJson(u, promptTokens, completionTokens, cachedTokens, reasoningTokens);
    out.putUtf8(u);
    out.put(USAGE_END);
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

  static void done(ChunkBuffer out) {
    out.put(DONE);
  }
}
